import type { SiteConfig } from '../../config/site-model.js'
import type { LandingRedirect } from '../../plan/plan-redirects.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import { canonicalHref, href } from '../../plan/urls.js'
import type { OutputFile } from '../../types.js'

/**
 * _redirects in Netlify's format, the one place that writes it: site.yaml `redirects` first (the
 * first matching rule wins), then a 301 for every landing page that moved or was removed
 * (src/plan/plan-redirects.ts). Internal targets take the site's URL form (site.yaml
 * `trailingSlash`), so a redirect never lands on a second redirect.
 */
export function redirectsFile(
  site: SiteConfig,
  landing: readonly LandingRedirect[] = [],
  notFound: readonly RoutePlan[] = [],
): OutputFile[] {
  // The host reads both addresses from its root: a site under a sub-path has its base on each.
  const base = site.site.basePath
  const to = (target: string) =>
    href(
      base,
      canonicalHref(target, (key) => !/\.[a-z0-9]+$/i.test(key.slice(key.lastIndexOf('/'))), site.site.trailingSlash),
    )
  const lines = [
    ...(site.site.redirects ?? []).map((r) => `${href(base, r.from)} ${to(r.to)} ${r.status ?? 301}`),
    ...(landing.length ? ['# Landing pages that moved or were removed (published-urls.json)'] : []),
    ...landing.map((r) => `${href(base, r.from)} ${to(r.to)} 301`),
    // Last, as they match every missing address under a language's segment: its own 404 page.
    ...notFound.map((r) => `${href(base, `/${r.outputPath.split('/')[0]}`)}/* ${href(base, `/${r.outputPath}`)} 404`),
  ]
  return lines.length ? [{ path: '_redirects', contents: `${lines.join('\n')}\n` }] : []
}
