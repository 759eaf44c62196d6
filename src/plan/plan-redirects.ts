import { parseAreaName } from '../config/areas/area-names.js'
import { citySlug } from '../config/areas/area-slug.js'
import type { PublishedPage, PublishedRecord } from '../config/published/published-urls.js'
import type { LandingIdentity } from './landing-model.js'
import { milesBetween } from './nearby-areas.js'
import { stateCode } from './slug.js'

/**
 * Safe renames of landing pages: a changed city or service slug must not silently drop a page that
 * search engines and customers know, nor send it to another town. The site folder keeps a record
 * of every landing URL it ever published (src/config/published/published-urls.ts reads it, build()
 * writes it back); this module, pure, decides a 301 for each recorded URL the build no longer
 * makes. Redirects are recomputed from the whole record at every build, so they always point at a
 * page that exists today and never chain.
 */

export interface LandingRedirect {
  readonly from: string
  readonly to: string
  /** Why this target, for the build's message. */
  readonly reason: string
}

export interface PlanRedirectsOptions {
  readonly published: PublishedRecord
  /** The landing pages this build makes. */
  readonly pages: readonly LandingIdentity[]
  /** Every URL this build makes (any page kind): a recorded URL still served needs nothing. */
  readonly routeUrls: ReadonlySet<string>
  /** Where to send a page nothing else matches: the locations index, else the home page. */
  readonly fallback: string
  /** Each service's own page, by its slug: where a removed page of it goes when no town is left for it. */
  readonly servicePages: ReadonlyMap<string, string>
  /** A town's former name → its area now (areas.yaml places `formerly`). */
  readonly formerNames?: ReadonlyMap<string, string>
}

export function planLandingRedirects(options: PlanRedirectsOptions): LandingRedirect[] {
  const { pages, routeUrls } = options
  const servicePageOf = (service: string) => {
    const url = options.servicePages.get(service)
    return url !== undefined && routeUrls.has(url) ? url : undefined
  }
  const places = new PlaceIdentity(Object.values(options.published.pages), options.formerNames)
  return Object.keys(options.published.pages)
    .sort()
    .flatMap((from) => {
      if (routeUrls.has(from)) return []
      const old = options.published.pages[from]!
      const target = findTarget(old, pages, places, servicePageOf(old.service)) ?? {
        to: options.fallback,
        reason: 'page removed; nothing similar is left, so it goes to the overview',
      }
      return target.to === from ? [] : [{ from, ...target }]
    })
}

/** The record after this build: every URL published before, plus the pages made now. */
export function recordPublished(previous: PublishedRecord, pages: readonly LandingIdentity[]): PublishedRecord {
  const now = pages.map((p) => [p.url, publishedPage(p)] as const)
  // Usually every page is on record already, as it is: then the record is the one read (and is
  // not written again), without sorting and writing out 10,000 entries to find that out.
  if (now.every(([url, page]) => samePage(previous.pages[url], page))) return previous
  const merged: Record<string, PublishedPage> = { ...previous.pages, ...Object.fromEntries(now) }
  return {
    pages: Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((url) => [url, merged[url]!]),
    ),
  }
}

/** How the record keeps a landing page. */
function publishedPage(p: LandingIdentity): PublishedPage {
  return { area: p.area, service: p.service.slug, serviceTitle: p.service.title, ...(p.geo ? { lat: p.geo.lat, lng: p.geo.lng } : {}) }
}

function samePage(a: PublishedPage | undefined, b: PublishedPage): boolean {
  return (
    a !== undefined &&
    a.area === b.area &&
    a.service === b.service &&
    a.serviceTitle === b.serviceTitle &&
    a.lat === b.lat &&
    a.lng === b.lng
  )
}

function findTarget(
  old: PublishedPage,
  pages: readonly LandingIdentity[],
  places: PlaceIdentity,
  servicePage: string | undefined,
): Omit<LandingRedirect, 'from'> | undefined {
  const sameService = pages.filter((p) => p.service.slug === old.service || p.service.title === old.serviceTitle)
  const renamed = places.find(old, sameService)
  if (renamed) return { to: renamed.url, reason: 'same area and service, new address' }
  const nearest = nearestPage(old, sameService)
  if (nearest) return { to: nearest.page.url, reason: `page removed; nearest ${nearest.page.service.title} page (${nearest.miles} mi)` }
  const sameCity = places.find(old, pages)
  if (sameCity) return { to: sameCity.url, reason: `page removed; ${sameCity.service.title} in the same city` }
  if (servicePage) return { to: servicePage, reason: "page removed; the service's own page" }
  return undefined
}

/**
 * Which town a page is about, by identity, never by distance: two towns a mile apart are two
 * towns. A page is about the published page's town when its area is the same name by the one
 * area-name rule (or slugs alike in the same state: "Ft. Collins" and "Fort Collins"), or when it
 * is a town under a new name: one whose place lists the old name in `formerly` (as the editor
 * writes it on a rename), or an area never published before with the very coordinates the old
 * one had (a renamed town keeps its place facts).
 */
class PlaceIdentity {
  private readonly publishedAreas: Set<string>
  /** Former name's key → the area's key now. */
  private readonly renamed: Map<string, string>

  constructor(published: readonly PublishedPage[], formerNames: ReadonlyMap<string, string> = new Map()) {
    this.publishedAreas = new Set(published.map((p) => areaKey(p.area)))
    this.renamed = new Map([...formerNames].map(([former, area]) => [areaKey(former), areaKey(area)]))
  }

  /** The first page of `pages` about `old`'s town: by name first, then by a name it had, then as a renamed town. */
  find(old: PublishedPage, pages: readonly LandingIdentity[]): LandingIdentity | undefined {
    const key = areaKey(old.area)
    const slug = citySlug(old.area)
    const state = stateCode(old.area)
    const sameName = (p: LandingIdentity) => areaKey(p.area) === key || (p.citySlug === slug && p.state === state)
    const now = this.renamed.get(key)
    return (
      pages.find(sameName) ??
      (now === undefined ? undefined : pages.find((p) => areaKey(p.area) === now)) ??
      pages.find((p) => this.isRenamed(old, p))
    )
  }

  private isRenamed(old: PublishedPage, page: LandingIdentity): boolean {
    if (this.publishedAreas.has(areaKey(page.area))) return false
    return old.lat !== undefined && old.lng !== undefined && page.geo?.lat === old.lat && page.geo.lng === old.lng
  }
}

/** An area name as the one area-name rule compares it. */
function areaKey(area: string): string {
  const { cityKey, state } = parseAreaName(area)
  return `${cityKey}, ${state ?? ''}`
}

function nearestPage(old: PublishedPage, pages: readonly LandingIdentity[]): { page: LandingIdentity; miles: number } | undefined {
  if (old.lat === undefined || old.lng === undefined) return undefined
  let best: { page: LandingIdentity; miles: number } | undefined
  for (const page of pages) {
    if (!page.geo) continue
    const miles = milesBetween({ lat: old.lat, lng: old.lng }, page.geo)
    if (!best || miles < best.miles) best = { page, miles }
  }
  return best && { page: best.page, miles: Math.round(best.miles * 10) / 10 }
}
