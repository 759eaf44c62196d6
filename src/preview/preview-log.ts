import { styleText } from 'node:util'
import type { BuildResult } from '../build/index.js'
import { hiddenPagesText } from '../build/summary.js'
import { BuildFailure } from '../errors/config-error.js'
import { formatBuildFailure, formatConfigError } from '../errors/format.js'
import { sourceStack } from '../errors/source-stack.js'
import { paragraphsToWrite } from '../plan/landing-quality.js'
import { displayFile } from '../tool/package.js'
import type { BuildOutcome } from './build-session.js'

/** Where preview prints; structurally the CLI's Io, so the CLI passes its own. */
export interface PreviewLog {
  out(text: string): void
  err(text: string): void
  readonly color: boolean
}

/**
 * Prints one rebuild the way the build command prints a build: a short line when it worked,
 * the full errors (the same text the browser shows) when it did not, warnings once.
 */
export function logRebuild(log: PreviewLog, outcome: BuildOutcome, tabs: number): void {
  const paint = (format: Parameters<typeof styleText>[0], text: string) => (log.color ? styleText(format, text) : text)
  const { state, previous } = outcome
  const ms = `${Math.round(outcome.ms)} ms`
  const told = tabs === 0 ? '' : `, reloaded ${tabs} tab${tabs === 1 ? '' : 's'}`
  const cause = describeTrigger(outcome.trigger)
  if (state.kind === 'ok') {
    const warnings = state.build.result.warnings
    const before = previous.kind === 'ok' ? previous.build.result.warnings : []
    const text = (list: typeof warnings) => list.map((w) => formatConfigError(w, log).replace(/^(\S*)error\[/, '$1warning[')).join('\n\n')
    if (warnings.length > 0 && text(warnings) !== text(before)) log.err(`${text(warnings)}\n\n`)
    // Which towns' pages search engines do not see yet, each time that changes: the marketer
    // writing a paragraph in the editor sees here when it is long enough.
    const hidden = hiddenPages(state.build.result)
    if (hidden !== (previous.kind === 'ok' ? hiddenPages(previous.build.result) : ''))
      log.out(hidden || `${paint('green', '✓')} every landing page is visible to search engines\n`)
    const mark = previous.kind === 'failed' ? paint('green', '✓ fixed:') : paint('green', '↻')
    const { result } = state.build
    const first = outcome.firstMs === undefined ? '' : ` (open tabs served after ${Math.round(outcome.firstMs)} ms)`
    log.out(`${mark} ${cause} → rendered ${result.pages.rendered} of ${result.routes.length} pages in ${ms}${first}${told}\n`)
    return
  }
  if (state.kind !== 'failed') return
  if (state.error instanceof BuildFailure) log.err(`${cause}:\n${formatBuildFailure(state.error.errors, log)}`)
  else log.err(`${cause}: internal error (a bug in citypress, not in your site):\n${sourceStack(state.error)}\n`)
  log.err(`${paint('yellow', 'Waiting for a fix')}: the browser shows this report${told}; the server keeps running.\n`)
}

/** After the first build: the towns whose pages search engines do not see yet, if any. */
export function logHiddenPages(log: PreviewLog, result: BuildResult): void {
  const hidden = hiddenPages(result)
  if (hidden) log.out(`Local paragraphs to write (areas.yaml places.<area>.local):\n${hidden}`)
}

/** The areas whose pages wait for their local paragraph, one line each; '' when none does. */
function hiddenPages(result: BuildResult): string {
  const { pages, settings } = result.landing.quality
  return paragraphsToWrite(pages, settings.minLocalWords)
    .map((area) => `  ${hiddenPagesText(area, settings.minLocalWords)}\n`)
    .join('')
}

/** `sites/acme/site.yaml changed`, or `3 files changed (site.yaml, …)`. */
function describeTrigger(paths: readonly string[]): string {
  if (paths.length === 0) return 'first build'
  const names = paths.map((p) => displayFile(p))
  if (names.length === 1) return `${names[0]} changed`
  return `${names.length} files changed (${names.slice(0, 2).join(', ')}${names.length > 2 ? ', …' : ''})`
}
