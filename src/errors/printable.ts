/**
 * Text from a site file, a request or a thrown error can hold terminal controls: ESC starts a
 * sequence that recolours, moves the cursor, rewrites the window title or clears the screen; BEL
 * rings; CR overwrites the line; C1 0x9B is an 8-bit CSI; bidirectional overrides reorder what is
 * shown ("Trojan Source", CVE-2021-42574). Tab and newline stay: messages and hints use them.
 */
const c0Controls = '\\u0000-\\u0008\\u000b-\\u001f'
/** The controls above C0: DEL, C1, and the bidirectional embeddings, overrides and isolates. */
const laterControls = '\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069'
const controls = new RegExp(`[${c0Controls}${laterControls}]`, 'g')

/**
 * `text` safe to print: each control becomes one visible stand-in of one UTF-16 unit, so a code
 * frame's caret still lines up: C0 its Unicode control picture (ESC → ␛, BEL → ␇), DEL ␡, and
 * the rest U+FFFD.
 */
export function printable(text: string): string {
  return text.replace(controls, (c) => {
    const code = c.charCodeAt(0)
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd'
  })
}

const spaceOrControls = new RegExp(`[\\s${c0Controls}${laterControls}]+`, 'g')

/**
 * `text` as one line to quote in a message: each run of white space and controls (tab and
 * newline too) becomes one space, and none is left at either end.
 */
export function printableLine(text: string): string {
  return text.replace(spaceOrControls, ' ').trim()
}

/** Controls JSON.stringify leaves raw (it escapes only C0, U+0000–U+001F). */
const rawInJson = new RegExp(`[${laterControls}]`, 'g')

/**
 * One JSON line whose text is kept exactly (JSON.parse gives the value back) while no control
 * reaches the terminal raw: every one is written as a \u escape.
 */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(rawInJson, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`
}
