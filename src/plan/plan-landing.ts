import path from 'node:path'
import { digestJson, hash } from '../cache/digest.js'
import { formsReceived } from '../config/presets/hosts.js'
import { escapePointer, pointerOrigin } from '../config/read/locate.js'
import type { Content } from '../config/site-input.generated.js'
import type { ServiceConfig, SiteConfig } from '../config/site-model.js'
import {
  ChipsWithoutLanding,
  ExclusionRemovesNothing,
  fail,
  NotALandingPage,
  RedundantLandingPage,
  SameLandingAddress,
  UnknownLandingService,
  UnknownRegion,
} from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { addTo } from '../tool/group.js'
import { composeLanding, sharedIdentities } from './landing-content.js'
import { checkLayouts } from './landing-layout.js'
import type { LandingIdentity } from './landing-model.js'
import {
  type PageQuality,
  type PrintStore,
  partPrinter,
  type QualityInput,
  type QualitySettings,
  scoreLandingPages,
  weakestPages,
} from './landing-quality.js'
import { landingTextParts, wordsOf } from './landing-text.js'
import { findNearbyAreas, type NearbyArea, type NearbyCandidate } from './nearby-areas.js'
import type { LandingParts } from './route-plan.js'
import { cityName, landingPath, stateCode } from './slug.js'

export type { LandingPageProps } from './landing-model.js'

export interface PlannedLanding {
  readonly url: string
  /** Before the site's titleTemplate. */
  readonly title: string
  readonly noindex: boolean
  readonly identity: LandingIdentity
  /** What the page's props are composed from, when it is rendered (RoutePlan.landing). */
  readonly parts: LandingParts
  /** Stands for the props in cache keys (see digestOptions). */
  readonly propsKey: string
  readonly origin: Origin
  /** Absolute paths of the files the page is made from (for the sitemap's lastmod). */
  readonly sources: readonly string[]
}

export interface LandingPlan {
  readonly pages: readonly PlannedLanding[]
  /** `${area}|${service}` → URL of every landing page, generated or hand-written in pages/. */
  readonly urls: Readonly<Record<string, string>>
  readonly quality: { readonly pages: readonly PageQuality[]; readonly weakest: readonly PageQuality[]; readonly settings: QualitySettings }
  readonly errors: readonly ConfigError[]
}

/** The quality gate's thresholds: landing.yaml's `quality`, else the defaults. */
export function qualitySettings(landing: SiteConfig['landing']): QualitySettings {
  return {
    minLocalWords: landing?.quality?.minLocalWords ?? 40,
    maxSimilarity: landing?.quality?.maxSimilarity ?? 0.9,
    minWords: landing?.quality?.minWords ?? 0,
  }
}

/** Key of the landing-page lookup templates use: `${area}|${serviceSlug}`. */
export const landingKey = (area: string, service: string): string => `${area}|${service}`

interface Wanted {
  readonly area: string
  readonly service: ServiceConfig
  /** The area list of the matrix rule that makes the page; absent for a `pages` entry alone. */
  readonly list?: string
  index?: boolean
  content?: Content
}

/**
 * Expands landing.yaml into pages: every matrix rule (area list × services, services outermost so
 * the first pages are one service's cities), then single pages, minus exclusions; a page declared
 * twice is made once. Composes each page's content, links it to its nearest areas and sibling
 * services, and runs the quality gate, so `noindex` is known before anything is rendered.
 */
