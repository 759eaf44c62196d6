import path from 'node:path'
import { stateName } from '../config/areas/us-states.js'
import { siteText } from '../config/messages/messages.js'
import type { SiteConfig } from '../config/site-model.js'
import type { Origin } from '../errors/config-error.js'
import { cityName, stateCode } from './slug.js'

/** The props of the locations index (templates/pages/LocationsPage.tsx). */
export interface LocationsPageProps {
  readonly title: string
  readonly lead?: string
  readonly states: readonly {
    /** "KY", or '' for areas without a state. */
    readonly code: string
    readonly name: string
    readonly services: readonly {
      readonly slug: string
      readonly title: string
      readonly links: readonly { readonly label: string; readonly href: string }[]
    }[]
  }[]
}

export interface LocationsRoute {
  readonly url: string
  readonly template: 'locations'
  readonly title: string
  readonly description?: string
  readonly origin: Origin
  readonly sources: readonly string[]
  /** Built from the finished landing-page lookup (`${area}|${service}` → URL). */
  readonly props: (landingUrls: Readonly<Record<string, string>>) => LocationsPageProps
}

/**
 * The /locations page: every landing page (generated or written by hand) grouped by state, then
 * by service, so each is reachable from a page the footer links to (issue: no orphans). Absent
 * when the site has no landing.yaml or turns the page off.
 */
export function planLocationsRoute(site: SiteConfig): LocationsRoute | undefined {
  const landing = site.landing
  const settings = landing?.locations ?? {}
  if (!landing || settings.enabled === false) return undefined
  const title = settings.title ?? siteText(site.site, 'locations')
  return {
    url: settings.path ?? '/locations',
    template: 'locations',
    title,
    description: settings.description,
    origin: { ...landing.origin, path: 'locations' },
    sources: [path.resolve(landing.origin.file), path.join(site.root, 'areas.yaml')],
    props: (landingUrls) => ({ title, lead: settings.lead, states: groupLandingPages(site, landingUrls) }),
  }
}

function groupLandingPages(site: SiteConfig, landingUrls: Readonly<Record<string, string>>): LocationsPageProps['states'] {
  const featured = site.site.services ?? []
  const rank = (slug: string) => (featured.includes(slug) ? featured.indexOf(slug) : featured.length)
  const titles = new Map(site.services.map((s) => [s.slug, s.title]))
  const states = new Map<string, Map<string, { label: string; href: string }[]>>()
  for (const [key, href] of Object.entries(landingUrls)) {
    const [area, service] = key.split('|') as [string, string]
    const code = stateCode(area)
    const services = states.get(code) ?? states.set(code, new Map()).get(code)!
    const links = services.get(service) ?? services.set(service, []).get(service)!
    links.push({ label: cityName(area), href })
  }
  // The state with most pages first (the business's home state), then by name.
  const size = (s: { services: readonly { links: readonly unknown[] }[] }) => s.services.reduce((n, x) => n + x.links.length, 0)
  const order = (a: LocationsPageProps['states'][number], b: LocationsPageProps['states'][number]) =>
    size(b) - size(a) || a.name.localeCompare(b.name, site.site.language)
  return [...states]
    .map(([code, services]) => ({
      code,
      name: code ? stateName(code, site.site.language) : siteText(site.site, 'otherAreas'),
      services: [...services]
        .map(([slug, links]) => ({ slug, title: titles.get(slug) ?? slug, links: links.sort((a, b) => a.label.localeCompare(b.label)) }))
        .sort((a, b) => rank(a.slug) - rank(b.slug) || a.title.localeCompare(b.title)),
    }))
    .sort(order)
}
