import { existsSync } from 'node:fs'
import path from 'node:path'
import { fail, SiteNotFound } from '../../errors/catalogue.js'
import { BuildFailure } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { formatConfigError } from '../../errors/format.js'
import { printable } from '../../errors/printable.js'
import { displayFile } from '../../tool/package.js'
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
  throw new BuildFailure([fail(SiteNotFound, { file: '.' }, displayFile(cwd, path.dirname(cwd)))])
}

/**
 * The site as messages name it: its path from the current folder, or, for the current folder
 * itself (which would show as `.`), the folder's own name: `✓ my-site is valid`.
 */
export function siteLabel(site: string, cwd = process.cwd()): string {
  const absolute = path.resolve(cwd, site)
  const shown = displayFile(absolute, cwd)
  return printable(shown && shown !== '.' ? shown : path.basename(absolute))
}

export function printWarnings(io: Io, warnings: readonly ConfigWarning[]): void {
  for (const w of warnings) io.err(`${formatConfigError(w, io).replace(/^(\S*)error\[/, '$1warning[')}\n\n`)
}
