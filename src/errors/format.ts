import { styleText } from 'node:util'
import type { ConfigError } from './config-error.js'
import type { ConfigWarning } from './config-warning.js'

export interface FormatOptions {
  /** Callers decide: the CLI passes its TTY/NO_COLOR check, the browser overlay passes false. */
  color: boolean
}

/**
 * Renders one error like this:
 *
 *   error[unknown-key]: Unknown key "heroo" in sections[0].
 *     --> sites/acme/pages/home.yaml:14:5
 *      |
 *   14 |     heroo:
 *      |     ^^^^^
 *   hint: Did you mean "hero"?
 */
export function formatConfigError(error: ConfigError | ConfigWarning, { color }: FormatOptions): string {
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    color ? styleText(format, text) : text
  const out = [`${paint(['bold', 'red'], `error[${error.code}]`)}: ${error.message}`]
  const where = error.line ? `${error.file}:${error.line}:${error.column ?? 1}` : error.file
  out.push(`  --> ${paint('cyan', where)}`)
  if (error.line && error.lineText !== undefined) {
    const gutter = ' '.repeat(String(error.line).length)
    // Tabs would shift the caret; YAML forbids them in indentation but allows them in values.
    const text = error.lineText.replaceAll('\t', ' ')
    const caret = ' '.repeat((error.column ?? 1) - 1) + '^'.repeat(Math.max(1, error.length ?? 1))
    out.push(`${gutter} |`, `${error.line} | ${text}`, `${gutter} | ${paint('red', caret)}`)
  }
  if (error.hint) out.push(`${paint('yellow', 'hint')}: ${error.hint}`)
  return out.join('\n')
}

/** All errors of a failed build (or of what `what` names: "Validation"), then a one-line count. */
export function formatBuildFailure(errors: readonly ConfigError[], options: FormatOptions, what = 'Build'): string {
  const body = errors.map((e) => formatConfigError(e, options)).join('\n\n')
  return `${body}\n\n${what} failed with ${errors.length} error${errors.length === 1 ? '' : 's'}.\n`
}
