import type { SiteMeta, TrailingSlash } from '../config/site-model.js'
import { BrokenLink, fail, StylesheetLinkBroken } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { isRelativeHref } from '../html/href-kinds.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { href, linkPath, publicPath, resolveHref } from '../plan/urls.js'
import { addTo } from '../tool/group.js'
import type { WatchedPage } from './watch-pages.js'

export interface CheckLinksOptions {
  readonly pages: readonly WatchedPage[]
  /** Every other file of the output (assets, images, feeds, host files), relative paths. */
  readonly files: ReadonlySet<string>
  /** site.yaml `url`: absolute links to it are internal links too. */
  readonly siteUrl: string
  /** The path part of siteUrl ('' at a host's root): every root-relative link must start with it. @default '' */
  readonly basePath?: string
  /** A site-relative form endpoint (site.yaml `forms.endpoint`): the host answers it, no file does. */
  readonly formEndpoint?: string
  /** The pages' URL form: a relative link resolves against the address a page is served at. @default 'never' */
  readonly trailingSlash?: TrailingSlash
  /** The links written in the site's files (SiteConfig.links): a broken one is reported at its line, not at the page's. */
  readonly written?: readonly { readonly href: string; readonly origin: Origin }[]
}

/**
 * Checks that every internal link and `#fragment` on every rendered page resolves: to a page, to
 * a file of the output, or to an element id on the target page. Links written in YAML were
 * already checked against the route table by plan/; this finds what templates build and every
 * fragment. One error per broken target, naming the first page and counting the others (a
 * broken footer link is on every page). A page's links to the plan's own pages
 * (`plannedAddresses`) are not among its facts: the watch made sure their pages were written.
 */
export function checkLinks({
  pages,
  files,
  siteUrl,
  basePath = '',
  formEndpoint,
  trailingSlash,
  written = [],
}: CheckLinksOptions): ConfigError[] {
  const byKey = new Map(pages.map((p) => [p.route.url, p]))
  const broken = new Map<string, { page: WatchedPage; problem: string; others: string[]; written: string }>()
  // Whether a link resolves depends on the page only for `#fragment` links; the header, footer
  // and nearby-area links repeat on thousands of pages, so each address is looked up once, and
  // what was found (null: it resolves) with one map lookup per link.
  const known = new Map<string, string | null>()
  /** Where `written` on `page` leads and why it does not resolve; undefined when it does. */
  const problemOf = (written: string, page: WatchedPage): { url: string; problem: string } | undefined => {
    // A relative link is checked where a browser would take it (`contact` on /blog/a is /blog/contact).
    const url = isRelativeHref(written) ? resolveHref(written, href(basePath, publicPath(page.route.url, trailingSlash))) : written
    let problem = known.get(url)
    if (problem === undefined) {
      if (formEndpoint && url === href(basePath, formEndpoint)) return undefined
      if (url.startsWith('#')) problem = findProblem({ url, page, byKey, files, siteUrl, basePath }) ?? null
      else known.set(url, (problem = findProblem({ url, page, byKey, files, siteUrl, basePath }) ?? null))
    }
    return problem ? { url, problem } : undefined
  }
  const note = (written: string, page: WatchedPage) => {
    const found = problemOf(written, page)
    if (!found) return
    const seen = broken.get(found.url)
    if (seen) seen.others.push(page.route.url)
    else broken.set(found.url, { page, problem: found.problem, others: [], written })
  }
  // The shared parts' links lead to the same place from every page: each list is checked once, and
  // only its broken links are noted again on each page that has it.
  const brokenShared = new Map<readonly string[], readonly string[]>()
  for (const page of pages) {
    for (const written of page.facts.urls) note(written, page)
    const { sharedUrls } = page.facts
    let brokenIn = brokenShared.get(sharedUrls)
    if (!brokenIn) brokenShared.set(sharedUrls, (brokenIn = sharedUrls.filter((written) => problemOf(written, page))))
    for (const written of brokenIn) note(written, page)
  }
  // Root-relative links are written without the base path; the pages carry them with it.
  const writtenAt = new Map<string, Origin[]>()
  for (const link of written) {
    const key = link.href.startsWith('/') ? href(basePath, link.href) : link.href
    addTo(writtenAt, key, link.origin)
  }
  const originOf = (page: WatchedPage, url: string) => {
    const found = writtenAt.get(url) ?? []
    return found.find((o) => o.file === page.route.origin.file) ?? found[0] ?? page.route.origin
  }
  return [...broken.entries()].map(([url, { page, problem, others, written: as }]) =>
    fail(BrokenLink, originOf(page, as), page.route.url, url, problem, others),
  )
}