export function planLanding(site: SiteConfig, options: { locationsUrl?: string; prints?: PrintStore } = {}): LandingPlan {
  const errors: ConfigError[] = []
  const settings = qualitySettings(site.landing)
  const landing = site.landing
  if (!landing) return { pages: [], urls: handWrittenLandingUrls(site), quality: { pages: [], weakest: [], settings }, errors }
  const origin: Origin = landing.origin
  const originAt = (pointer: string, at?: 'key' | 'value') => pointerOrigin(origin.file, pointer, at)
  const services = new Map(site.services.map((s) => [s.slug, s]))

  // Every area name here is an area's own name: config/areas/resolve-areas.ts resolved (or reported) each.
  const wanted = new Map<string, Wanted>()
  for (const rule of landing.matrix ?? []) {
    const list = Object.hasOwn(site.areas.lists, rule.areas) ? site.areas.lists[rule.areas]! : []
    for (const slug of rule.services) {
      const service = services.get(slug)
      if (!service) continue // config/ reported the unknown service
      for (const area of list)
        if (!wanted.has(landingKey(area, slug))) wanted.set(landingKey(area, slug), { area, service, list: rule.areas })
    }
  }
  ;(landing.pages ?? []).forEach((page, i) => {
    const service = services.get(page.service)
    if (!service) return
    const entry = wanted.get(landingKey(page.area, page.service))
    // A `pages` entry may only add a page, or set what a matrix page cannot: `index` and `content`.
    if (entry?.list !== undefined && page.index === undefined && page.content === undefined) {
      errors.push(fail(RedundantLandingPage, originAt(`/pages/${i}`), page.area, page.service, entry.list))
    }
    wanted.set(landingKey(page.area, page.service), {
      ...(entry ?? { area: page.area, service }),
      index: page.index,
      content: page.content,
    })
  })
  // Which exclusion removed which page, so the chip check can name it as the cause.
  const excluded = new Map<string, number>()
  // An exclusion of an area in no list was reported by the config (unknown-area): not again here.
  const listed = new Set(Object.values(site.areas.lists).flat())
  ;(landing.exclude ?? []).forEach((x, i) => {
    let removed = 0
    for (const [key, entry] of wanted) {
      if (entry.area === x.area && (!x.service || x.service === entry.service.slug)) {
        removed += Number(wanted.delete(key))
        excluded.set(key, i)
      }
    }
    if (removed === 0 && listed.has(x.area)) errors.push(fail(ExclusionRemovesNothing, originAt(`/exclude/${i}`), x.area, x.service))
  })
  for (const slug of Object.keys(landing.services ?? {})) {
    if (!services.has(slug))
      errors.push(fail(UnknownLandingService, originAt(`/services/${escapePointer(slug)}`, 'key'), slug, [...services.keys()]))
  }

  // In another language, a town whose place is not translated yet has no page.
  const translated = [...wanted.values()].filter((e) => !site.untranslatedAreas?.has(e.area))
  const entries = dropSameAddress(translated, (...args) => errors.push(fail(SameLandingAddress, originAt('/matrix', 'key'), ...args)))
  const byService = groupBy(entries, (e) => e.service.slug)
  const byArea = groupBy(entries, (e) => e.area)
  // Own keys only: an area or region may be called `constructor`.
  const placeOf = (area: string) => (site.areas.places && Object.hasOwn(site.areas.places, area) ? site.areas.places[area] : undefined)
  const geoOf = (area: string) => {
    const place = placeOf(area)
    return place?.lat !== undefined && place.lng !== undefined ? { lat: place.lat, lng: place.lng } : undefined
  }
  const candidates = new Map(
    [...byService].map(([slug, list]) => [slug, list.map((e): NearbyCandidate => ({ area: e.area, geo: geoOf(e.area) }))]),
  )
  // Services offered in the same areas have the same candidates, so they share each area's
  // nearby list (usually all of them do: at four services, three quarters of the work saved).
  // A set is keyed by its areas' names, too long a key to look up per page: each service finds
  // its set's map once.
  const nearbyBySet = new Map<string, Map<string, NearbyArea[]>>()
  const nearbyByService = new Map(
    [...candidates].map(([slug, list]): [string, Map<string, NearbyArea[]>] => {
      const set = list.map((c) => c.area).join('\n')
      let byArea = nearbyBySet.get(set)
      if (!byArea) nearbyBySet.set(set, (byArea = new Map()))
      return [slug, byArea]
    }),
  )
  // Services offered in different areas often find an area the same nearest ones (the areas they
  // add are far away): equal lists are one array, kept by every page while the pages render.
  const nearbyLists = new Map<string, NearbyArea[]>()
  const nearbyOf = (area: string, slug: string): NearbyArea[] => {
    const byArea = nearbyByService.get(slug)!
    let nearby = byArea.get(area)
    if (!nearby) {
      const found = findNearbyAreas({
        area,
        geo: geoOf(area),
        candidates: candidates.get(slug)!,
        count: landing.nearby?.count ?? 6,
        maxMiles: landing.nearby?.maxMiles,
      })
      const key = found.map((n) => `${n.area}\n${n.miles}`).join('\n')
      nearby = nearbyLists.get(key)
      if (!nearby) nearbyLists.set(key, (nearby = found))
      byArea.set(area, nearby)
    }
    return nearby
  }
  const areaServices = new Map<string, LandingParts['areaServices']>()
  const areaServicesOf = (area: string) => {
    let list = areaServices.get(area)
    if (!list) areaServices.set(area, (list = byArea.get(area)!.map((e) => ({ slug: e.service.slug, title: e.service.title }))))
    return list
  }
  const optedIn = new Set(landing.quality?.index ?? [])
  // A form nobody receives is shown as the business's phone and email, without the form's words.
  const form =
    landing.variant?.form && Object.hasOwn(site.forms, landing.variant.form) && formsReceived(site.site)
      ? site.forms[landing.variant.form]
      : undefined

  const printer = partPrinter(options.prints?.shelve)
  const localWords = new Map<string, number>()
  const localWordsOf = (area: string) => {
    let count = localWords.get(area)
    if (count === undefined) {
      const local = placeOf(area)?.local
      localWords.set(area, (count = local ? wordsOf(printer.toText(local)).length : 0))
    }
    return count
  }
  // The site's featured services as cards, in site.yaml order: one object shared by every page.
  const cards = {
    services: site.site.services
      .flatMap((slug) => site.services.filter((s) => s.slug === slug))
      .map((s) => ({ slug: s.slug, title: s.title, description: s.summary ?? s.description, features: s.features })),
  }
  // citypress's words in the site's language: one object shared by every page.
  const words = { language: site.site.language, messages: site.site.messages }
  const badRegions = new Set<string>()
  // The main text is a function of the props and the form, so their digests key the summary.
  const formDigest = digestJson(form ?? null)
  const planned = entries.map((entry) => {
    const url = landingPath(entry.area, entry.service.addressSlug ?? entry.service.slug)
    const place = placeOf(entry.area)
    const region =
      place?.region && site.areas.regions && Object.hasOwn(site.areas.regions, place.region) ? site.areas.regions[place.region] : undefined
    if (place?.region && !region && !badRegions.has(entry.area) && badRegions.add(entry.area))
      errors.push(fail(UnknownRegion, regionOrigin(site, entry.area), entry.area, place.region))
    const compose: LandingParts = {
      url,
      area: entry.area,
      service: entry.service,
      landing,
      place,
      region,
      pageContent: entry.content,
      nearby: nearbyOf(entry.area, entry.service.slug),
      areaServices: areaServicesOf(entry.area),
      locationsUrl: options.locationsUrl,
      words,
      stats: site.site.business?.stats,
      cards,
    }
    const propsKey = digestOptions(compose)
    const key = hash(`${formDigest}\n${propsKey}`)
    let summary = options.prints?.get(key)
    if (!summary) {
      // Composed here only to be summarised; the page's text exists only while it is printed.
      const { title, props } = composeLanding(compose)
      summary = {
        // The page's own town and county as one word: see PartPrinter.print.
        print: printer.print(landingTextParts(props, form, printer.toText), [entry.area.split(',')[0]!, place?.county ?? '']),
        localWords: localWordsOf(entry.area),
        title,
        description: props.description,
        h1: props.hero.title,
      }
      options.prints?.set(key, summary)
    }
    return { entry, url, compose, propsKey, key, summary }
  })
  const quality = scoreLandingPages(
    planned.map(
      (p): QualityInput => ({
        url: p.url,
        area: p.entry.area,
        print: p.summary.print,
        key: p.key,
        localWords: p.summary.localWords,
        groups: [`service:${p.entry.service.slug}`, `area:${p.entry.area}`],
        unique: { title: p.summary.title, description: p.summary.description, h1: p.summary.h1 },
        index: p.entry.index ?? (optedIn.has(p.url) ? true : undefined),
      }),
    ),
    settings,
    options.prints,
  )
  const madeUrls = new Set(planned.map((p) => p.url))
  errors.push(...checkLayouts(landing))
  for (const url of optedIn) if (!madeUrls.has(url)) errors.push(fail(NotALandingPage, originAt('/quality/index'), url))

  const shared = [path.resolve(origin.file), path.join(site.root, 'areas.yaml'), ...(form ? [path.join(site.root, 'forms.yaml')] : [])]
  // One list per service, shared by its pages (thousands of copies of the same paths otherwise).
  const sourcesOf = new Map(site.services.map((s) => [s.slug, [...shared, path.resolve(s.origin.file)]]))
  const identityOf = sharedIdentities()
  const pages = planned.map(
    (p, i): PlannedLanding => ({
      url: p.url,
      title: p.summary.title,
      noindex: !quality[i]!.indexable,
      identity: identityOf(p.compose),
      parts: p.compose,
      propsKey: p.propsKey,
      origin,
      sources: sourcesOf.get(p.entry.service.slug)!,
    }),
  )
  errors.push(...checkServiceChips(site, { made: new Set(entries.map((e) => landingKey(e.area, e.service.slug))), excluded }))
  return {
    pages,
    urls: {
      ...Object.fromEntries(pages.map((p) => [landingKey(p.identity.area, p.identity.service.slug), p.url])),
      ...handWrittenLandingUrls(site),
    },
    quality: { pages: quality, weakest: weakestPages(quality, landing.quality?.report ?? 5), settings },
    errors,
  }
}

