import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { fail, type SitemapRefusal, SitemapRefused, UnreadableSitemap } from '../../errors/catalogue.js'
import { BuildFailure, type Origin } from '../../errors/config-error.js'
import { checkUrlPath, isLoopback, isWebAddress } from '../checks/check-url.js'
import { isInside, siteFileTarget } from '../read/inside-site.js'
import type { PublishedPage, PublishedRecord } from './published-urls.js'

export interface ReadSitemapOptions {
  readonly siteRoot: string
  /**
   * Where the source was given, for its problems: site.yaml's `published` value, or `--published`.
   * @default { file: 'site.yaml', path: 'published' }
   */
  readonly at?: Origin
  /**
   * The operator named it (`--published`, build()'s `published`), not the site: a file may be
   * anywhere and reached through links. site.yaml's may only be a file inside the site folder.
   * @default false
   */
  readonly isOperatorChoice?: boolean
  /** @default sitemapLimits */
  readonly limits?: SitemapLimits
}

export interface MergeSitemapOptions extends ReadSitemapOptions {
  /** site.yaml `published` or `--published`: the live sitemap's URL, or a file relative to the site. */
  readonly source?: string
  /** The site's languages, the default first: where each one's landing pages are, and its services. */
  readonly languages: readonly PublishedLanguage[]
}

/** What names a language's landing pages: `${segment}/lp/{city}-{address}`. */
export interface PublishedLanguage {
  /** `/es`; "" for the default language. */
  readonly segment: string
  /** `slug`: the service's own (its file's name); `address`: the slug its addresses use in this language. */
  readonly services: readonly { readonly slug: string; readonly address: string; readonly title: string }[]
}

/**
 * Published URLs without committing: a site whose CI publishes never commits the
 * published-urls.json its builds update, so its record stays empty and renamed landing pages get
 * no 301. The live site's sitemap.xml says what is published; its landing-page addresses are
 * merged into the record (site.yaml `published`, or `citypress build --published`), so the
 * redirects are planned from what visitors and search engines actually know.
 *
 * A sitemap gives only addresses, so an entry made from one knows its service (the longest
 * service slug that ends the address, in the language its segment names) and its city slug, not its state or coordinates: a moved
 * page goes to the service's page rather than the nearest city. Entries already in the record
 * keep what the record knows. Addresses that are not landing pages are left out: the record
 * plans redirects for landing pages only.
 */
export async function mergePublishedSitemap(record: PublishedRecord, options: MergeSitemapOptions): Promise<PublishedRecord> {
  const { source } = options
  if (!source) return record
  const urls = await readSitemapUrls(source, options)
  // Longest segment first, so `/es-mx/lp/…` is not read as the default language's; services by
  // the longest address first, so `roof-repair` is not read as `repair` of the town "…-roof".
  const languages = [...options.languages]
    .sort((a, b) => b.segment.length - a.segment.length)
    .map((l) => ({ ...l, services: [...l.services].sort((a, b) => b.address.length - a.address.length) }))
  const added: Record<string, PublishedPage> = {}
  for (const url of urls) {
    if (record.pages[url]) continue
    const language = languages.find((l) => url.startsWith(`${l.segment}/lp/`))
    const match = language && /^([a-z0-9-]+)$/.exec(url.slice(`${language.segment}/lp/`.length))
    if (!match) continue
    const service = language.services.find((s) => match[1]!.endsWith(`-${s.address}`))
    if (!service) continue
    const city = match[1]!.slice(0, -service.address.length - 1)
    added[url] = {
      area: city
        .split('-')
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(' '),
      service: service.slug,
      serviceTitle: service.title,
    }
  }
  if (Object.keys(added).length === 0) return record
  const merged = { ...record.pages, ...added }
  return {
    pages: Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((url) => [url, merged[url]!]),
    ),
  }
}

/**
 * What a live sitemap may make a build read. The sitemap protocol's own limits (sitemaps.org:
 * 50,000 URLs and 50 MB uncompressed per file) bound one document; an index may list at most 100
 * sitemaps, each fetched in turn (5 million addresses, far beyond any site citypress builds);
 * redirects are followed by hand, at most 5, and only within the sitemap's origin.
 */
