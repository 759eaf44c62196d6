import { decodeUrlPath } from '../../config/checks/check-url.js'
import { HOLE, siteText } from '../../config/messages/messages.js'
import { isPlainPath } from '../../config/presets/hosts.js'
import type { SiteConfig, SiteMeta } from '../../config/site-model.js'
import type { LandingRedirect } from '../../plan/plan-redirects.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import { absoluteUrl, canonicalHref, outputPathFor, href as withBase } from '../../plan/urls.js'
import type { OutputFile } from '../../types.js'
import { policyText, redirectPagePolicy } from '../csp.js'
import { escapeXml } from '../xml.js'

/**
 * A page at each old address that sends visitors on at once (`<meta http-equiv=refresh>`, which
 * search engines treat as a permanent redirect when its delay is 0) and names the new address as
 * canonical. Written in the site's URL layout, so the host serves it at the old address. Never in
 * the sitemap: it is not a route. A redirect whose old address is a page of the site, or a
 * pattern (`/blog/*`), makes no page (the latter is warned about in src/config/presets/hosts.ts). Like
 * every page on a host that sends no headers, it carries a meta Content-Security-Policy right
 * after its charset (csp.ts `redirectPagePolicy`).
 */
export function redirectPages(site: SiteConfig, landing: readonly LandingRedirect[], routes: readonly RoutePlan[]): OutputFile[] {
  const policy = site.site.trailingSlash
  const pages = new Set(routes.map((r) => r.url))
  const isPage = (key: string) => !/\.[a-z0-9]+$/i.test(key.slice(key.lastIndexOf('/')))
  const all = [...(site.site.redirects ?? []).map((r) => ({ from: r.from, to: r.to })), ...landing]
  const files = new Map<string, OutputFile>()
  for (const { from, to } of all) {
    const key = from.length > 1 ? from.replace(/\/+$/, '') : from
    if (!isPlainPath(from) || pages.has(key) || !isPage(key)) continue
    // The host decodes the address it is asked for before it looks for the file (src/config/checks/check-url.ts encoded it once).
    const path = outputPathFor(decodeUrlPath(key), policy)
    // The first rule for an address wins, as in _redirects.
    if (files.has(path)) continue
    const href = canonicalHref(to, isPage, policy)
    const absolute = href.startsWith('/')
      ? absoluteUrl(site.site.url, href.split(/[?#]/)[0]!, policy) + href.slice(href.split(/[?#]/)[0]!.length)
      : href
    files.set(path, { path, contents: redirectPage(withBase(site.site.basePath, href), absolute, site.site) })
  }
  return [...files.values()]
}

function redirectPage(href: string, absolute: string, site: SiteMeta): string {
  const to = escapeXml(href)
  const link = `<a href="${to}">${escapeXml(absolute)}</a>`
  // The link goes in once the rest of the entry is escaped.
  const moved = escapeXml(siteText(site, 'pageMovedTo', { link: HOLE })).replace(HOLE, link)
  return `<!doctype html>
<html lang="${escapeXml(site.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeXml(policyText(redirectPagePolicy))}">
<title>${escapeXml(siteText(site, 'pageMoved'))}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeXml(absolute)}">
<meta http-equiv="refresh" content="0; url=${to}">
</head>
<body>
<p>${moved}</p>
</body>
</html>
`
}
