import { hostRules } from '../../config/presets/hosts.js'
import { readSourceDates } from '../../config/read/source-dates.js'
import type { SiteConfig } from '../../config/site-model.js'
import type { LandingRedirect } from '../../plan/plan-redirects.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import type { OutputFile } from '../../types.js'
import { hostExtraFiles } from './extra-files.js'
import { redirectPages } from './redirect-pages.js'
import { redirectsFile } from './redirects.js'
import { routeSources, sitemapFiles } from './sitemap.js'

export interface HostFiles {
  /** sitemap.xml (with lastmod), robots.txt, and _redirects or redirect pages. */
  readonly files: readonly OutputFile[]
}

/**
 * The files that describe the site to hosts and crawlers, from the finished route plan: the
 * sitemap with each page's lastmod (from git, through config/read/source-dates.ts), robots.txt, and
 * the redirects including the landing-page renames the plan decided. `_headers` is made after
 * the checks, which find the sources its policy allows (build.ts, headers.ts). No date is later
 * than `latest` (SOURCE_DATE_EPOCH) when it is given.
 */
export async function prepareHostFiles(
  site: SiteConfig,
  routes: readonly RoutePlan[],
  redirects: readonly LandingRedirect[],
  commits?: Promise<ReadonlyMap<string, string>>,
  latest?: Date,
): Promise<HostFiles> {
  const indexable = routes.filter((r) => !r.noindex)
  const dates = await readSourceDates(site.root, indexable.flatMap(routeSources), commits, latest)
  return {
    files: [...sitemapFiles(site, routes, { dates }), ...hostOutputFiles(site, redirects, routes)],
  }
}

/** Each other language's 404 page (`es/404.html`), which the host serves only when told to. */
function languageNotFound(routes: readonly RoutePlan[]): RoutePlan[] {
  return routes.filter((r) => r.template === 'not-found' && r.outputPath !== '404.html')
}

/**
 * The host's own files for site.yaml `host` (src/config/presets/hosts.ts): `_redirects` where the host
 * reads it, else one redirect page per old address; and what the host needs besides
 * (GitHub Pages' `.nojekyll`).
 */
export function hostOutputFiles(site: SiteConfig, landing: readonly LandingRedirect[], routes: readonly RoutePlan[]): OutputFile[] {
  const rules = hostRules(site.site.host)
  const redirects = rules.readsRedirects
    ? redirectsFile(site, landing, rules.folderNotFound === 'rule' ? languageNotFound(routes) : [])
    : redirectPages(site, landing, routes)
  return [...redirects, ...hostExtraFiles(site)]
}
