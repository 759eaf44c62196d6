/**
 * The one place that decides URL form and output paths, so links, canonical URLs, the sitemap and
 * the host always agree (site.yaml `trailingSlash`).
 *
 * Routes are keyed by their slash-less form (`/contact`); `publicPath` turns a key into the
 * address the host answers with 200 and no redirect. Static hosts decide that by file layout
 * (Netlify, Cloudflare Pages and GitHub Pages all serve `contact.html` at `/contact` and redirect
 * `/contact/` there, and serve `contact/index.html` at `/contact/` and redirect `/contact` there),
 * so the policy picks the layout:
 *
 * - `never` (default): `/contact` → `contact.html`
 * - `always`: `/contact/` → `contact/index.html`
 */
import type { TrailingSlash } from '../config/site-model.js'

/** The address of a page as linked, canonical and listed in the sitemap. */
export function publicPath(url: string, policy: TrailingSlash = 'never'): string {
  const key = routeKey(url)
  return policy === 'always' && key !== '/' ? `${key}/` : key
}

/** Where the page with this address is written, relative to the output folder. */
export function outputPathFor(url: string, policy: TrailingSlash = 'never'): string {
  const key = routeKey(url)
  if (key === '/') return 'index.html'
  return policy === 'always' ? `${key.slice(1)}/index.html` : `${key.slice(1)}.html`
}

/** The route key of an internal link: "/services/#areas?x" → "/services". */
export function linkPath(href: string): string {
  return routeKey(href.split(/[?#]/)[0]!)
}

/**
 * A root-relative address as the browser requests it. A site served under a sub-path (site.yaml
 * `url: https://user.github.io/repo`, `basePath` "/repo") has the base in front of every link,
 * asset, form action and redirect target that citypress writes into a page or a host file; routes,
 * output paths and the link check stay base-free. Other addresses (`https://…`, `#top`, `//cdn`)
 * are unchanged.
 */
export function href(basePath: string, path: string): string {
  if (basePath === '' || !path.startsWith('/') || path.startsWith('//')) return path
  return basePath + path
}

/** Where the blog's feed of a language's pages is: `/rss.xml`, `/es/rss.xml` (`languagePath`, config's SiteMeta). */
export function feedUrl(site: { readonly languagePath: string }): string {
  return `${site.languagePath}/rss.xml`
}

/** Absolute URL of a page, for canonical links, Open Graph, feeds and the sitemap. */
export function absoluteUrl(siteUrl: string, url: string, policy: TrailingSlash = 'never'): string {
  return `${siteUrl}${publicPath(url, policy)}`
}

/**
 * An internal href in its public form: the path part follows the policy when it names a page,
 * query and fragment stay. Files (`/assets/site.css`, `/rss.xml`) and other hrefs are unchanged.
 */
export function canonicalHref(href: string, isPage: (key: string) => boolean, policy: TrailingSlash = 'never'): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const cut = href.search(/[?#]/)
  const path = cut === -1 ? href : href.slice(0, cut)
  const key = routeKey(path)
  if (!isPage(key)) return href
  return publicPath(key, policy) + (cut === -1 ? '' : href.slice(cut))
}

/** "/contact/" and "/contact" → "/contact"; "" and "/" → "/". */
function routeKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/'
}

/**
 * What a browser makes of a relative href on the page served at `pageAddress` (its public path,
 * `/blog/spring` or `/blog/spring/` by the trailing-slash policy: the two resolve `contact`
 * differently): the site-relative address, query and fragment kept.
 */
export function resolveHref(href: string, pageAddress: string): string {
  const resolved = new URL(href, `http://site.invalid${pageAddress}`)
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}
