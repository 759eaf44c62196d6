import { createHash } from 'node:crypto'
import { decodeHTMLAttribute } from 'entities/decode'
import { noItems } from '../tool/group.js'
import { ownCopy } from '../tool/own-copy.js'
import { leadsAnywhereAlike } from './href-kinds.js'
import { isLetter } from './tag-names.js'

/** What the checks need to know about one rendered page, small enough to keep for every page. */
export interface PageFacts {
  /** Every URL the page points at: link hrefs, sources, srcset candidates, form actions; but `sharedUrls`. */
  readonly urls: readonly string[]
  /**
   * The URLs of the shared header and footer that lead to the same place from any page
   * (href-kinds.ts `leadsAnywhereAlike`): one list, the same array, for every page that has the
   * same shared parts, so thousands of pages do not each keep them. None is in `urls` too.
   */
  readonly sharedUrls: readonly string[]
  /**
   * Every `id` on the page once, for `#fragment` checks: a list, not a set, since only a page a
   * fragment link points at is searched, and a set made for every page reused from the cache
   * would mostly go unused.
   */
  readonly ids: readonly string[]
  /** `'sha256-…'` of each inline script (JSON-LD excluded: data blocks never execute). */
  readonly scriptHashes: readonly string[]
  /** `'sha256-…'` of each `<style>` element. */
  readonly styleHashes: readonly string[]
  /** `'sha256-…'` of each `style="…"` attribute value. */
  readonly styleAttributeHashes: readonly string[]
  /** Per image the page shows: its widest AVIF candidate, else its `src`. */
  readonly images: readonly string[]
  /** Linked stylesheets and scripts (`/assets/site-….css`). */
  readonly stylesheets: readonly string[]
  readonly scripts: readonly string[]
  /** Origins of third-party images and frames, for the Content-Security-Policy. */
  readonly imageOrigins: readonly string[]
  readonly frameOrigins: readonly string[]
}

/**
 * Where the scan stops: an opening tag whose attributes the checks read (href, src, srcset,
 * action, rel, type), a closing `</picture>`, or an ` id="` or ` style="`, which any tag may
 * carry. Everything else (most of a page's 1,500-odd tags: div, span, li, svg paths, and the
 * text) is passed over inside the regular expression engine, not visited tag by tag here.
 */
const stops = /<(?:(a|area|link|form|img|source|picture|iframe|audio|video|embed|script|style)|\/(picture))(?![a-zA-Z0-9-])| (id|style)="/gi

/**
 * Every string kept in the facts goes through here. It is copied, because a regex capture is a
 * slice of the page's HTML and V8 keeps the whole page alive while a slice lives (kept for every
 * page, facts would hold all 10,000 pages' HTML, about 1 GB, until the build ends); and strings
 * seen on many pages (nav and footer links, ids) are kept once, not once per page.
 */
const interned = new Map<string, string>()
function detached(text: string): string {
  const known = interned.get(text)
  if (known !== undefined) return known
  const copy = narrowed(text)
  if (interned.size < 200_000) interned.set(copy, copy)
  return copy
}

/**
 * A copy one byte a character where it can be: every page holds a character past Latin-1 (a ›,
 * a …), so its HTML and each slice of it take two bytes a character, links and ids too.
 */
function narrowed(text: string): string {
  return ownCopy(text, true)
}

/** The facts while a page is scanned: sets where the facts hold each string once. */
interface Found {
  readonly urls: Set<string>
  readonly ids: Set<string>
  readonly scriptHashes: Set<string>
  readonly styleHashes: Set<string>
  readonly styleAttributeHashes: Set<string>
  readonly images: string[]
  readonly stylesheets: string[]
  readonly scripts: string[]
  readonly imageOrigins: Set<string>
  readonly frameOrigins: Set<string>
}