/** Where a place names its region: in areas.yaml, where the mistake is. */
function regionOrigin(site: SiteConfig, area: string): Origin {
  const path = `places["${area}"].region`
  return site.areasFile ? { ...pointerOrigin(site.areasFile, `/places/${escapePointer(area)}/region`), path } : { file: 'areas.yaml', path }
}

/**
 * A digest standing for the props composeLanding makes from these options: it is a pure function
 * of them, and the code is part of every cache key. Digesting the inputs costs a fraction of
 * digesting the 6 kB of props each page has (0.6 s at 10,000 pages), because every object and
 * array among them (service, landing.yaml, place, region, the nearby areas, the area's services)
 * is shared by several pages, and digestJson digests each once: what a page has of its own is
 * its URL and area.
 */
function digestOptions(options: LandingParts): string {
  let text = ''
  for (const [key, value] of Object.entries(options)) {
    text += `${key}=${value !== null && typeof value === 'object' ? digestJson(value) : JSON.stringify(value)}\n`
  }
  return hash(text)
}

/**
 * Pages written by hand at /lp/{city}-{service} (pages/*.yaml) count as that city's landing page
 * for chips, the footer and the locations index, when their path names a known area and service.
 */
export function handWrittenLandingUrls(site: SiteConfig): Record<string, string> {
  const areas = Object.values(site.areas.lists).flat()
  const found: Record<string, string> = {}
  for (const page of site.pages) {
    if (!page.path.startsWith('/lp/')) continue
    const service = site.services.find((s) => page.path.endsWith(`-${s.slug}`))
    const area = service && areas.find((a) => landingPath(a, service.slug) === page.path)
    if (service && area) found[landingKey(area, service.slug)] = page.path
  }
  return found
}

