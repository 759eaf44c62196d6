import path from 'node:path'
import type { Edition } from '../config/languages/edition.js'
import type { SiteLanguage } from '../config/languages/site-languages.js'
import { parsePointer } from '../config/read/locate.js'
import type { SiteConfig } from '../config/site-model.js'
import { fail, UnreviewedTranslation } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { addTo } from '../tool/group.js'
import { displayFile } from '../tool/package.js'
import type { LandingIdentity } from './landing-model.js'
import type { PageQuality } from './landing-quality.js'
import type { LandingRedirect } from './plan-redirects.js'
import type { BuildPlan } from './plan-site.js'
import type { Alternate, LanguageLink, RoutePlan } from './route-plan.js'
import { linkPath, outputPathFor, publicPath } from './urls.js'

/** A language after the first, as plan/ laid it out. */
export interface EditionPlan {
  readonly language: SiteLanguage
  /** The site in this language (config/languages/edition.ts), which its pages are rendered from. */
  readonly site: SiteConfig
  /** `${area}|${service}` → URL of each landing page in this language. */
  readonly landingUrls: Readonly<Record<string, string>>
  /** Its landing pages' gate, judged against their siblings in this language only. */
  readonly landingQuality: BuildPlan['landingQuality']
  /**
   * Where a root-relative link on this language's pages goes, by its route key: a page of this
   * language as the templates address it (without the language's segment), and a page of the default
   * language that has a version in this one. Links to other pages stay as written.
   */
  readonly links: Readonly<Record<string, string>>
}

/** What planning one language gives: its routes with their addresses, its landing pages and their 301s. */
interface PlannedLanguage {
  readonly routes: readonly RoutePlan[]
  readonly landingQuality: BuildPlan['landingQuality']
  readonly landingUrls: Readonly<Record<string, string>>
  readonly landingPages: readonly LandingIdentity[]
  readonly redirects: readonly LandingRedirect[]
  readonly errors: readonly ConfigError[]
  /** Told, never thrown: the build makes warnings of them. */
  readonly warnings: readonly ConfigError[]
}

/**
 * The site's pages in every language: the default language's where they are, every other
 * language's under its segment (`/es/…`), planned from its edition alone, so its landing pages
 * are judged against its own siblings. Then each page learns its versions (hreflang) and the links
 * to its twins, joined by translation key in one map.
 */