/**
 * Reads the facts out of a rendered page in one pass. The markup is React's renderToStaticMarkup
 * output, so attributes are always double-quoted and escaped the same way (no `"` inside a value,
 * no `<` or `>` inside a tag); the contents of `<style>` and `<script>` are skipped, not scanned.
 * About ten times faster than building a DOM, which matters at 10,000 pages.
 *
 * `shared` names markup the page holds word for word, in this order, that many pages hold (the
 * header and footer every page has, templates/shell/shared-parts.tsx): each is scanned once,
 * the first time it is seen, and its facts are taken from then on where the scan meets it,
 * between two elements. The facts are the same as a scan of the whole page's: a piece is used
 * only if it is whole in itself (starts a tag, ends one, closes what it opens), and where it is
 * not found as expected the page is scanned through it.
 *
 * `detach: false` copies each string but keeps none for later pages: for the render worker, whose
 * postMessage copies its facts whole at once (render-worker.ts), as wide as they are.
 */
export function collectPageFacts(
  html: string,
  { detach = true, shared = [] }: { detach?: boolean; shared?: readonly string[] } = {},
): PageFacts {
  const found = emptyFound()
  const pieces = shared.flatMap((text) => {
    const facts = pieceFacts(text)
    return facts ? [{ text, facts }] : []
  })
  // A page the scan ran off the end of keeps every link in `urls`.
  const merged = scan(html, detach ? detached : narrowed, found, pieces) || []
  const facts = factsOf(found)
  if (merged.length === 0) return facts
  // The shared parts' links that mean the same on every page, as one list per set of parts.
  const sharedUrls = sharedUrlsOf(merged)
  const urls = facts.urls.filter((url) => !sharedUrls.set.has(url))
  return { ...facts, urls, sharedUrls: sharedUrls.list }
}

/** The page-independent links of a set of pieces, by the pieces' facts (the same objects for the same pieces). */
const sharedUrlLists = new Map<readonly PageFacts[], { list: readonly string[]; set: ReadonlySet<string> }>()

function sharedUrlsOf(pieces: readonly PageFacts[]): { list: readonly string[]; set: ReadonlySet<string> } {
  for (const [known, urls] of sharedUrlLists) if (known.length === pieces.length && known.every((p, i) => p === pieces[i])) return urls
  const set = new Set(pieces.flatMap((piece) => piece.urls.filter(leadsAnywhereAlike)))
  const urls = { list: Object.freeze([...set]), set }
  if (sharedUrlLists.size >= piecesBound) sharedUrlLists.clear()
  sharedUrlLists.set(pieces, urls)
  return urls
}

/** The facts of shared pieces of markup, by their text; undefined for a piece that is not whole in itself. */
const piecesSeen = new Map<string, PageFacts | undefined>()
/** A build has a few shared pieces per language and header variant. */
const piecesBound = 256

function pieceFacts(text: string): PageFacts | undefined {
  if (piecesSeen.has(text)) return piecesSeen.get(text)
  let facts: PageFacts | undefined
  if (text.startsWith('<') && text.endsWith('>')) {
    const found = emptyFound()
    if (scan(text, detached, found, [])) facts = factsOf(found)
  }
  if (piecesSeen.size >= piecesBound) piecesSeen.clear()
  piecesSeen.set(text, facts)
  return facts
}

function factsOf(found: Found): PageFacts {
  return {
    urls: [...found.urls],
    sharedUrls: noItems,
    ids: [...found.ids],
    scriptHashes: [...found.scriptHashes],
    styleHashes: [...found.styleHashes],
    styleAttributeHashes: [...found.styleAttributeHashes],
    images: found.images,
    stylesheets: found.stylesheets,
    scripts: found.scripts,
    imageOrigins: [...found.imageOrigins],
    frameOrigins: [...found.frameOrigins],
  }
}

function emptyFound(): Found {
  return {
    urls: new Set(),
    ids: new Set(),
    scriptHashes: new Set(),
    styleHashes: new Set(),
    styleAttributeHashes: new Set(),
    images: [],
    stylesheets: [],
    scripts: [],
    imageOrigins: new Set(),
    frameOrigins: new Set(),
  }
}

/**
 * Scans `html` into `found`, taking each of `pieces` (in order) whole where the scan meets it.
 * Gives the facts of the pieces it took, or false when the scan ran off the end: inside a tag, a
 * script, a style, an attribute or a picture.
 */