/**
 * Every address by which a page links another page of the plan, as pages write it: root-relative
 * (with the base path in front) and absolute (the canonical link, other languages' versions), in
 * the site's trailing-slash form. Such a link leads where it should exactly when that page is
 * written, which a build does for every page of its plan before the check: so the link check needs
 * no page's copy of them (watch-pages.ts leaves them out), and the watch makes sure, once, that
 * every page they lead to was written. A link written another way (a `#fragment`, a query, no
 * trailing slash) is kept and checked where it is, as any other.
 */
export function plannedAddresses(
  routes: readonly RoutePlan[],
  site: Pick<SiteMeta, 'url' | 'basePath' | 'trailingSlash'>,
): PlannedAddresses {
  // The absolute form is the root-relative one's path behind site.url: only one form is kept (both
  // were 8 MB at 50,000 pages, held while the pages render).
  const paths = new Set<string>()
  for (const { url } of routes) paths.add(href(site.basePath, publicPath(url, site.trailingSlash)))
  const root = site.url
  return {
    has: (address) =>
      paths.has(address) ||
      (address.startsWith(root) && address[root.length] === '/' && paths.has(href(site.basePath, address.slice(root.length)))),
  }
}

/** The addresses of the plan's pages (plannedAddresses): whether a link is one. */
export interface PlannedAddresses {
  has(address: string): boolean
}

/**
 * Every `url()` of the output's stylesheets (fonts, images), which no page lists among its links:
 * each must name a file of the output, under the base path, as a page's links must. The one
 * stylesheet is also inlined into pages, so checking the file checks them.
 */
export function checkStylesheetUrls({
  stylesheets,
  files,
  siteUrl,
  basePath = '',
}: {
  readonly stylesheets: readonly { readonly path: string; readonly text: string }[]
  readonly files: ReadonlySet<string>
  readonly siteUrl: string
  readonly basePath?: string
}): ConfigError[] {
  const errors: ConfigError[] = []
  for (const { path, text } of stylesheets) {
    const urls = new Set([...text.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)].map((m) => m[2]!).filter((url) => !url.startsWith('data:')))
    for (const url of urls) {
      const problem = findProblem({ url, byKey: new Map(), files, siteUrl, basePath })
      if (problem) errors.push(fail(StylesheetLinkBroken, { file: path }, path, url, problem))
    }
  }
  return errors
}

interface ProblemInput {
  readonly url: string
  /** The page the link is on; none for a stylesheet's, which has no `#fragment` to find. */
  readonly page?: WatchedPage
  readonly byKey: ReadonlyMap<string, WatchedPage>
  readonly files: ReadonlySet<string>
  readonly siteUrl: string
  readonly basePath: string
}

/** Why a URL does not resolve, as the end of a sentence; undefined when it does. */
function findProblem({ url, page, byKey, files, siteUrl, basePath }: ProblemInput): string | undefined {
  let local = url
  if (url.startsWith(`${siteUrl}/`) || url === siteUrl) local = url.slice(siteUrl.length) || '/'
  else if (basePath && url.startsWith('/') && !url.startsWith('//')) {
    // Under a sub-path the browser asks the host's root for an address without the base.
    const rest = url.slice(basePath.length)
    if (!url.startsWith(basePath) || !(rest === '' || /^[/?#]/.test(rest))) return `which is outside the site's base path ${basePath}.`
    local = rest.startsWith('/') ? rest : `/${rest}`
  }
  if (local.startsWith('#')) return page && missingId(page, local.slice(1), 'this page')
  if (!local.startsWith('/') || local.startsWith('//')) return undefined // mailto:, tel:, other sites
  const hashAt = local.indexOf('#')
  const fragment = hashAt === -1 ? '' : local.slice(hashAt + 1)
  const path = local.split(/[?#]/)[0]!
  const target = byKey.get(linkPath(path))
  if (target) return fragment ? missingId(target, fragment, `the page ${target.route.url}`) : undefined
  let file: string
  try {
    file = decodeURIComponent(path.slice(1))
  } catch {
    return 'which is not a valid address (bad percent-encoding).'
  }
  if (files.has(file)) return undefined
  return 'which is neither a page nor a file of this site.'
}

function missingId(target: WatchedPage, fragment: string, where: string): string | undefined {
  if (fragment === '' || fragment === 'top') return undefined // both scroll to the top by definition
  let id = fragment
  try {
    id = decodeURIComponent(fragment)
  } catch {
    /* compared as written */
  }
  return target.facts.ids.includes(id) ? undefined : `but ${where} has no element with id "${id}".`
}
