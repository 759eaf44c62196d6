/**
 * A copy of `text` that keeps nothing else in memory. V8 makes a substring of 13 characters or
 * more (a regular expression's capture, a YAML scalar) a view into the whole string it was cut
 * from: one kept region name kept a 10 MB areas.yaml alive, one kept link its 70 kB page.
 *
 * The copy takes one byte a character where every character is Latin-1. A shorter substring is a
 * copy already, but as wide as the string it was cut from: in a file with one character past
 * Latin-1 (a dash – in a place's text), every name and key is two bytes a character, and so is
 * every address and path made from it. `wide` copies those too.
 */
export function ownCopy(text: string, wide = false): string {
  if (text.length < 13 && !wide) return text
  // Through JSON and back is the fastest copy (0.25 µs for 40 characters, UTF-8's 0.36), a lone
  // surrogate (a YAML "\ud800" escape) survives it, and V8's parser makes the narrowest string.
  return JSON.parse(JSON.stringify(text)) as string
}

/** Whether strings cut from `text` are two bytes a character (ownCopy's `wide`). */
export function isWide(text: string): boolean {
  return pastLatin1.test(text)
}

const pastLatin1 = /[^\u0000-\u00ff]/
