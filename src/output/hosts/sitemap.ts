import path from 'node:path'
import type { SiteConfig } from '../../config/site-model.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import { absoluteUrl } from '../../plan/urls.js'
import type { OutputFile } from '../../types.js'
import { escapeXml } from '../xml.js'
import { robotsFile } from './robots.js'

/** The sitemap protocol's limits per file (sitemaps.org § Sitemap index): URLs, and bytes uncompressed. */
const urlsPerSitemap = 50_000
const bytesPerSitemap = 50 * 1024 * 1024

export interface SitemapOptions {
  /** Source file (absolute path) → `YYYY-MM-DD` when it last changed (config/read/source-dates.ts). */
  readonly dates?: ReadonlyMap<string, string>
  /** @default 50000 (the protocol's limit); smaller in tests. */
  readonly urlsPerFile?: number
  /** @default 50 MiB (the protocol's limit); smaller in tests. */
  readonly bytesPerFile?: number
}

/**
 * sitemap.xml with every indexable page (noindex pages, such as landing pages that fail the
 * quality gate, stay out) and each page's `lastmod`: its `updated` date, else the newest date of
 * the files it is made from. Beyond 50,000 URLs, sitemap.xml becomes an index of sitemap-1.xml,
 * sitemap-2.xml, … robots.txt points to it.
 */
export function sitemapFiles(site: SiteConfig, routes: readonly RoutePlan[], options: SitemapOptions = {}): OutputFile[] {
  const address = (url: string) => escapeXml(absoluteUrl(site.site.url, url, site.site.trailingSlash))
  const entries = routes
    .filter((r) => !r.noindex && r.template !== 'not-found')
    .map((r) => {
      const lastmod = pageUpdated(r) ?? newestDate(r, options.dates)
      // The page's versions, the same set as its head's (plan/plan-languages.ts).
      const alternates = (r.alternates ?? []).map(
        (a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${address(a.url)}"/>`,
      )
      return `  <url><loc>${address(r.url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates.join('')}</url>`
    })
  const robots = robotsFile(site)
  const withLanguages = routes.some((r) => r.alternates)
  const files = split(entries, options.urlsPerFile ?? urlsPerSitemap, options.bytesPerFile ?? bytesPerSitemap, withLanguages)
  if (files.length === 1) return [{ path: 'sitemap.xml', contents: files[0]! }, robots]
  const parts: OutputFile[] = files.map((contents, i) => ({ path: `sitemap-${i + 1}.xml`, contents }))
  const index = parts.map((p) => `  <sitemap><loc>${escapeXml(`${site.site.url}/${p.path}`)}</loc></sitemap>`)
  return [
    {
      path: 'sitemap.xml',
      contents: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('\n')}\n</sitemapindex>\n`,
    },
    ...parts,
    robots,
  ]
}

/** Every file a route is made from (its `sources`, else the file it was declared in). */
export function routeSources(route: RoutePlan): readonly string[] {
  return route.sources ?? [path.resolve(route.origin.file)]
}

/** The entries as whole sitemap files, each within both limits. */
function split(entries: readonly string[], urls: number, bytes: number, withLanguages: boolean): string[] {
  const empty = Buffer.byteLength(urlset([], withLanguages))
  const files: string[] = []
  let part: string[] = []
  let size = empty
  for (const entry of entries) {
    const length = Buffer.byteLength(entry) + 1
    if (part.length > 0 && (part.length === urls || size + length > bytes)) {
      files.push(urlset(part, withLanguages))
      part = []
      size = empty
    }
    part.push(entry)
    size += length
  }
  files.push(urlset(part, withLanguages))
  return files
}

function urlset(entries: readonly string[], withLanguages: boolean): string {
  // The xhtml namespace only where a page names its versions: a site in one language keeps its sitemap as it was.
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${withLanguages ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}`
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${entries.join('\n')}\n</urlset>\n`
}

/** A page's own `updated` (pages/*.yaml, *.md) says when its text changed, which a file date cannot. */
function pageUpdated(route: RoutePlan): string | undefined {
  return route.template === 'sections' ? route.props.updated : undefined
}

function newestDate(route: RoutePlan, dates: ReadonlyMap<string, string> | undefined): string | undefined {
  if (!dates) return undefined
  let newest: string | undefined
  for (const file of routeSources(route)) {
    const date = dates.get(file)
    if (date && (!newest || date > newest)) newest = date
  }
  return newest
}
