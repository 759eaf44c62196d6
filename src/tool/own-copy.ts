/**
 * A copy of `text` that keeps nothing else in memory. V8 makes a substring of 13 characters or
 * more (a regular expression's capture, a YAML scalar) a view into the whole string it was cut
 * from: one kept region name kept a 10 MB areas.yaml alive, one kept link its 70 kB page.
 */
export function ownCopy(text: string): string {
  if (text.length < 13) return text
  // Through UTF-8 and back is the fast copy; a lone surrogate (a YAML "\ud800" escape) would not
  // survive it, JSON does.
  return loneSurrogate.test(text) ? (JSON.parse(JSON.stringify(text)) as string) : Buffer.from(text, 'utf8').toString('utf8')
}

/** In a `u` expression a surrogate range matches only halves without their pair. */
const loneSurrogate = /[\ud800-\udfff]/u
