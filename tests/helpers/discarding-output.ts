import type { OutputWriter } from '../../src/types.js'

/** An output that keeps nothing: for tests of what watches the pages on their way to it. */
export const discardingOutput = {
  count: 0,
  write: async () => {},
  link: async () => {},
  commit: async () => undefined,
  abort: async () => {},
} as unknown as OutputWriter
