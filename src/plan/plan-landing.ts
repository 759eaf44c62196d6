import { ConfigError, type Origin } from '../errors/config-error.js'
import type { ServiceConfig, SiteConfig } from '../types.js'
import { cityName, citySlug, landingPath, stateCode } from './slug.js'

/** The props of one /lp/{city}-{service} page. */
export interface LandingPageProps {
  /** Area name as written in areas.yaml: "Ft. Mitchell, KY". */
  readonly area: string
  readonly city: string
  readonly state: string
  readonly citySlug: string
  readonly service: ServiceConfig
}

export interface PlannedLanding {
  readonly url: string
  readonly props: LandingPageProps
  readonly origin: Origin
}

/** Key of the landing-page lookup templates use: `${area}|${serviceSlug}`. */
export const landingKey = (area: string, service: string): string => `${area}|${service}`

/**
 * Expands landing.yaml: every matrix rule (area list × services), then single pages, minus
 * exclusions. A page declared twice is made once.
 */
export function planLanding(site: SiteConfig): { pages: PlannedLanding[]; errors: ConfigError[] } {
  const errors: ConfigError[] = []
  const landing = site.landing
  if (!landing) return { pages: [], errors }
  const services = new Map(site.services.map((s) => [s.slug, s]))
  const origin: Origin = landing.origin
  const excluded = (area: string, service: string) =>
    (landing.exclude ?? []).some((x) => x.area === area && (!x.service || x.service === service))
  const wanted = new Map<string, { area: string; service: string }>()
  for (const rule of landing.matrix ?? []) {
    for (const area of site.areas.lists[rule.areas] ?? []) {
      for (const service of rule.services) wanted.set(landingKey(area, service), { area, service })
    }
  }
  const knownAreas = new Set(Object.values(site.areas.lists).flat())
  for (const page of landing.pages ?? []) {
    if (!knownAreas.has(page.area)) {
      errors.push(new ConfigError({ code: 'missing-reference', message: `The area "${page.area}" is in no list of areas.yaml.`, hint: 'Write the area exactly as in areas.yaml, e.g. "Covington, KY".', ...origin }))
      continue
    }
    wanted.set(landingKey(page.area, page.service), page)
  }
  const pages: PlannedLanding[] = []
  for (const { area, service } of wanted.values()) {
    if (excluded(area, service)) continue
    const config = services.get(service)
    if (!config) continue // cross-check already reported unknown services
    pages.push({
      url: landingPath(area, service),
      props: { area, city: cityName(area), state: stateCode(area), citySlug: citySlug(area), service: config },
      origin,
    })
  }
  return { pages, errors }
}
