import { isLetter, isNameChar } from '../src/html/tag-names.js'

/**
 * The one typographer of a site (site.yaml `typographer: true`): straight quotes become curly
 * ones ('it's' → ‘it’s’, "a" → “a”), `--`/`---` en and em dashes, `...` an ellipsis. It runs over
 * the text of the whole rendered page body, so a Markdown paragraph, a plain heading, a chip and a
 * form label that spell the same name show it the same way (issue 14, text policy). Markdown is
 * rendered without markdown-it's own typographer for the same reason.
 */

/** Elements whose text is code or data, never prose. */
const verbatim = new Set(['script', 'style', 'pre', 'code', 'textarea', 'kbd', 'samp'])
/** Inline elements: quotes may open in one and close after it (“<em>a</em>”). Others start afresh. */
const inline = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'em', 'i', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'svg', 'path', 'br', 'wbr'])

/**
 * Applies the typographer to every text node of an HTML fragment, leaving tags and attributes
 * alone. Most text nodes have nothing to typeset, so tags are found by hand (no match object per
 * tag) and the fragment is copied in long unchanged runs, not rebuilt tag by tag.
 */
export function typesetHtml(html: string): string {
  let out = ''
  // html up to here is in `out` or is unchanged text and tags still to be copied.
  let copied = 0
  let previous = ' '
  let skipping = 0
  // Where the text node after the last tag starts.
  let at = 0
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', open + 1)) {
    const closing = html.charCodeAt(open + 1) === 47 // '/'
    const nameStart = closing ? open + 2 : open + 1
    if (!isLetter(html.charCodeAt(nameStart))) continue
    let nameEnd = nameStart + 1
    while (isNameChar(html.charCodeAt(nameEnd))) nameEnd++
    const end = html.indexOf('>', nameEnd)
    // No tag from here on: the rest is text.
    if (end === -1) break
    if (skipping <= 0 && open > at) {
      const text = html.slice(at, open)
      const typeset = typesetText(decodeQuotes(text), previous)
      if (typeset !== text) {
        out += html.slice(copied, at) + typeset
        copied = open
      }
      previous = typeset.at(-1) ?? previous
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase()
    if (verbatim.has(name) && html.charCodeAt(end - 1) !== 47) skipping += closing ? -1 : 1
    if (!inline.has(name)) previous = ' '
    at = end + 1
    open = end
  }
  if (skipping <= 0 && at < html.length) {
    const text = html.slice(at)
    const typeset = typesetText(decodeQuotes(text), previous)
    if (typeset !== text) {
      out += html.slice(copied, at) + typeset
      copied = html.length
    }
  }
  return copied === 0 ? html : out + html.slice(copied)
}

/**
 * Typesets plain text. `before` is the character just before it (the end of the previous text
 * node of the same paragraph), which decides whether a quote opens or closes.
 */
export function typesetText(text: string, before = ' '): string {
  // Most text nodes have nothing to change: they are returned as they are, not copied a character
  // at a time, which over every text node of every page was most of the typographer's time.
  if (!hasTypography.test(text)) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const prev = i === 0 ? before : out.at(-1)!
    // At the end of a text node the next character is in the next node (after a tag): unknown.
    const next = text[i + 1] ?? ''
    // Before a digit it is an elision ('90s), never an opening quote.
    if (c === "'") out += opensHere(prev) && !/\d/.test(next) && (isWordChar(next) || next === '"') ? '‘' : '’'
    else if (c === '"') out += opensHere(prev) && !/\s/.test(next) ? '“' : '”'
    else out += c
  }
  return out
    .replace(/(^|[^-])---(?=[^-]|$)/gm, '$1—')
    .replace(/(^|[^-])--(?=[^-]|$)/gm, '$1–')
    .replace(/\.\.\.(?!\.)/g, '…')
}

/** What typesetText changes: a quote, two or three hyphens, three dots. */
const hasTypography = /['"]|--|\.\.\./

/** A quote after white space, an opening bracket or a dash opens; after anything else it closes. */
function opensHere(prev: string): boolean {
  return /[\s([{\u2014\u2013\-‘“]/.test(prev)
}

function isWordChar(c: string): boolean {
  return /[\p{L}\p{N}]/u.test(c)
}

/** React writes ' and " in text as entities; the typographer reads them as the characters. */
function decodeQuotes(text: string): string {
  return text.includes('&') ? text.replace(/&#x27;|&#39;|&quot;/g, (e) => (e === '&quot;' ? '"' : "'")) : text
}