function scan(
  html: string,
  keep: (text: string) => string,
  found: Found,
  pieces: readonly { readonly text: string; readonly facts: PageFacts }[],
): PageFacts[] | false {
  const { urls, ids, scriptHashes, styleHashes, styleAttributeHashes, images, stylesheets, scripts, imageOrigins, frameOrigins } = found
  let picture: { avif?: string; img?: string } | undefined
  const merged: PageFacts[] = []
  let piece = 0
  let pieceAt = pieces.length > 0 ? html.indexOf(pieces[0]!.text) : -1
  stops.lastIndex = 0
  for (;;) {
    const from = stops.lastIndex
    // A piece found inside what the scan has passed (a script's text, say) is looked for again after it.
    if (pieceAt !== -1 && pieceAt < from) pieceAt = html.indexOf(pieces[piece]!.text, from)
    const stop = stops.exec(html)
    if (pieceAt !== -1 && (stop === null || stop.index >= pieceAt) && picture === undefined) {
      mergeFacts(found, pieces[piece]!.facts)
      merged.push(pieces[piece]!.facts)
      stops.lastIndex = pieceAt + pieces[piece]!.text.length
      piece++
      pieceAt = piece < pieces.length ? html.indexOf(pieces[piece]!.text, stops.lastIndex) : -1
      continue
    }
    if (stop === null) return picture === undefined && merged
    const [, tag, closedPicture, attribute] = stop
    if (attribute !== undefined) {
      // An id or style attribute of a tag the checks do not otherwise read (those are parsed
      // whole below): lower case, and inside an opening tag, not in text.
      if (attribute !== 'id' && attribute !== 'style') continue
      const tagStart = html.lastIndexOf('<', stop.index)
      if (tagStart === -1 || html.lastIndexOf('>', stop.index) > tagStart || !isLetter(html.charCodeAt(tagStart + 1))) continue
      const valueStart = stop.index + stop[0].length
      const valueEnd = html.indexOf('"', valueStart)
      const value = decodeHTMLAttribute(html.slice(valueStart, valueEnd))
      if (attribute === 'id') ids.add(keep(value))
      else styleAttributeHashes.add(sha256(value))
      if (valueEnd === -1) return false
      continue
    }
    const nameEnd = stop.index + stop[0].length
    const end = html.indexOf('>', nameEnd)
    if (end === -1) return false
    stops.lastIndex = end + 1
    if (closedPicture !== undefined) {
      if (picture) {
        const shown = picture.avif ? srcsetUrls(picture.avif).at(-1) : picture.img
        if (shown) images.push(keep(shown))
        picture = undefined
      }
      continue
    }
    const name = tag!.toLowerCase()
    const attrs = parseAttributes(html.slice(nameEnd, end))
    if (attrs.id !== undefined) ids.add(keep(attrs.id))
    if (attrs.style !== undefined) styleAttributeHashes.add(sha256(attrs.style))
    if (name === 'style' || name === 'script') {
      const close = html.indexOf(`</${name}>`, end + 1)
      const text = html.slice(end + 1, close === -1 ? html.length : close)
      stops.lastIndex = close === -1 ? html.length : close
      if (name === 'style') styleHashes.add(sha256(text))
      else if (attrs.src !== undefined) {
        scripts.push(keep(attrs.src))
        urls.add(keep(attrs.src))
      } else if (attrs.type !== 'application/ld+json' && text.length > 0) scriptHashes.add(sha256(text))
      if (close === -1) return false
      continue
    }
    if (attrs.href !== undefined && (name === 'a' || name === 'area' || name === 'link')) {
      urls.add(keep(attrs.href))
      if (name === 'link' && attrs.rel === 'stylesheet') stylesheets.push(keep(attrs.href))
    }
    if (attrs.action !== undefined && name === 'form') urls.add(keep(attrs.action))
    const srcset = attrs.srcset ?? attrs.imagesrcset
    if (name === 'picture') picture = {}
    if (name === 'img' || name === 'source' || name === 'link') {
      for (const url of [...(attrs.src === undefined ? [] : [attrs.src]), ...(srcset ? srcsetUrls(srcset) : [])]) {
        urls.add(keep(url))
        if (name !== 'link' && isRemote(url)) imageOrigins.add(new URL(url).origin)
      }
      if (name === 'source' && attrs.type === 'image/avif' && picture) picture.avif = srcset
      if (name === 'img') {
        if (picture) picture.img = attrs.src
        else if (attrs.src) images.push(keep(attrs.src))
      }
    }
    if ((name === 'iframe' || name === 'audio' || name === 'video' || name === 'embed') && attrs.src !== undefined) {
      urls.add(keep(attrs.src))
      if (name === 'iframe' && isRemote(attrs.src)) frameOrigins.add(new URL(attrs.src).origin)
    }
  }
}

