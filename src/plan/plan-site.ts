import path from 'node:path'
import { isSlug } from '../config/areas/area-slug.js'
import { blogTitle, siteText } from '../config/messages/messages.js'
import type { PublishedRecord } from '../config/published/published-urls.js'
import type { ServiceConfig, SiteConfig } from '../config/site-model.js'
import { BadFileSlug, DuplicateRoute, fail, LinkToNowhere, RelativeLinkToNowhere } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { closestMatch } from '../errors/did-you-mean.js'
import { isRelativeHref } from '../html/href-kinds.js'
import { extended } from '../tool/extended.js'
import { addTo } from '../tool/group.js'
import { displayFile } from '../tool/package.js'
import { checkFragmentLinks } from './fragment-links.js'
import { findHeadingSkips } from './heading-order.js'
import type { LandingIdentity } from './landing-model.js'
import type { PrintStore } from './landing-quality.js'
import { findChipsWithoutPage } from './plan-chips.js'
import { planFormPages, takenFieldNames } from './plan-form-pages.js'
import { type LandingPlan, planLanding } from './plan-landing.js'
import { type EditionPlan, planLanguages } from './plan-languages.js'
import { planLocationsRoute } from './plan-locations.js'
import { type LandingRedirect, planLandingRedirects } from './plan-redirects.js'
import type { RoutePlan, RouteVariant } from './route-plan.js'
import { feedUrl, linkPath, outputPathFor, publicPath, resolveHref } from './urls.js'

export interface BuildPlan {
  readonly routes: readonly RoutePlan[]
  /** `${area}|${service}` → URL of every landing page, for area chips and footers. */
  readonly landingUrls: Readonly<Record<string, string>>
  /** The landing pages' quality gate: every page's score and the weakest few (landing-quality.ts). */
  readonly landingQuality: LandingPlan['quality']
  /** Every generated landing page, for redirects and the published-URL record. */
  readonly landingPages: readonly LandingIdentity[]
  /** 301s for landing pages published before (published-urls.json) that this build no longer makes. */
  readonly redirects: readonly LandingRedirect[]
  readonly errors: readonly ConfigError[]
  /** Problems that do not stop the build: area chips without a page, heading levels the content skips (heading-order.ts). */
  readonly warnings: readonly ConfigError[]
  /** The site's other languages, each with its own pages among `routes` (plan-languages.ts); none for a site in one language. */
  readonly editions: readonly EditionPlan[]
}

/**
 * What rendering and the checks read of a plan: all of it but the landing pages' identities and
 * gates, which only the end of a build reads (build/plan-aside.ts).
 */
export type RenderPlan = Omit<BuildPlan, 'landingPages' | 'landingQuality' | 'editions'> & {
  readonly editions: readonly Omit<EditionPlan, 'landingQuality'>[]
}

/**
 * A route as a page declares it, before its output path, full title and description (the site's
 * where the page has none) are worked out.
 */
type RouteInput = Undescribed<RouteVariant> & {
  url: string
  title: string
  /** The title is complete as written: no titleTemplate (a page's `titleTemplate: false`). */
  isTitleComplete?: boolean
  description?: string
  noindex?: boolean
  propsKey?: string
  origin: Origin
  /** The output file when it is not the one urls.ts decides (404.html). */
  outputPath?: string
  /** Files the page is made from, when more than its origin (landing pages). */
  sources?: readonly string[]
}

type Undescribed<V> = V extends unknown ? Omit<V, 'description'> : never

/**
 * Stage 2: decides every HTML file of the output (URL, output path, template, props). Pure: no
 * I/O, no rendering, so conflicts are reported before any expensive work. Also checks every
 * internal link written in YAML against the finished route table.
 */
