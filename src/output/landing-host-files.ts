import { readSourceDates } from '../config/source-dates.js'
import type { LandingRedirect } from '../plan/plan-redirects.js'
import type { OutputFile } from '../types.js'
import type { RoutePlan } from '../plan/route-plan.js'
import type { SiteConfig } from '../config/site-model.js'
import { routeSources, sitemapFiles } from './host-files.js'
import { hostOutputFiles } from './host-output.js'

export interface HostFiles {
  /** sitemap.xml (with lastmod), robots.txt and _redirects. */
  readonly files: readonly OutputFile[]
}

/**
 * The files that describe the site to hosts and crawlers, from the finished route plan: the
 * sitemap with each page's lastmod (from git, through config/source-dates.ts), robots.txt, and
 * _redirects including the landing-page renames the plan decided.
 */
export async function prepareHostFiles(
  site: SiteConfig, routes: readonly RoutePlan[], redirects: readonly LandingRedirect[], commits?: Promise<ReadonlyMap<string, string>>,
): Promise<HostFiles> {
  const indexable = routes.filter((r) => !r.noindex)
  const dates = await readSourceDates(site.root, indexable.flatMap(routeSources), commits)
  return {
    files: [...sitemapFiles(site, routes, { dates }), ...hostOutputFiles(site, redirects, routes)],
  }
}
