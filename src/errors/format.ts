import { styleText } from 'node:util'
import type { ConfigError, SourcePosition } from './config-error.js'
import type { ConfigWarning } from './config-warning.js'
import { printable } from './printable.js'

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
 *
 * and each of its notes (a second place it names) under its frame, as esbuild and rustc do:
 *
 *   note: The other page at /contact comes from here.
 *     --> sites/acme/pages/again.yaml:1:7
 *     ...
 */
export function formatConfigError(error: ConfigError | ConfigWarning, { color }: FormatOptions): string {
  const paint = (format: Parameters<typeof styleText>[0], text: string) => (color ? styleText(format, text) : text)
  // Messages quote site values and the frame shows a site line: no control reaches the terminal.
  const out = [`${paint(['bold', 'red'], `error[${error.code}]`)}: ${printable(error.message)}`, ...frame(error, paint)]
  for (const note of error.notes ?? []) out.push(`${paint('bold', 'note')}: ${printable(note.message)}`, ...frame(note, paint))
  if (error.hint) out.push(`${paint('yellow', 'hint')}: ${printable(error.hint)}`)
  return out.join('\n')
}

/** The `-->` line of a place, then its source line with the place underlined when it is known. */
function frame(place: SourcePosition, paint: (format: Parameters<typeof styleText>[0], text: string) => string): string[] {
  const where = place.line ? `${place.file}:${place.line}:${place.column ?? 1}` : place.file
  const out = [`  --> ${paint('cyan', printable(where))}`]
  if (place.line && place.lineText !== undefined) {
    const gutter = ' '.repeat(String(place.line).length)
    // Tabs would shift the caret; YAML forbids them in indentation but allows them in values.
    const { text, column, length } = frameWindow(printable(place.lineText.replaceAll('\t', ' ')), place.column ?? 1, place.length ?? 1)
    const caret = ' '.repeat(column - 1) + '^'.repeat(Math.max(1, length))
    out.push(`${gutter} |`, `${place.line} | ${text}`, `${gutter} | ${paint('red', caret)}`)
  }
  return out
}

/** Widest source line a frame shows whole; a longer one is cut around the column, with … marks. */
const frameWidth = 120

function frameWindow(line: string, column: number, length: number): { text: string; column: number; length: number } {
  if (line.length <= frameWidth) return { text: line, column, length }
  const start = Math.max(0, Math.min(column - 1 - frameWidth / 4, line.length - frameWidth))
  const end = start + frameWidth
  const lead = start > 0 ? '…' : ''
  const text = `${lead}${line.slice(start, end)}${end < line.length ? '…' : ''}`
  const at = column - start + lead.length
  return { text, column: at, length: Math.min(length, end - (column - 1)) }
}

/** All errors of a failed build (or of what `what` names: "Validation"), then a one-line count. */
export function formatBuildFailure(errors: readonly ConfigError[], options: FormatOptions, what = 'Build'): string {
  const body = errors.map((e) => formatConfigError(e, options)).join('\n\n')
  return `${body}\n\n${what} failed with ${errors.length} error${errors.length === 1 ? '' : 's'}.\n`
}
