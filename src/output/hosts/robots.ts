import type { SiteConfig } from '../../config/site-model.js'
import type { OutputFile } from '../../types.js'

/**
 * robots.txt: every page may be crawled, and the sitemap is at the site's address. Under a
 * sub-path crawlers never read it (config/ warns: robots-under-sub-path), but it does no harm.
 */
export function robotsFile(site: SiteConfig): OutputFile {
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${site.site.url}/sitemap.xml\n` }
}