export function planSite(site: SiteConfig, options: { prints?: PrintStore } = {}): BuildPlan {
  // published-urls.json records every language's landing pages: each is planned with its own
  // (its 301s are its own), as addresses without its segment, which planLanguages puts back.
  const segments = site.site.languages.flatMap((l) => (l.path ? [`/${l.path}`] : []))
  const base = planPages({ ...site, published: publishedUnder(site.published, '', segments) }, options)
  // The store keeps one comparison of siblings, the default language's: another language's pages
  // are compared from scratch (and their texts' prints are kept as any page's).
  const prints = options.prints && {
    get: options.prints.get.bind(options.prints),
    set: options.prints.set.bind(options.prints),
    keepSiblings() {},
    shelve: options.prints.shelve,
  }
  // A language's own links (config's Edition: its translations' Markdown) may name its pages by
  // the default language's addresses, which its pages then link in this language: they are
  // checked once those addresses are known, not by the language's own plan.
  const languages = planLanguages(site, base, (edition) =>
    planPages({ ...edition, links: [], published: publishedUnder(site.published, edition.site.languagePath, segments) }, { prints }),
  )
  const translationLinks = languages.editions.flatMap((edition) =>
    checkLinks(edition.site, languages.routes, new Set(Object.keys(edition.links))),
  )
  return {
    ...base,
    routes: languages.routes,
    landingPages: [...base.landingPages, ...languages.landingPages],
    redirects: [...base.redirects, ...languages.redirects],
    editions: languages.editions,
    errors: [...base.errors, ...languages.errors, ...translationLinks],
    warnings: [...base.warnings, ...languages.warnings],
  }
}

/**
 * The published landing pages of one language, as its plan addresses them: under its segment
 * (`/es`), without it; for the default language (segment ""), those under no other language's.
 */
function publishedUnder(record: PublishedRecord, segment: string, segments: readonly string[]): PublishedRecord {
  if (segments.length === 0) return record
  const under = (url: string, at: string) => url.startsWith(`${at}/`)
  const pages = Object.entries(record.pages).flatMap(([url, page]) => {
    if (segment) return under(url, segment) ? [[url.slice(segment.length), page] as const] : []
    return segments.some((s) => under(url, s)) ? [] : [[url, page] as const]
  })
  return { pages: Object.fromEntries(pages) }
}

/** The pages of one language of the site. */
function planPages(site: SiteConfig, options: { prints?: PrintStore }): Omit<BuildPlan, 'editions'> {
  const errors: ConfigError[] = []
  const inputs: RouteInput[] = []
  const describe = (text: string | undefined) => text ?? site.site.description ?? ''
  // Pages that no single file declares (blog listing, 404) point at site.yaml.
  const siteOrigin: Origin = { file: displayFile(path.join(site.root, 'site.yaml')), path: '' }

  for (const page of site.pages) {
    inputs.push({
      url: page.path,
      template: 'sections',
      title: page.title,
      isTitleComplete: page.titleTemplate === false,
      description: page.description,
      noindex: page.noindex,
      props: page,
      origin: page.origin,
    })
  }
  for (const service of site.services) {
    if (!isSlug(service.slug)) {
      errors.push(fail(BadFileSlug, service.origin, 'service', service.slug))
      continue
    }
    inputs.push({
      url: servicePageUrl(service),
      template: 'service',
      title: service.title,
      isTitleComplete: service.titleTemplate === false,
      description: service.description,
      props: service,
      origin: service.origin,
    })
  }
  if (site.posts.length > 0) {
    const perPage = site.site.blog?.perPage ?? 9
    const pageCount = Math.ceil(site.posts.length / perPage)
    const title = blogTitle(site.site)
    for (let n = 1; n <= pageCount; n++) {
      inputs.push({
        url: n === 1 ? '/blog' : `/blog/page/${n}`,
        template: 'blog-index',
        title: n === 1 ? title : siteText(site.site, 'blogPageHeadTitle', { title, page: n }),
        description: site.site.blog?.description,
        props: { page: n, pageCount, slugs: site.posts.slice((n - 1) * perPage, n * perPage).map((p) => p.slug) },
        origin: { ...siteOrigin, path: 'blog' },
      })
    }
    for (const post of site.posts) {
      if (!isSlug(post.slug)) {
        errors.push(fail(BadFileSlug, post.origin, 'post', post.slug))
        continue
      }
      inputs.push({
        url: `/blog/${post.addressSlug ?? post.slug}`,
        template: 'post',
        title: post.title,
        isTitleComplete: post.titleTemplate === false,
        description: post.excerpt,
        props: post,
        origin: post.origin,
      })
    }
  }
  const locations = planLocationsRoute(site)
  const landing = planLanding(site, { locationsUrl: locations?.url, prints: options.prints })
  errors.push(...landing.errors)
  for (const page of landing.pages) {
    inputs.push({
      url: page.url,
      template: 'landing',
      title: page.title,
      noindex: page.noindex,
      landing: page.parts,
      propsKey: page.propsKey,
      origin: page.origin,
      sources: page.sources,
    })
  }
  if (locations) inputs.push({ ...locations, props: locations.props(landing.urls) })
  inputs.push({
    url: '/404',
    outputPath: '404.html',
    template: 'not-found',
    title: siteText(site.site, 'pageNotFound'),
    noindex: true,
    props: {},
    origin: siteOrigin,
  })

  const routes: RoutePlan[] = []
  const byOutput = new Map<string, RouteInput>()
  for (const input of inputs) {
    const outputPath = input.outputPath ?? outputPathFor(input.url, site.site.trailingSlash)
    const taken = byOutput.get(outputPath)
    if (taken) {
      errors.push(fail(DuplicateRoute, { ...input.origin, also: [taken.origin] }, input.url, input.template, taken.template))
      continue
    }
    byOutput.set(outputPath, input)
    const { isTitleComplete, description, ...declared } = input
    const worked = {
      outputPath,
      title: isTitleComplete ? input.title : site.site.titleTemplate.replace('%s', input.title),
      noindex: input.noindex ?? false,
    }
    // A landing page's description is composed with its props when it renders (RoutePlan's `landing`).
    const route: RoutePlan =
      declared.template === 'landing' ? extended(declared, worked) : extended(declared, { ...worked, description: describe(description) })
    routes.push(route)
  }
  // Success pages of forms posted without JavaScript (noindex, so never in the sitemap).
  const formPages = planFormPages(site, routes)
  routes.push(...formPages.routes)
  errors.push(...formPages.errors, ...takenFieldNames(site))
  errors.push(...checkLinks(site, routes), ...checkFragmentLinks(site, routes))
  const landingPages = landing.pages.map((p) => p.identity)
  const redirects = planLandingRedirects({
    published: site.published,
    pages: landingPages,
    routeUrls: new Set(routes.map((r) => r.url)),
    fallback: routes.find((r) => r.template === 'locations')?.url ?? '/',
    servicePages: new Map(site.services.map((s) => [s.slug, servicePageUrl(s)])),
    formerNames: new Map(
      Object.entries(site.areas.places ?? {}).flatMap(([area, place]) => (place.formerly ?? []).map((former) => [former, area] as const)),
    ),
  })
  const warnings = [...findChipsWithoutPage(site, landing.urls), ...findHeadingSkips(site)]
  return { routes, landingUrls: landing.urls, landingQuality: landing.quality, landingPages, redirects, errors, warnings }
}

