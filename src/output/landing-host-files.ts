import { readSourceDates } from '../config/source-dates.js'
import type { LandingIdentity } from '../plan/landing-model.js'
import { planLandingRedirects, recordPublished, type LandingRedirect } from '../plan/plan-redirects.js'
import type { OutputFile, RoutePlan, SiteConfig } from '../types.js'
import { routeSources, sitemapFiles } from './host-files.js'
import { hostOutputFiles } from './host-output.js'
import { mergePublishedSitemap } from './published-sitemap.js'
import { readPublishedUrls, writePublishedUrls } from './published-urls.js'

export interface HostFiles {
  /** sitemap.xml (with lastmod), robots.txt and _redirects. */
  readonly files: readonly OutputFile[]
  /** 301s for landing pages that moved or were removed since they were published. */
  readonly redirects: readonly LandingRedirect[]
  /**
   * Adds this build's landing pages to the site's published-urls.json. Call only after the output
   * was committed, and only for a real `citypress build` (not a preview). Resolves to whether
   * the file changed.
   */
  recordPublished(): Promise<boolean>
}

/**
 * The files that describe the site to hosts and crawlers, decided from the finished route plan:
 * the sitemap with each page's lastmod, robots.txt, and _redirects including landing-page renames.
 * Reads the published-URL record first, so a broken record fails the build before rendering.
 */
export async function prepareHostFiles(
  site: SiteConfig, routes: readonly RoutePlan[], landing: readonly LandingIdentity[], commits?: Promise<ReadonlyMap<string, string>>,
): Promise<HostFiles> {
  const onFile = await readPublishedUrls(site.root)
  // With the live site's landing pages (site.yaml `published`), which join the file's record.
  const published = await mergePublishedSitemap(onFile, site)
  const routeUrls = new Set(routes.map((r) => r.url))
  const redirects = planLandingRedirects({
    published, pages: landing, routeUrls,
    fallback: routes.find((r) => r.template === 'locations')?.url ?? '/',
  })
  const indexable = routes.filter((r) => !r.noindex)
  const dates = await readSourceDates(site.root, indexable.flatMap(routeSources), commits)
  return {
    files: [...sitemapFiles(site, routes, { dates }), ...hostOutputFiles(site, redirects, routes)],
    redirects,
    recordPublished: async () => {
      const record = recordPublished(published, landing)
      return record !== onFile && writePublishedUrls(site.root, record)
    },
  }
}
