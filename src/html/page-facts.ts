import { createHash } from 'node:crypto'

/** What the checks need to know about one rendered page, small enough to keep for every page. */
export interface PageFacts {
  /** Every URL the page points at: link hrefs, sources, srcset candidates, form actions. */
  readonly urls: readonly string[]
  /** Every `id` on the page, for `#fragment` checks. */
  readonly ids: ReadonlySet<string>
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

/** Tags whose other attributes (href, src, srcset, action, rel, type) the checks read. */
const interesting = new Set(['a', 'area', 'link', 'form', 'img', 'source', 'picture', 'iframe', 'audio', 'video', 'embed', 'script', 'style'])
/** Their lengths and lower-case first letters, `length * 128 + code`: most tags are told apart without cutting out their name. */
const interestingShapes = new Set([...interesting].map((name) => name.length * 128 + name.charCodeAt(0)))

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
  const copy = text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8')
  if (interned.size < 200_000) interned.set(copy, copy)
  return copy
}

/**
 * Reads the facts out of a rendered page in one pass over its tags. The markup is React's
 * renderToStaticMarkup output, so attributes are always double-quoted and escaped the same way
 * (no `>` inside a tag); the contents of `<style>` and `<script>` are skipped, not scanned. About
 * ten times faster than building a DOM, which matters at 10,000 pages.
 *
 * `detach: false` leaves the strings as slices of the page: for the render worker, whose facts
 * are copied to the main thread anyway (render-worker.ts).
 */
export function collectPageFacts(html: string, { detach = true }: { detach?: boolean } = {}): PageFacts {
  const keep = detach ? detached : (text: string) => text
  const urls = new Set<string>()
  const ids = new Set<string>()
  const scriptHashes = new Set<string>()
  const styleHashes = new Set<string>()
  const styleAttributeHashes = new Set<string>()
  const images: string[] = []
  const stylesheets: string[] = []
  const scripts: string[] = []
  const imageOrigins = new Set<string>()
  const frameOrigins = new Set<string>()
  let picture: { avif?: string; img?: string } | undefined
  // Where the next ` id="` and ` style="` are (0: not looked for yet, -1: none left).
  let nextId = 0
  let nextStyle = 0

  // Tags are found by hand, not by a global regex: at 10,000 pages of 1,500 tags the regex's
  // match arrays and captures were most of the scan's time, and closing tags need no strings.
  for (let pos = html.indexOf('<'); pos !== -1; pos = html.indexOf('<', pos)) {
    const open = pos
    const closing = html.charCodeAt(open + 1) === 47 // '/'
    const nameStart = closing ? open + 2 : open + 1
    if (!isLetter(html.charCodeAt(nameStart))) {
      pos = open + 1
      continue
    }
    let nameEnd = nameStart + 1
    while (isNameChar(html.charCodeAt(nameEnd))) nameEnd++
    const end = html.indexOf('>', nameEnd)
    if (end === -1) break
    pos = end + 1
    if (closing) {
      if (nameEnd - nameStart === 7 && html.slice(nameStart, nameEnd).toLowerCase() === 'picture' && picture) {
        const shown = picture.avif ? srcsetUrls(picture.avif).at(-1) : picture.img
        if (shown) images.push(keep(shown))
        picture = undefined
      }
      continue
    }
    const shape = (nameEnd - nameStart) * 128 + (html.charCodeAt(nameStart) | 0x20)
    const name = interestingShapes.has(shape) ? html.slice(nameStart, nameEnd).toLowerCase() : ''
    if (!interesting.has(name)) {
      // Most tags (div, span, li, svg paths…) matter only for their id and style, which few
      // have: the next of each in the page is looked up once and waited for, not searched per tag.
      if (nextId < nameEnd && nextId !== -1) nextId = html.indexOf(' id="', nameEnd)
      if (nextId !== -1 && nextId < end) ids.add(keep(decode(html.slice(nextId + 5, html.indexOf('"', nextId + 5)))))
      if (nextStyle < nameEnd && nextStyle !== -1) nextStyle = html.indexOf(' style="', nameEnd)
      if (nextStyle !== -1 && nextStyle < end) styleAttributeHashes.add(sha256(decode(html.slice(nextStyle + 8, html.indexOf('"', nextStyle + 8)))))
      continue
    }
    const attrs = parseAttributes(html.slice(nameEnd, end))
    if (attrs.id !== undefined) ids.add(keep(attrs.id))
    if (attrs.style !== undefined) styleAttributeHashes.add(sha256(attrs.style))
    if (name === 'style' || name === 'script') {
      const close = html.indexOf(`</${name}>`, pos)
      const text = html.slice(pos, close === -1 ? html.length : close)
      pos = close === -1 ? html.length : close
      if (name === 'style') styleHashes.add(sha256(text))
      else if (attrs.src !== undefined) {
        scripts.push(keep(attrs.src))
        urls.add(keep(attrs.src))
      } else if (attrs.type !== 'application/ld+json' && text.length > 0) scriptHashes.add(sha256(text))
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
  return {
    urls: [...urls], ids, scriptHashes: [...scriptHashes], styleHashes: [...styleHashes],
    styleAttributeHashes: [...styleAttributeHashes], images, stylesheets, scripts,
    imageOrigins: [...imageOrigins], frameOrigins: [...frameOrigins],
  }
}

let last = { text: '', hash: '' }
/**
 * The CSP source expression of a text: `'sha256-<base64>'` of its UTF-8 bytes. Every page carries
 * the same inline stylesheet, so the last result is kept: comparing is cheaper than hashing.
 */
export function sha256(text: string): string {
  if (text !== last.text) last = { text, hash: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` }
  return last.hash
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
    if (start < at) attrs[text.slice(start, at).toLowerCase()] = decode(text.slice(at + 2, close))
    at = close + 1
  }
  return attrs
}

/** What cannot be part of an attribute name: white space, `=`, quotes, `/`. */
function isNameStop(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 61 || code === 34 || code === 39 || code === 47
}

/** [a-zA-Z] */
function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
}

/** [a-zA-Z0-9-] */
function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45
}

function srcsetUrls(srcset: string): string[] {
  return srcset.split(',').map((c) => c.trim().split(/\s+/)[0]!).filter(Boolean)
}

function isRemote(url: string): boolean {
  return /^https?:\/\//.test(url)
}

function decode(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e]!)
}