export interface SitemapLimits {
  /** Bytes of one document, as received. @default 50_000_000 */
  readonly bytes: number
  /** `<loc>` entries of one document. @default 50_000 */
  readonly urls: number
  /** Sitemaps one index may list. @default 100 */
  readonly sitemaps: number
  /** Redirects followed for one document. @default 5 */
  readonly redirects: number
}

export const sitemapLimits: SitemapLimits = { bytes: 50_000_000, urls: 50_000, sitemaps: 100, redirects: 5 }

/**
 * Every page address (path, no trailing slash) of a sitemap or a sitemap index, from an https URL
 * (plain http on the loopback interface only) or a file relative to the site folder (readLocal). Remote input
 * stays remote: the sitemaps of an index are fetched only from the origin of the index when it is
 * on the web, only from the web when it is a file, and never read from disk because a document
 * named them. Addresses that are not a checked path (src/config/checks/check-url.ts) are left out.
 */
export async function readSitemapUrls(source: string, options: ReadSitemapOptions): Promise<string[]> {
  const { limits = sitemapLimits, at = { file: 'site.yaml', path: 'published' } } = options
  const refuse = (refusal: SitemapRefusal) => new BuildFailure([fail(SitemapRefused, at, source, refusal)])
  const secure = (url: URL): URL => {
    if (url.protocol !== 'https:' && !isLoopback(url)) throw refuse({ kind: 'not-https', url: url.href })
    return url
  }
  try {
    // An address that does not parse is unreadable (the URL standard's TypeError says why).
    const top = isWebAddress(source) ? secure(new URL(source)) : undefined
    const text = top
      ? await fetchWithin(top, limits, refuse, { missing: 'nothing-published' })
      : await readLocal(source, { ...options, limits, refuse })
    const locs = locsOf(text, source, limits, refuse)
    // A sitemap index (sitemaps.org) lists sitemaps; one level, as the protocol allows.
    if (!/<sitemapindex[\s>]/.test(text)) return pathsOf(locs)
    if (locs.length > limits.sitemaps) throw refuse({ kind: 'too-many-entries', limit: limits.sitemaps })
    const pages: string[] = []
    for (const loc of locs) {
      if (!isWebAddress(loc) || !URL.canParse(loc)) throw refuse({ kind: 'not-a-url', entry: loc })
      const url = new URL(loc)
      if (top && url.origin !== top.origin) throw refuse({ kind: 'other-origin', url: loc, origin: top.origin })
      secure(url)
      pages.push(...locsOf(await fetchWithin(url, limits, refuse), loc, limits, refuse))
    }
    return pathsOf(pages)
  } catch (error) {
    if (error instanceof BuildFailure || error instanceof NothingPublished) throw error
    throw new BuildFailure([fail(UnreadableSitemap, at, source, (error as Error).message)])
  }
}

/**
 * The live sitemap itself answered 404: the site has not been published there yet (a first
 * deploy), so its record of published pages stays as it is. Not a sitemap an index names, which
 * must exist.
 */
export class NothingPublished extends Error {
  constructor(readonly source: string) {
    super(`${source} answers 404`)
  }
}

/** The body of `url`, following redirects by hand within its origin, refused beyond `limits`. */
async function fetchWithin(
  url: URL,
  limits: SitemapLimits,
  refuse: (refusal: SitemapRefusal) => Error,
  { missing }: { missing?: 'nothing-published' } = {},
): Promise<string> {
  let current = url
  for (let hops = 0; ; hops++) {
    const response = await fetch(current, { redirect: 'manual', signal: AbortSignal.timeout(20_000) })
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
    if (location !== null) {
      await response.body?.cancel()
      const next = new URL(location, current)
      if (next.origin !== url.origin) throw refuse({ kind: 'redirect-elsewhere', url: current.href, to: next.href, origin: url.origin })
      if (hops >= limits.redirects) throw refuse({ kind: 'too-many-redirects', url: url.href, limit: limits.redirects })
      current = next
      continue
    }
    if (!response.ok) {
      await response.body?.cancel()
      if (response.status === 404 && missing) throw new NothingPublished(url.href)
      throw refuse({ kind: 'server-status', url: current.href, status: response.status })
    }
    const tooBig = () => refuse({ kind: 'too-big', url: current.href, limit: limits.bytes })
    if (Number(response.headers.get('content-length') ?? 0) > limits.bytes) {
      await response.body?.cancel()
      throw tooBig()
    }
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = response.body?.getReader()
    for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
      size += read.value.byteLength
      if (size > limits.bytes) {
        await reader.cancel()
        throw tooBig()
      }
      chunks.push(read.value)
    }
    return Buffer.concat(chunks).toString('utf8')
  }
}

