import { existsSync } from 'node:fs'
import path from 'node:path'
import { BuildFailure, ConfigError } from '../../errors/config-error.js'
import { formatConfigError } from '../../errors/format.js'
import { displayFile } from '../../paths.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import type { Io } from '../io.js'

/** Help text of every command's site argument. */
export const siteArgument = 'the site folder (default: the current folder, when it holds site.yaml)'

/**
 * The site folder a command works on: the one given, else the current folder when it holds a
 * site.yaml (as `git` finds its repository, a site's own scripts need no argument). Otherwise
 * the error says what a site folder is and how to get one.
 */
export function siteFolder(given: string | undefined, cwd = process.cwd()): string {
  if (given !== undefined) return given
  if (existsSync(path.join(cwd, 'site.yaml'))) return '.'
  throw new BuildFailure([new ConfigError({
    code: 'site-not-found',
    message: `This folder (${displayFile(cwd, path.dirname(cwd))}) has no site.yaml, so there is no site to work on here.`,
    hint: 'A site folder holds site.yaml and the other files of one website (pages/, services/, forms.yaml). '
      + 'Run citypress inside one, pass its path (`citypress build path/to/site`), or make one with `citypress new my-site`.',
    file: '.',
  })])
}

export function printWarnings(io: Io, warnings: readonly ConfigWarning[]): void {
  for (const w of warnings) io.err(formatConfigError(w, io).replace(/^(\S*)error\[/, '$1warning[') + '\n\n')
}