export function planLanguages(
  site: SiteConfig,
  base: PlannedLanguage,
  planEdition: (edition: SiteConfig) => PlannedLanguage,
): {
  routes: RoutePlan[]
  editions: EditionPlan[]
  landingPages: LandingIdentity[]
  redirects: LandingRedirect[]
  errors: ConfigError[]
  warnings: ConfigError[]
} {
  const [first] = site.site.languages
  if (!first || site.site.languages.length < 2)
    return { routes: [...base.routes], editions: [], landingPages: [], redirects: [], errors: [], warnings: [] }
  const errors: ConfigError[] = []
  const warnings: ConfigError[] = []
  const landingPages: LandingIdentity[] = []
  const redirects: LandingRedirect[] = []
  const keyOf = translationKey(site.root)
  const versions = new Map<string, RoutePlan[]>()
  const add = (route: RoutePlan) => addTo(versions, keyOf(route), route)
  const baseRoutes = base.routes.map((route) => ({ ...route, language: first.code }))
  for (const route of baseRoutes) add(route)
  const editions: (Omit<EditionPlan, 'links'> & { local: Map<string, RoutePlan> })[] = []
  const editionRoutes: RoutePlan[] = []
  for (const edition of site.editions) {
    if (!edition.site) continue
    const planned = planEdition(edition.site)
    // Problems of the files the translation shares with the default language were told with them.
    const own = (problem: ConfigError) => isTranslationFile(site.root, problem.file)
    errors.push(...planned.errors.filter(own))
    warnings.push(...planned.warnings.filter(own))
    const segment = edition.site.site.languagePath
    const local = (url: string) => (url === '/' ? segment : `${segment}${url}`)
    landingPages.push(...planned.landingPages.map((page) => ({ ...page, url: local(page.url) })))
    redirects.push(...planned.redirects.map((r) => ({ ...r, from: local(r.from), to: local(r.to) })))
    const hidden = hiddenFrom(site.root, edition.language.code, edition.hidden)
    if (edition.unreviewed.length > 0)
      warnings.push(fail(UnreviewedTranslation, { file: displayFile(path.join(site.root, 'site.yaml')) }, edition.unreviewed))
    const moved = new Map<string, RoutePlan>()
    for (const route of planned.routes) {
      const url = local(route.url)
      const page: RoutePlan = {
        ...route,
        url,
        outputPath: route.template === 'not-found' ? `${segment.slice(1)}/404.html` : outputPathFor(url, site.site.trailingSlash),
        language: edition.language.code,
        // A machine's translation that no one read, or one that reads as the default language,
        // builds for visitors, never for search engines.
        noindex: route.noindex || hidden(route),
      }
      moved.set(linkPath(route.url), page)
      editionRoutes.push(page)
      add(page)
    }
    const landingUrls = Object.fromEntries(
      Object.entries(planned.landingUrls).map(([key, url]) => [key, moved.get(linkPath(url))?.url ?? url]),
    )
    // The gate's verdicts at this language's addresses (its reasons name the sibling, by address too).
    const at = (page: PageQuality): PageQuality => ({
      ...page,
      url: local(page.url),
      ...(page.nearest ? { nearest: local(page.nearest) } : {}),
      reasons: page.reasons.length === 0 ? page.reasons : page.reasons.map((r) => r.replace(/\/lp\/[a-z0-9-]+/g, local)),
    })
    const { pages, weakest, settings } = planned.landingQuality
    const landingQuality = { pages: pages.map(at), weakest: weakest.map(at), settings }
    editions.push({ language: edition.language, site: edition.site, landingUrls, landingQuality, local: moved })
  }

  const languages = site.site.languages
  const homeOf = new Map(
    [...baseRoutes, ...editionRoutes].filter((r) => r.template === 'sections' && isHome(r, languages)).map((r) => [r.language!, r.url]),
  )
  const withLinks = (route: RoutePlan): RoutePlan => {
    const twins = versions.get(keyOf(route)) ?? []
    const indexable = twins.filter((t) => !t.noindex)
    const alternates: Alternate[] =
      !route.noindex && indexable.length >= 2
        ? [
            ...languages.flatMap((l) => indexable.filter((t) => t.language === l.code).map((t) => ({ hreflang: l.code, url: t.url }))),
            ...indexable.filter((t) => t.language === first.code).map((t) => ({ hreflang: 'x-default', url: t.url })),
          ]
        : []
    const otherLanguages: LanguageLink[] = languages.flatMap((l) => {
      if (l.code === route.language) return []
      const url = twins.find((t) => t.language === l.code)?.url ?? homeOf.get(l.code)
      return url ? [{ code: l.code, label: l.label, url }] : []
    })
    return {
      ...route,
      ...(alternates.length ? { alternates } : {}),
      ...(otherLanguages.length ? { otherLanguages } : {}),
    }
  }
  const routes = [...baseRoutes, ...editionRoutes].map(withLinks)
  return {
    routes,
    landingPages,
    redirects,
    errors,
    warnings,
    editions: editions.map(({ local, ...edition }) => {
      const { language } = edition
      const links: Record<string, string> = {}
      // Pages of the default language with a version here: the links the site's files write (a menu's `/about`).
      for (const route of baseRoutes) {
        const twin = versions.get(keyOf(route))?.find((t) => t.language === language.code)
        if (twin) links[linkPath(route.url)] = publicPath(twin.url, site.site.trailingSlash)
      }
      // This language's own pages, as its templates address them: over the above where both name one address.
      for (const [key, route] of local) links[key] = publicPath(route.url, site.site.trailingSlash)
      return { ...edition, links }
    }),
  }
}

/**
 * What the versions of one page share: the file it is made from, as the default language names
 * it (a translation mirrors its base file under locales/<code>/), and what tells its pages apart.
 */
