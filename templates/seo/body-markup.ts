import type { TrailingSlash } from '../../src/config/site-model.js'
import { canonicalHref, href, linkPath } from '../../src/plan/urls.js'

/**
 * React hoists the resources components ask for (`preload()` from react-dom, and images it
 * preloads by itself) to the very start of the markup it renders. The body is rendered on its own
 * (templates/render.tsx), so they arrive at the start of the body string: move them into the
 * head, where the browser's preload scanner sees them before any other request.
 */
export function splitHoisted(body: string): { hoisted: string; rest: string } {
  const match = /^(?:<link [^>]*\/>)+/.exec(body)
  return match ? { hoisted: match[0], rest: body.slice(match[0].length) } : { hoisted: '', rest: body }
}

/**
 * Every internal page link in the form site.yaml `trailingSlash` asks for, whatever the YAML or a
 * template wrote, so no click costs a redirect. A path whose last segment has a dot is a file
 * (`/rss.xml`, `/assets/site.css`) and is left alone: page slugs never contain dots.
 */
export function applyTrailingSlash(html: string, policy: TrailingSlash): string {
  // Under 'never' only a path that ends in a slash can change: the narrower pattern spares the
  // callback for the 200-odd other links of a page (10,000 pages: 0.4 s of rendering).
  const links = policy === 'never' ? / href="(\/[^"?#]*\/(?:[?#][^"]*)?)"/g : / href="(\/[^"]*)"/g
  return html.replace(links, (whole, href: string) => {
    const fixed = canonicalHref(href, isPageKey, policy)
    return fixed === href ? whole : ` href="${fixed}"`
  })
}

function isPageKey(key: string): boolean {
  return !key.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(key.slice(key.lastIndexOf('/')))
}

/**
 * Attributes that hold one address the browser requests, and those that hold a srcset, in any case:
 * React writes `srcSet` and `imageSrcSet`, Markdown `srcset`.
 */
const addressAttribute = / (href|src|action|poster|data-fallback|data-endpoint|srcset|imagesrcset)="(\/[^"]*)"/gi

/**
 * A page of a language after the first with its links to pages in that language: an address
 * written for the default language (a menu's `/about`, a template's `/services/roofing`, the
 * structured data's absolute URLs) leads to its version in the page's language where there is one
 * (`links`, plan/plan-languages.ts); other addresses stay as written. Runs before applyBasePath,
 * over the whole document, so no template needs to know which language it writes.
 */
export function applyLanguageLinks(
  html: string,
  context: { readonly links?: Readonly<Record<string, string>>; readonly site: { readonly url: string; readonly basePath: string } },
): string {
  const { links, site } = context
  if (!links) return html
  const local = (address: string) => {
    const cut = address.search(/[?#]/)
    const target = links[linkPath(cut === -1 ? address : address.slice(0, cut))]
    return target === undefined ? address : target + (cut === -1 ? '' : address.slice(cut))
  }
  const { basePath } = site
  // The links to a page's versions (hreflang) name the language they lead to: kept as they are.
  const kept: string[] = []
  const masked = html.replace(/<(?:a|link)\b[^>]*\shreflang="[^"]*"[^>]*>/gi, (tag) => `\u0000${kept.push(tag) - 1}\u0000`)
  const linked = masked.replace(/ (href|action)="(\/[^"]*)"/g, (_whole, name: string, value: string) => {
    const underBase = basePath !== '' && (value === basePath || value.startsWith(`${basePath}/`))
    return ` ${name}="${underBase ? basePath + local(value.slice(basePath.length) || '/') : local(value)}"`
  })
  // Not an `@id`: it names a thing, the same in every language (the business), not a page to go to.
  const absolute = new RegExp(`(?<!"@id":")${site.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/[^"\\s<>]*)`, 'g')
  return linked
    .replace(absolute, (_whole, address: string) => site.url + local(address))
    .replace(/\u0000(\d+)\u0000/g, (_whole, i: string) => kept[Number(i)]!)
}

/**
 * A page of a site served under a sub-path (site.yaml `url: https://user.github.io/repo`) with the
 * base in front of every root-relative address it holds, through href(): links and assets written
 * by templates, and the root-relative links written in Markdown and YAML (nav, buttons, footer),
 * which reach the page as they were written. Runs over the whole document once it is rendered, so
 * no template or Markdown link can miss it. An address already under the base (a template that
 * called useHref()) is left as it is.
 */
export function applyBasePath(html: string, basePath: string): string {
  if (basePath === '') return html
  const isUnderBase = (path: string) => path === basePath || (/^[/?#]/.test(path.slice(basePath.length)) && path.startsWith(basePath))
  const withBase = (path: string) => (isUnderBase(path) ? path : href(basePath, path))
  return html.replace(addressAttribute, (_whole, name: string, value: string) => {
    const fixed = name.toLowerCase().endsWith('srcset')
      ? value
          .split(',')
          .map((candidate) => candidate.replace(/^(\s*)(\S+)/, (_c, space: string, url: string) => space + withBase(url)))
          .join(',')
      : withBase(value)
    return ` ${name}="${fixed}"`
  })
}