/**
 * A saved sitemap. site.yaml's is the site's input, and a site may come from anyone: it is read
 * only as a regular file inside the site folder reached through no symbolic link (config/read/inside-site.ts),
 * or its addresses would carry another file's text into _redirects and published-urls.json.
 * `--published` is the operator's choice and may name any file. Either is opened without
 * blocking (a FIFO would hold the build forever) and read only when fstat of the open file says
 * it is a regular file, at most the byte cap of a remote sitemap (/dev/zero never ends).
 */
async function readLocal(
  source: string,
  options: ReadSitemapOptions & { readonly limits: SitemapLimits; readonly refuse: (refusal: SitemapRefusal) => Error },
): Promise<string> {
  const { limits, refuse } = options
  // Resolved once, so the check below and open() see the same path (`a/../x` is not resolved through a link at a).
  const file = path.resolve(options.siteRoot, source)
  if (!options.isOperatorChoice) {
    if (path.isAbsolute(source) || !isInside(path.resolve(options.siteRoot), file)) throw refuse({ kind: 'outside-site' })
    const target = await siteFileTarget(options.siteRoot, file)
    if (target.kind === 'outside') throw refuse({ kind: 'outside-site' })
    if (target.kind === 'file' && target.isLinked) throw refuse({ kind: 'link' })
    // 'none': open() tells a missing file from a link that leads nowhere or from what is no file.
  }
  // O_NOFOLLOW covers the last component, against a link put there since the check above.
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (options.isOperatorChoice ? 0 : constants.O_NOFOLLOW)
  const handle = await open(file, flags).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? refuse({ kind: 'link' }) : error
  })
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw refuse({ kind: 'not-a-file' })
    const tooBig = () => refuse({ kind: 'too-big', url: source, limit: limits.bytes })
    if (stats.size > limits.bytes) throw tooBig()
    // The file may grow after fstat: read at most one byte past the cap.
    const chunks: Buffer[] = []
    let size = 0
    for (;;) {
      const { bytesRead, buffer } = await handle.read({ buffer: Buffer.allocUnsafe(Math.min(1 << 20, limits.bytes + 1 - size)) })
      if (bytesRead === 0) break
      size += bytesRead
      if (size > limits.bytes) throw tooBig()
      chunks.push(buffer.subarray(0, bytesRead))
    }
    return Buffer.concat(chunks).toString('utf8')
  } finally {
    await handle.close()
  }
}

function locsOf(text: string, where: string, limits: SitemapLimits, refuse: (refusal: SitemapRefusal) => Error): string[] {
  const locs: string[] = []
  for (const match of text.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    if (locs.length === limits.urls) throw refuse({ kind: 'too-many-urls', url: where, limit: limits.urls })
    locs.push(decodeXml(match[1]!))
  }
  return locs
}

/** The path of each address, without a trailing slash; an address that is no checked path is left out. */
function pathsOf(locs: readonly string[]): string[] {
  return locs.flatMap((loc) => {
    if (!URL.canParse(loc, 'https://site.invalid')) return []
    const checked = checkUrlPath(new URL(loc, 'https://site.invalid').pathname.replace(/(.)\/+$/, '$1'))
    return checked.ok ? [checked.value] : []
  })
}

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_entity, name: string) =>
    name.startsWith('#')
      ? String.fromCharCode(Number(name.slice(1)))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name]!,
  )
}
