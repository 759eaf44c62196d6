import { citySlug } from '../config/areas/area-slug.js'
import { formatMessage, type MessageKey } from '../config/messages/messages.js'
import type { Content, Place } from '../config/site-input.generated.js'
import type { ServiceConfig } from '../config/site-model.js'
import type { LandingLink } from './landing-model.js'
import { DEFAULT_LANDING_LAYOUT, type LandingFact, type LandingIdentity, type LandingPageProps } from './landing-model.js'
import { fillOptional, fillTokens, type LandingTokens, serviceLower } from './landing-tokens.js'
import type { LandingParts } from './route-plan.js'
import { cityName, landingPath, stateCode } from './slug.js'

export interface ComposedLanding {
  readonly title: string
  readonly props: LandingPageProps
}

/**
 * Defaults of the generic landing variant for a site whose landing.yaml says nothing (its button's
 * words are the site's `getQuote`). Sites set their own in landing.yaml `variant`; the schema
 * documents these with `default`.
 */
const variantDefaults = {
  actionHref: '/contact',
  heroHeight: '60vh' as const,
}

/**
 * One landing page's props from landing.yaml texts and areas.yaml facts. A text comes from the
 * page's own `content`, else the service's (`services.<slug>`), else the shared `content`; every
 * token is filled here, so templates never see a `{city}`.
 */
export function composeLanding(options: LandingParts): ComposedLanding {
  const { area, service, landing, place, region, url, words } = options
  const say = (key: MessageKey, values?: Readonly<Record<string, string | number>>) =>
    formatMessage(words.messages, words.language, key, values)
  const city = cityName(area)
  const layers = [options.pageContent, landing.services?.[service.slug], landing.content]
  const pick = <K extends keyof Content>(key: K): Content[K] => layers.find((l) => l?.[key] !== undefined)?.[key]
  const tokens: LandingTokens = {
    city,
    state: stateCode(area),
    area,
    service: service.title,
    serviceLower: serviceLower(service.title),
    county: place?.county ?? say('cityArea', { city }),
  }
  const text = (key: keyof Content) => fillOptional(pick(key) as string | undefined, tokens)
  // Our defaults are landing texts too, with their tokens filled the same way.
  const title = text('title') ?? fillTokens(say('landingTitle'), tokens)
  const description = text('description') ?? fillTokens(say('landingDescription'), tokens)
  const variant = landing.variant ?? {}

  // A page's own layout, else its service's, else the site's; only the sections it names are composed.
  const layout = pick('layout') ?? landing.layout ?? DEFAULT_LANDING_LAYOUT
  const shows = new Set(layout)
  const section = <T>(block: (typeof layout)[number], make: () => T | undefined): T | undefined => (shows.has(block) ? make() : undefined)
  const listed = <T>(items: readonly T[] | undefined): readonly T[] | undefined => (items?.length ? items : undefined)

  const identity = landingIdentity(options)
  // A service's (or page's) own badges and buttons replace the variant's.
  const actions = pick('actions') ?? variant.actions ?? [{ label: say('getQuote'), href: variantDefaults.actionHref }]
  const badges = pick('badges')?.map((badge) => fillTokens(badge, tokens)) ?? variant.badges ?? []
  const props: LandingPageProps = {
    url,
    area,
    city,
    state: identity.state,
    citySlug: identity.citySlug,
    service: identity.service,
    description,
    county: place?.county,
    geo: identity.geo,
    layout,
    breadcrumbs: [
      { label: pick('breadcrumbHome') ?? say('home'), href: '/' },
      ...(options.locationsUrl ? [{ label: pick('breadcrumbLocations') ?? say('locations'), href: options.locationsUrl }] : []),
      { label: title, href: url },
    ],
    hero: {
      eyebrow: text('eyebrow'),
      title: text('h1') ?? title,
      lead: text('lead') ?? service.subtitle,
      badges,
      actions,
      height: variant.heroHeight ?? variantDefaults.heroHeight,
      image: variant.image ?? service.image,
      imageAlt: variant.image ? variant.imageAlt : service.imageAlt,
    },
    intro: section('intro', () => {
      const intro = text('intro')
      return intro ? { heading: text('introHeading'), text: intro } : undefined
    }),
    local: section('local', () =>
      composeLocal(place, {
        heading: text('localHeading'),
        county: text('countyLabel'),
        neighborhoods: text('neighborhoodsLabel') ?? say('neighborhoods'),
        landmarks: text('landmarksLabel') ?? say('landmarks'),
      }),
    ),
    highlights: section('highlights', () => {
      const items =
        pick('highlights')?.map((h) => ({
          icon: h.icon,
          title: fillTokens(h.title, tokens),
          description: fillOptional(h.description, tokens),
        })) ?? service.services
      return listed(items) && { heading: text('highlightsHeading'), text: text('highlightsText'), items: items! }
    }),
    serviceCards: section('services', () => {
      const items = options.cards?.services.filter((card) => card.slug !== service.slug)
      return listed(items) && { heading: text('servicesHeading'), text: text('servicesText'), linkLabel: say('learnMore'), items: items! }
    }),
    benefits: section(
      'benefits',
      () => listed(service.benefits) && { heading: text('benefitsHeading'), text: text('benefitsText'), items: service.benefits! },
    ),
    testimonials: section(
      'testimonials',
      () => listed(region?.testimonials) && { heading: text('testimonialsHeading'), items: region!.testimonials! },
    ),
    serviceTestimonials: section(
      'service-testimonials',
      () => listed(service.testimonials) && { heading: text('serviceTestimonialsHeading'), items: service.testimonials! },
    ),
    faqs: section('faq', () => {
      const own = (pick('faqs') ?? []).map((f) => ({ question: fillTokens(f.question, tokens), answer: fillTokens(f.answer, tokens) }))
      const items = [...own, ...(region?.faqs ?? [])]
      const markedUp = own.filter((_, i) =>
        isPageOwnQuestion(
          pick('faqs')![i]!.question,
          layers.findIndex((l) => l?.faqs !== undefined),
        ),
      )
      return listed(items) && { heading: text('faqHeading'), items, markedUp }
    }),
    serviceFaqs: section('service-faq', () => listed(service.faqs) && { heading: text('serviceFaqHeading'), items: service.faqs! }),
    stats: section('stats', () => listed(options.stats) && { heading: text('statsHeading'), items: options.stats! }),
    cta: section('cta', () => {
      const heading = text('ctaHeading')
      return heading ? { heading, text: text('ctaText'), actions: pick('ctaActions') ?? actions } : undefined
    }),
    areas: section('nearby', () => ({
      heading: text('areasHeading'),
      text: text('areas'),
      label: text('nearbyLabel') ?? say('areasNear', { city }),
      nearby: options.nearby.map((n) => ({
        label: n.area,
        href: landingPath(n.area, service.slug),
        miles: n.miles,
        distance: n.miles === undefined ? undefined : milesIn(words.language).format(n.miles),
      })),
    })),
    siblings: section('siblings', () => {
      const items = siblingLinks(options)
      return listed(items) && { heading: text('siblingsHeading'), items: items! }
    }),
    // The form section, or the form in the hero (`hero-form`): the same form and texts either way.
    form:
      (shows.has('form') || shows.has('hero-form')) && variant.form
        ? {
            name: variant.form,
            heading: text('formHeading'),
            text: text('formText'),
            hidden: { pageCity: area, pageService: service.slug, pagePath: url },
          }
        : undefined,
  }
  return { title, props }
}