function translationKey(root: string): (route: RoutePlan) => string {
  // Each route is asked for its key more than once, and thousands of landing pages share a
  // service's file: both are worked out once.
  const names = new Map<string, string>()
  const keys = new WeakMap<RoutePlan, string>()
  const baseName = (file: string) => {
    let name = names.get(file)
    if (name === undefined) {
      name = path
        .relative(root, path.resolve(file))
        .split(path.sep)
        .join('/')
        .replace(/^locales\/[^/]+\//, '')
      names.set(file, name)
    }
    return name
  }
  const keyOf = (route: RoutePlan): string => {
    switch (route.template) {
      case 'landing':
        return `landing|${route.landing.area}|${baseName(route.landing.service.origin.file)}`
      case 'blog-index':
        return `blog-index|${route.props.page}`
      case 'form-success':
        return `form-success|${route.props.form}`
      case 'sections':
      case 'service':
      case 'post':
        return `${route.template}|${baseName(route.origin.file)}`
      default:
        return route.template
    }
  }
  return (route) => {
    let key = keys.get(route)
    if (key === undefined) keys.set(route, (key = keyOf(route)))
    return key
  }
}

/** Whether a file (a display path) is a translation: under locales/ of the site. */
function isTranslationFile(root: string, file: string): boolean {
  return path.relative(root, path.resolve(file)).split(path.sep)[0] === 'locales'
}

/**
 * Whether a page of a language is made from a translation kept out of search (config's
 * Edition `hidden`): its own file, one every page shows (site.yaml, forms.yaml), a landing page's
 * shared ones, or its town's place.
 */
function hiddenFrom(root: string, code: string, hidden: Edition['hidden']): (route: RoutePlan) => boolean {
  const { files, areas } = hidden
  if (files.size === 0 && areas.size === 0) return () => false
  const name = (file: string) => path.relative(root, path.resolve(file)).split(path.sep).join('/')
  const folder = `locales/${code}`
  const everyPage = ['site.yaml', 'forms.yaml'].some((f) => files.has(`${folder}/${f}`))
  const landing = ['landing.yaml', 'areas.yaml'].some((f) => files.has(`${folder}/${f}`))
  return (route) =>
    everyPage ||
    files.has(name(route.origin.file)) ||
    (route.template === 'landing' && (landing || areas.has(route.landing.area) || files.has(name(route.landing.service.origin.file))))
}

/** The home page of a language: `/`, or its segment. */
function isHome(route: RoutePlan, languages: readonly SiteLanguage[]): boolean {
  const language = languages.find((l) => l.code === route.language)
  return route.url === (language?.path ? `/${language.path}` : '/')
}

/** How many pages of each kind a language has, beside the default language's, and the texts it lacks. */
export interface LanguageCoverage {
  readonly code: string
  readonly kinds: readonly { readonly kind: RoutePlan['template']; readonly built: number; readonly base: number }[]
  /** Each text without this language's translation: where it is in the base file, and the translation file to write it in. */
  readonly missing: readonly { readonly file: string; readonly line: number; readonly field: string; readonly translation: string }[]
}

/** Each other language's pages by kind, against the default language's: what its translation covers, and what it lacks. */
export function languageCoverage(routes: readonly RoutePlan[], site: Pick<SiteConfig, 'site' | 'editions'>): LanguageCoverage[] {
  const [first, ...others] = site.site.languages
  if (!first || others.length === 0) return []
  const counts = new Map<string, Map<RoutePlan['template'], number>>()
  for (const route of routes) {
    const code = route.language ?? first.code
    const kinds = counts.get(code) ?? new Map()
    counts.set(code, kinds.set(route.template, (kinds.get(route.template) ?? 0) + 1))
  }
  const base = counts.get(first.code) ?? new Map()
  return others.map((language) => ({
    code: language.code,
    kinds: [...base].map(([kind, count]) => ({ kind, base: count, built: counts.get(language.code)?.get(kind) ?? 0 })),
    missing: (site.editions.find((e) => e.language.code === language.code)?.missing ?? []).map((m) => ({
      file: m.file,
      line: m.line,
      field: parsePointer(m.pointer).join('.'),
      translation: m.translation,
    })),
  }))
}