/**
 * Every chip of a service page with `areas.landingService` must link to a page (issue: chips),
 * unless the service (or site.yaml `servicePage.areas`) says plain chips are meant. When
 * landing.yaml `exclude` removed the page, the hint names that exclusion, not a matrix rule.
 */
function checkServiceChips(site: SiteConfig, pages: { made: ReadonlySet<string>; excluded: ReadonlyMap<string, number> }): ConfigError[] {
  const handWritten = handWrittenLandingUrls(site)
  return site.services.flatMap((service) => {
    const target = service.areas?.landingService
    if (!target || (service.areas?.allowPlainChips ?? site.site.servicePage?.areas?.allowPlainChips)) return []
    const lists = [service.areas!.list, ...(service.areas!.more ?? []).map((group) => group.list)]
    const missing = [...new Set(lists.flatMap((list) => (Object.hasOwn(site.areas.lists, list) ? site.areas.lists[list]! : [])))].filter(
      // In another language, a town not translated yet is a plain chip: its page is missing only there.
      (area) => !pages.made.has(landingKey(area, target)) && !handWritten[landingKey(area, target)] && !site.untranslatedAreas?.has(area),
    )
    if (missing.length === 0) return []
    const excludedBy = missing.flatMap((area) => {
      const index = pages.excluded.get(landingKey(area, target))
      return index === undefined ? [] : [{ area, index }]
    })
    const cause =
      excludedBy.length > 0
        ? {
            areas: excludedBy.map((x) => cityName(x.area)),
            entries: [...new Set(excludedBy.map((x) => x.index))],
            notExcluded: missing.length - excludedBy.length,
          }
        : undefined
    return [
      fail(ChipsWithoutLanding, pointerOrigin(service.origin.file, '/areas/landingService'), {
        service: service.slug,
        target,
        missing: missing.map(cityName),
        lists,
        excluded: cause,
      }),
    ]
  })
}

/**
 * The slug drops the state, so "Springfield, IL" and "Springfield, MO" would share an address. Say
 * which areas collide (the generic duplicate-route error could only name landing.yaml twice) and
 * keep the first.
 */
function dropSameAddress(
  entries: readonly Wanted[],
  collides: (first: string, second: string, url: string, services: readonly string[]) => void,
): Wanted[] {
  const byUrl = new Map<string, Wanted>()
  // Once per pair of areas, with every service whose pages they share.
  const pairs = new Map<string, { first: string; second: string; url: string; services: string[] }>()
  for (const entry of entries) {
    const url = landingPath(entry.area, entry.service.addressSlug ?? entry.service.slug)
    const first = byUrl.get(url)
    if (!first) {
      byUrl.set(url, entry)
      continue
    }
    // Two spellings of one town in one state are config/'s error (same-area-slug), at both lines.
    if (stateCode(first.area) === stateCode(entry.area)) continue
    const key = `${first.area}\n${entry.area}`
    const pair = pairs.get(key) ?? pairs.set(key, { first: first.area, second: entry.area, url, services: [] }).get(key)!
    pair.services.push(entry.service.slug)
  }
  for (const { first, second, url, services } of pairs.values()) collides(first, second, url, services)
  return [...byUrl.values()]
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) addTo(groups, key(item), item)
  return groups
}