/**
 * Whether a landing.yaml question (before its tokens are filled) reads differently on every page
 * that shows it, so marking it up here repeats it on no other URL: a page's own `content` always
 * does; a service's texts when they name the city; the shared texts when they name both the city
 * and the service. A region's questions and the service's own FAQs are shown on many pages and
 * stay marked up only where they belong (the service page; Google's FAQ guidance asks for a
 * question to be marked up once per site).
 */
function isPageOwnQuestion(question: string, layer: number): boolean {
  const namesCity = /\{(?:city|area)\}/.test(question)
  const namesService = /\{(?:service|serviceLower)\}/.test(question)
  return layer === 0 || (layer === 1 && namesCity) || (layer === 2 && namesCity && namesService)
}

/**
 * Links to the same city's other services; a city with only this one links to the site's other
 * featured services instead, so no landing page is a dead end.
 */
function siblingLinks({ area, service, areaServices, cards }: LandingParts): LandingLink[] {
  const others = areaServices.filter((s) => s.slug !== service.slug)
  if (others.length > 0) return others.map((s) => ({ label: s.title, href: landingPath(area, s.slug) }))
  return (cards?.services ?? []).filter((s) => s.slug !== service.slug).map((s) => ({ label: s.title, href: `/services/${s.slug}` }))
}

type IdentityParts = Pick<LandingParts, 'url' | 'area' | 'service' | 'place'>

export function landingIdentity({ url, area, service, place }: IdentityParts): LandingIdentity {
  return { url, area, ...townOf(area, place), service: serviceLink(service) }
}

/**
 * landingIdentity for every page of a plan: what pages have alike (an area's town and place, a
 * service's link) is one object for them all, not one a page, since the plan keeps every page's
 * identity while the pages render.
 */
export function sharedIdentities(): (parts: IdentityParts) => LandingIdentity {
  const towns = new Map<string, Town>()
  const services = new Map<ServiceConfig, LandingIdentity['service']>()
  return ({ url, area, service, place }) => {
    let town = towns.get(area)
    if (!town) towns.set(area, (town = townOf(area, place)))
    let link = services.get(service)
    if (!link) services.set(service, (link = serviceLink(service)))
    return { url, area, ...town, service: link }
  }
}

type Town = Pick<LandingIdentity, 'city' | 'state' | 'citySlug' | 'geo'>

function townOf(area: string, place: Place | undefined): Town {
  return {
    city: cityName(area),
    state: stateCode(area),
    citySlug: citySlug(area),
    geo: place?.lat !== undefined && place.lng !== undefined ? { lat: place.lat, lng: place.lng } : undefined,
  }
}

function serviceLink(service: ServiceConfig): LandingIdentity['service'] {
  return { slug: service.slug, title: service.title, url: `/services/${service.slug}` }
}

function composeLocal(
  place: Place | undefined,
  labels: { heading?: string; county?: string; neighborhoods: string; landmarks: string },
): LandingPageProps['local'] {
  if (!place) return undefined
  const facts: LandingFact[] = []
  if (place.county && labels.county) facts.push({ label: labels.county, items: [place.county] })
  if (place.neighborhoods?.length) facts.push({ label: labels.neighborhoods, items: place.neighborhoods })
  if (place.landmarks?.length) facts.push({ label: labels.landmarks, items: place.landmarks })
  if (!place.local && facts.length === 0) return undefined
  return { heading: labels.heading, text: place.local, facts }
}

const mileFormats = new Map<string, Intl.NumberFormat>()

/** "4.2 mi" in the page's language ("4,2 mi" in Spanish), one formatter per language. */
function milesIn(language: string): Intl.NumberFormat {
  let format = mileFormats.get(language)
  if (!format) mileFormats.set(language, (format = new Intl.NumberFormat(language, { style: 'unit', unit: 'mile' })))
  return format
}
