import { formatConfigError } from '../../errors/format.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import type { Io } from '../io.js'

/** The example site, so `citypress build` works from a fresh clone with no argument. */
export const defaultSite = 'sites/system4'

export function printWarnings(io: Io, warnings: readonly ConfigWarning[]): void {
  for (const w of warnings) io.err(formatConfigError(w, io).replace(/^(\S*)error\[/, '$1warning[') + '\n\n')
}
