import path from 'node:path'
import type { SiteConfig } from '../../config/site-model.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import { absoluteUrl } from '../../plan/urls.js'
import type { OutputFile } from '../../types.js'
import { escapeXml } from '../xml.js'
import { robotsFile } from './robots.js'

/** The sitemap protocol's limit of URLs per file (sitemaps.org § Sitemap index). */
const urlsPerSitemap = 50_000

export interface SitemapOptions {
  /** Source file (absolute path) → `YYYY-MM-DD` when it last changed (config/read/source-dates.ts). */
  readonly dates?: ReadonlyMap<string, string>
  /** @default 50000 (the protocol's limit); smaller in tests. */
  readonly urlsPerFile?: number
}

/**
 * sitemap.xml with every indexable page (noindex pages, such as landing pages that fail the
 * quality gate, stay out) and each page's `lastmod`: its `updated` date, else the newest date of
 * the files it is made from. Beyond 50,000 URLs, sitemap.xml becomes an index of sitemap-1.xml,
 * sitemap-2.xml, … robots.txt points to it.
 */
export function sitemapFiles(site: SiteConfig, routes: readonly RoutePlan[], options: SitemapOptions = {}): OutputFile[] {
  const entries = routes
    .filter((r) => !r.noindex && r.template !== 'not-found')
    .map((r) => {
      const lastmod = pageUpdated(r) ?? newestDate(r, options.dates)
      return `  <url><loc>${escapeXml(absoluteUrl(site.site.url, r.url, site.site.trailingSlash))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
    })
  const robots = robotsFile(site)
  const perFile = options.urlsPerFile ?? urlsPerSitemap
  if (entries.length <= perFile) return [{ path: 'sitemap.xml', contents: urlset(entries) }, robots]
  const parts: OutputFile[] = []
  for (let i = 0; i * perFile < entries.length; i++) {
    parts.push({ path: `sitemap-${i + 1}.xml`, contents: urlset(entries.slice(i * perFile, (i + 1) * perFile)) })
  }
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

function urlset(entries: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
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
