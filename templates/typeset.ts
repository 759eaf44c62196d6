import { mapTextNodes } from '../src/html/text-nodes.js'

/**
 * The one typographer of a site (site.yaml `typographer: true`): straight quotes become curly
 * ones ('it's' → ‘it’s’, "a" → “a”), `--`/`---` en and em dashes, `...` an ellipsis. It runs over
 * the text of the whole rendered page body, so a Markdown paragraph, a plain heading, a chip and a
 * form label that spell the same name show it the same way. Markdown is
 * rendered without markdown-it's own typographer for the same reason.
 */

/** Elements whose text is code or data, never prose. */
const verbatim = new Set(['script', 'style', 'pre', 'code', 'textarea', 'kbd', 'samp'])
/** Inline elements: quotes may open in one and close after it (“<em>a</em>”). Others start afresh. */
const inline = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'cite',
  'em',
  'i',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'svg',
  'path',
  'br',
  'wbr',
])

/** Applies the typographer to every text node of an HTML fragment, leaving tags and attributes alone. */
export function typesetHtml(html: string): string {
  // The character before the next text node: a quote after it opens or closes.
  let previous = ' '
  return mapTextNodes(
    html,
    {
      skip: verbatim,
      onTag: (name) => {
        if (!inline.has(name)) previous = ' '
      },
    },
    (text) => {
      const typeset = typesetText(decodeQuotes(text), previous)
      previous = typeset.at(-1) ?? previous
      return typeset
    },
  )
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
