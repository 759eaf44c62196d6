import { isLetter, isNameChar } from './tag-names.js'

/** How mapTextNodes walks a page. */
export interface TextNodeWalk {
  /**
   * Lower-case names of elements whose content is not text to rewrite (code, data, text-only
   * elements): their text is copied unchanged, nested ones counted. A self-closing one (`<svg/>`)
   * has no content.
   */
  readonly skip: ReadonlySet<string>
  /** Called for every tag, opening or closing, skipped content included, after the text before it: its lower-case name. */
  readonly onTag?: (name: string) => void
}

/**
 * Rewrites every text node of rendered HTML (React's markup: no `>` inside a tag) and leaves tags
 * and attributes alone. `rewrite` gets each non-empty run of text between tags, in order, as it
 * stands in the page (entities not decoded), and returns it unchanged or its replacement. Tags
 * are found by hand (no match object per tag), and the page is copied in long unchanged runs,
 * not rebuilt tag by tag: most text nodes change nothing, and this runs over every page.
 * A `<` that starts no tag name is text; after the last tag the rest of the page is text.
 */
export function mapTextNodes(html: string, walk: TextNodeWalk, rewrite: (text: string) => string): string {
  const { skip, onTag } = walk
  let out = ''
  // html up to here is in `out` or is unchanged text and tags still to be copied.
  let copied = 0
  let skipping = 0
  // Where the text node after the last tag starts.
  let at = 0
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', open + 1)) {
    const isClosing = html.charCodeAt(open + 1) === 47 // '/'
    const nameStart = isClosing ? open + 2 : open + 1
    if (!isLetter(html.charCodeAt(nameStart))) continue
    let nameEnd = nameStart + 1
    while (isNameChar(html.charCodeAt(nameEnd))) nameEnd++
    const end = html.indexOf('>', nameEnd)
    // No tag from here on: the rest is text.
    if (end === -1) break
    if (skipping <= 0 && open > at) {
      const text = html.slice(at, open)
      const rewritten = rewrite(text)
      if (rewritten !== text) {
        out += html.slice(copied, at) + rewritten
        copied = open
      }
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase()
    if (skip.has(name) && html.charCodeAt(end - 1) !== 47) skipping += isClosing ? -1 : 1
    onTag?.(name)
    at = end + 1
    open = end
  }
  if (skipping <= 0 && at < html.length) {
    const text = html.slice(at)
    const rewritten = rewrite(text)
    if (rewritten !== text) {
      out += html.slice(copied, at) + rewritten
      copied = html.length
    }
  }
  return copied === 0 ? html : out + html.slice(copied)
}
