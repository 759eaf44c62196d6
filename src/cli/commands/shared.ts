import { formatConfigError } from '../../errors/format.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { Io } from '../io.js'

/** The example site, so `citypress build` works from a fresh clone with no argument. */
export const defaultSite = 'sites/system4'

export function printWarnings(io: Io, warnings: readonly ConfigError[]): void {
  for (const w of warnings) io.err(formatConfigError(w, io).replace(/^(\S*)error\[/, '$1warning[') + '\n\n')
}
