import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fail, UnreadableSitemap } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import type { PublishedPage, PublishedRecord } from '../types.js'

export interface MergeSitemapOptions {
  /** site.yaml `published` or `--published`: the live sitemap's URL, or a file relative to the site. */
  readonly source?: string
  readonly siteRoot: string
  readonly services: readonly { readonly slug: string; readonly title: string }[]
}

/**
 * Published URLs without committing (issue 16): a site whose CI publishes never commits the
 * published-urls.json its builds update, so its record stays empty and renamed landing pages get
 * no 301. The live site's sitemap.xml says what is published; its landing-page addresses are
 * merged into the record (site.yaml `published`, or `citypress build --published`), so the
 * redirects are planned from what visitors and search engines actually know.
 *
 * A sitemap gives only addresses, so an entry made from one knows its service (the longest
 * service slug that ends the address) and its city slug, not its state or coordinates: a moved
 * page goes to the service's page rather than the nearest city. Entries already in the record
 * keep what the record knows. Addresses that are not landing pages are left out: the record
 * plans redirects for landing pages only.
 */
export async function mergePublishedSitemap(record: PublishedRecord, options: MergeSitemapOptions): Promise<PublishedRecord> {
  const { source, siteRoot } = options
  if (!source) return record
  const urls = await readSitemapUrls(source, siteRoot)
  const services = options.services.map((s) => ({ slug: s.slug, title: s.title })).sort((a, b) => b.slug.length - a.slug.length)
  const added: Record<string, PublishedPage> = {}
  for (const url of urls) {
    const match = /^\/lp\/([a-z0-9-]+)$/.exec(url)
    if (!match || record.pages[url]) continue
    const service = services.find((s) => match[1]!.endsWith(`-${s.slug}`))
    if (!service) continue
    const city = match[1]!.slice(0, -service.slug.length - 1)
    added[url] = { area: city.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '), service: service.slug, serviceTitle: service.title }
  }
  if (Object.keys(added).length === 0) return record
  const merged = { ...record.pages, ...added }
  return { pages: Object.fromEntries(Object.keys(merged).sort().map((url) => [url, merged[url]!])) }
}

/** Whether a sitemap (site.yaml `published`, `--published`, an index's entry) is on the web rather than a file. */
export function isWebAddress(source: string): boolean {
  return /^https?:\/\//.test(source)
}

/**
 * Every page address (path, no trailing slash) of a sitemap or a sitemap index, from an
 * http(s) URL or a file (relative to the site folder).
 */
export async function readSitemapUrls(source: string, siteRoot: string): Promise<string[]> {
  const read = async (where: string): Promise<string> => {
    if (isWebAddress(where)) {
      const response = await fetch(where, { signal: AbortSignal.timeout(20_000) })
      if (!response.ok) throw new Error(`the server answered ${response.status}`)
      return response.text()
    }
    return readFile(path.resolve(siteRoot, where), 'utf8')
  }
  try {
    const text = await read(source)
    const locs = [...text.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => decodeXml(m[1]!))
    // A sitemap index (sitemaps.org) lists sitemaps; one level, as the protocol allows.
    const pages = /<sitemapindex[\s>]/.test(text) ? (await Promise.all(locs.map(read))).flatMap((t) => [...t.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => decodeXml(m[1]!))) : locs
    return pages.map((loc) => new URL(loc, 'https://site.invalid').pathname.replace(/(.)\/+$/, '$1'))
  } catch (error) {
    throw new BuildFailure([fail(UnreadableSitemap, { file: 'site.yaml', path: 'published' }, source, (error as Error).message)])
  }
}

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (entity, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name]!)
}