/** A service's page, at the address its language gives it. */
function servicePageUrl(service: ServiceConfig): string {
  return `/services/${service.addressSlug ?? service.slug}`
}

/** `aliases`: other addresses an absolute link may write for a page (a language's, see planSite). */
function checkLinks(site: SiteConfig, routes: readonly RoutePlan[], aliases: ReadonlySet<string> = new Set()): ConfigError[] {
  const urls = new Set(routes.map((r) => r.url))
  const leadsSomewhere = (path: string) =>
    urls.has(path) || path.startsWith('/assets/') || path === '/sitemap.xml' || path === feedUrl(site.site)
  // A relative link is resolved as a browser would, against the address of each page made from
  // the file it is written in (a post, a Markdown page, a YAML page with a Markdown field).
  let pagesByFile: Map<string, string[]> | undefined
  const pagesOf = (file: string) => {
    if (!pagesByFile) {
      pagesByFile = new Map()
      for (const r of routes) addTo(pagesByFile, r.origin.file, r.url)
    }
    return pagesByFile.get(file) ?? []
  }
  return site.links.flatMap(({ href, origin }) => {
    if (href.startsWith('#')) return [] // on its own page: checkFragmentLinks
    if (isRelativeHref(href)) {
      for (const page of pagesOf(origin.file)) {
        const path = linkPath(resolveHref(href, publicPath(page, site.site.trailingSlash)))
        if (leadsSomewhere(path)) continue
        // Most often the page meant is the one the link names from the site's root.
        const fromRoot = linkPath(resolveHref(href, '/'))
        return [fail(RelativeLinkToNowhere, origin, href, page, path, urls.has(fromRoot) ? fromRoot : closestMatch(path, urls))]
      }
      return []
    }
    const path = linkPath(href)
    if (leadsSomewhere(path) || aliases.has(path)) return []
    const guess = closestMatch(path, urls)
    return [fail(LinkToNowhere, origin, href, path, guess)]
  })
}
