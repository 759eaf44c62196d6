/**
 * One URL form everywhere (links, canonical, sitemap, output paths): no trailing slash except the
 * home page, and each page written as `{path}/index.html` so any static host serves it.
 */
export function outputPathFor(url: string): string {
  return url === '/' ? 'index.html' : `${url.slice(1)}/index.html`
}

/** The path part of an internal link: "/services#areas?x" → "/services". */
export function linkPath(href: string): string {
  const path = href.split(/[?#]/)[0]!
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/'
}

/** Absolute URL of a site path, for canonical links, Open Graph and the sitemap. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return `${siteUrl}${url === '/' ? '/' : url}`
}
