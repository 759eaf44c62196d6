import { absoluteUrl } from '../plan/urls.js'
import type { OutputFile, RoutePlan, SiteConfig } from '../types.js'

/** sitemap.xml: every indexable page; robots.txt pointing to it. */
export function sitemapFiles(site: SiteConfig, routes: readonly RoutePlan[]): OutputFile[] {
  const urls = routes
    .filter((r) => !r.noindex && r.template !== 'not-found')
    .map((r) => `  <url><loc>${escapeXml(absoluteUrl(site.site.url, r.url))}</loc></url>`)
  return [
    { path: 'sitemap.xml', contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n` },
    { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${site.site.url}/sitemap.xml\n` },
  ]
}

/** _redirects in Netlify's format, from site.yaml `redirects`. */
export function redirectsFile(site: SiteConfig): OutputFile[] {
  const lines = (site.site.redirects ?? []).map((r) => `${r.from} ${r.to} ${r.status ?? 301}`)
  return lines.length ? [{ path: '_redirects', contents: lines.join('\n') + '\n' }] : []
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}