/** A shared piece's facts added where the piece stands, as a scan through it would add them. */
function mergeFacts(found: Found, facts: PageFacts): void {
  for (const name of ['urls', 'ids', 'scriptHashes', 'styleHashes', 'styleAttributeHashes', 'imageOrigins', 'frameOrigins'] as const)
    for (const text of facts[name]) found[name].add(text)
  found.images.push(...facts.images)
  found.stylesheets.push(...facts.stylesheets)
  found.scripts.push(...facts.scripts)
}

/** The last texts hashed, newest first. */
const recent: { readonly text: string; readonly hash: string }[] = []
/**
 * The CSP source expression of a text: `'sha256-<base64>'` of its UTF-8 bytes. Every page carries
 * the same inline stylesheet and scripts and mostly the same style attributes, so the last few
 * results are kept: comparing is cheaper than hashing (a string of another length at once).
 */
export function sha256(text: string): string {
  const known = recent.find((entry) => entry.text === text)
  if (known) return known.hash
  const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
  recent.unshift({ text, hash })
  if (recent.length > 8) recent.pop()
  return hash
}

/** What kind of inline code a hash in PageFacts stands for: `scriptHashes`, `styleHashes`, `styleAttributeHashes`. */
export type InlineKind = 'script' | 'style' | 'style attribute'

/**
 * The text of the inline code of `kind` in a page whose hash is `hash`, to quote in an error:
 * only for a page the checks found something unexpected on, so a plain regular expression
 * serves. Undefined if the page holds no such text.
 */
export function findInlineText(html: string, kind: InlineKind, hash: string): string | undefined {
  if (kind === 'style attribute') {
    for (const [, value] of html.matchAll(/<[a-zA-Z][^>]*?\sstyle="([^"]*)"/g))
      if (sha256(decodeHTMLAttribute(value!)) === hash) return decodeHTMLAttribute(value!)
    return undefined
  }
  for (const [, name, text] of html.matchAll(/<(script|style)(?![a-zA-Z0-9-])[^>]*>([\s\S]*?)<\/\1>/gi)) {
    if ((name!.toLowerCase() === 'script') === (kind === 'script') && sha256(text!) === hash) return text
  }
  return undefined
}

/** ` href="/a?x=1&amp;y" id="top"` → `{ href: '/a?x=1&y', id: 'top' }`, names lower-cased. */
function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  // Each `="` ends a name (the run of non-space characters before it) and starts a value.
  for (let at = text.indexOf('="'); at !== -1; at = text.indexOf('="', at)) {
    let start = at
    while (start > 0 && !isNameStop(text.charCodeAt(start - 1))) start--
    const close = text.indexOf('"', at + 2)
    if (close === -1) break
    if (start < at) attrs[text.slice(start, at).toLowerCase()] = decodeHTMLAttribute(text.slice(at + 2, close))
    at = close + 1
  }
  return attrs
}

/** What cannot be part of an attribute name: white space, `=`, quotes, `/`. */
function isNameStop(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 61 || code === 34 || code === 39 || code === 47
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0]!)
    .filter(Boolean)
}

function isRemote(url: string): boolean {
  return /^https?:\/\//.test(url)
}
