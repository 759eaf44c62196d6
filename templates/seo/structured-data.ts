import type {
  BlogPosting,
  BreadcrumbList,
  CityLeaf,
  ContactPoint,
  FAQPage,
  GeoCircle,
  Graph,
  LocalBusinessLeaf,
  OpeningHoursSpecification,
  PostalAddress,
  Service,
  State,
  Thing,
} from 'schema-dts'
import { parseAreaName } from '../../src/config/areas/area-names.js'
import { stateName } from '../../src/config/areas/us-states.js'
import { blogTitle, siteText } from '../../src/config/messages/messages.js'
import type { Faq, PageInput } from '../../src/config/site-input.generated.js'
import type { PageConfig, PostConfig, ServiceConfig, SiteMeta } from '../../src/config/site-model.js'
import { markdownPlainText } from '../../src/markdown/plain-text.js'
import { absoluteUrl } from '../../src/plan/urls.js'
import { businessPhones, telephone } from '../components/phones.js'
import type { PageContext } from '../context.js'
import { credentialsOf, employeesOf, specialHoursOf, webPageOf } from './business-facts-data.js'
import { socialImage } from './page-image.js'

/** A schema.org node of ours: an object with its `@type`, never a bare name or URL. */
type Node = Exclude<Thing, string>

/**
 * The schema.org graph of one page: the business in full on the home page of each language, and
 * on every page a WebPage whose publisher is the business by its `@id`, plus Service, FAQPage,
 * BreadcrumbList and BlogPosting where they apply. Told once, the business's facts (its towns
 * above all) do not weigh on every one of thousands of landing pages. Landing pages carry their
 * own Service and BreadcrumbList (templates/pages/LandingPage.tsx). No aggregateRating: Google
 * ignores, and may penalise, ratings a business publishes about itself.
 */
export function structuredData(page: PageContext): Graph {
  const { route, site } = page
  const graph: Node[] = []
  if (route.url === (site.languagePath || '/')) graph.push(localBusiness(page))
  else {
    // A page that shows more of the business (its team) says so of the same node.
    const employee = employeesOf(page)
    if (employee) graph.push({ '@type': 'LocalBusiness', '@id': businessId(page), name: site.name, employee })
  }
  graph.push(webPageOf(page, businessId(page)))
  if (route.template === 'service') graph.push(service(page, route.props))
  if (route.template === 'post') graph.push(blogPosting(page, route.props))
  const faqs = faqsOf(page)
  if (faqs.length > 0) graph.push(faqPage(faqs))
  const crumbs = breadcrumbs(page)
  if (crumbs) graph.push(crumbs)
  return { '@context': 'https://schema.org', '@graph': graph }
}

/** The `@id` of the business node, so other nodes refer to it instead of repeating it. */
export function businessId(page: PageContext): string {
  return `${page.site.url}/#business`
}

/** The business's own area: the circle and the states site.yaml `business.areaServed` gives. */
function areaOf(site: SiteMeta): (GeoCircle | State)[] {
  const area = site.business?.areaServed
  const areaServed: (GeoCircle | State)[] = []
  if (area?.center && area.radiusKm) {
    areaServed.push({
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: area.center.lat, longitude: area.center.lng },
      // schema.org reads a bare number as metres.
      geoRadius: Math.round(area.radiusKm * 1000),
    })
  }
  for (const region of area?.regions ?? []) areaServed.push({ '@type': 'State', name: region })
  return areaServed
}

/** Every town of areas.yaml's lists, once each, as a City in its state. */
function townsOf(page: PageContext): CityLeaf[] {
  const seen = new Set<string>()
  const towns: CityLeaf[] = []
  for (const name of Object.values(page.areas.lists).flat()) {
    const { city, cityKey, state } = parseAreaName(name)
    const key = `${cityKey}, ${state ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    towns.push(
      prune<CityLeaf>({
        '@type': 'City',
        name: city,
        containedInPlace: state ? { '@type': 'State', name: stateName(state, page.site.language) } : undefined,
      }),
    )
  }
  return towns
}

function localBusiness(page: PageContext): LocalBusinessLeaf {
  const { site, services } = page
  const url = (path: string) => absoluteUrl(site.url, path, site.trailingSlash)
  const business = site.business
  const areaServed = [...areaOf(site), ...townsOf(page)]
  const offered = site.services.map((slug) => services.find((s) => s.slug === slug)).filter((s): s is ServiceConfig => Boolean(s))
  // The business's own image, the same on every page: site.yaml socialImage, else the logo.
  const image = socialImage(page, { src: site.socialImage ?? site.logo?.src })
  const phones = businessPhones(site)
  const sameAs = [
    ...(business?.social ?? []).map((s) => s.url),
    ...(business?.googleBusinessProfile ? [business.googleBusinessProfile] : []),
  ]
  const openingHours = openingHoursOf(business)
  return prune<LocalBusinessLeaf>({
    '@type': 'LocalBusiness',
    '@id': businessId(page),
    name: site.name,
    url: url('/'),
    image: image?.url,
    logo: site.logo ? socialImage(page, { src: site.logo.src })?.url : undefined,
    legalName: business?.legalName,
    email: site.email,
    telephone: phones[0] && telephone(site, phones[0].number),
    description: site.description,
    address:
      business?.address &&
      prune<PostalAddress>({
        '@type': 'PostalAddress',
        streetAddress: business.address.street,
        addressLocality: business.address.locality,
        addressRegion: business.address.region,
        postalCode: business.address.postalCode,
        addressCountry: business.address.country,
      }),
    geo: business?.geo && { '@type': 'GeoCoordinates', latitude: business.geo.lat, longitude: business.geo.lng },
    contactPoint: business?.phones?.map((phone) =>
      prune<ContactPoint>({
        '@type': 'ContactPoint',
        telephone: telephone(site, phone.number),
        contactType: phone.label,
        description: phone.scope,
        hoursAvailable: phone.alwaysOpen ? hoursSpecification([{ days: [...WEEK], opens: '00:00', closes: '23:59' }]) : undefined,
        // The languages the business answers in, where its site has more than one.
        availableLanguage: site.languages.length > 1 ? site.languages.map((l) => l.code) : undefined,
      }),
    ),
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    foundingDate: business?.founded ? String(business.founded) : undefined,
    areaServed: nonEmpty(areaServed),
    hasOfferCatalog:
      offered.length > 0
        ? {
            '@type': 'OfferCatalog',
            name: siteText(page.site, 'services'),
            itemListElement: offered.map((s) => ({
              '@type': 'Offer',
              itemOffered: { '@type': 'Service', name: s.title, url: url(`/services/${s.slug}`) },
            })),
          }
        : undefined,
    openingHoursSpecification: openingHours.length > 0 ? openingHours : undefined,
    hasCredential: credentialsOf(business),
    employee: employeesOf(page),
  })
}

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
type Hours = NonNullable<NonNullable<SiteMeta['business']>['openingHours']>[number]

function hoursSpecification(hours: readonly Hours[]): OpeningHoursSpecification[] {
  return hours.map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: h.days, opens: h.opens, closes: h.closes }))
}

/**
 * Opening hours, then closed days and dates as Google documents them for local businesses: a
 * day closed all day opens and closes at 00:00; a single date is a special-hours entry valid from
 * and through that date.
 */
function openingHoursOf(business: SiteMeta['business']): OpeningHoursSpecification[] {
  const closedDays = business?.closedDays ?? []
  return [
    ...hoursSpecification(business?.openingHours ?? []),
    ...(closedDays.length > 0 ? hoursSpecification([{ days: [...closedDays], opens: '00:00', closes: '00:00' }]) : []),
    ...(business?.closedDates ?? []).map(
      (date): OpeningHoursSpecification => ({
        '@type': 'OpeningHoursSpecification',
        validFrom: date,
        validThrough: date,
        opens: '00:00',
        closes: '00:00',
      }),
    ),
    ...specialHoursOf(business),
  ]
}

function service(page: PageContext, s: ServiceConfig): Service {
  const { site, route } = page
  return prune<Service>({
    '@type': 'Service',
    '@id': `${absoluteUrl(site.url, route.url, site.trailingSlash)}#service`,
    name: s.title,
    serviceType: s.title,
    description: s.description,
    url: absoluteUrl(site.url, route.url, site.trailingSlash),
    image: socialImage(page)?.url,
    provider: { '@id': businessId(page) },
    areaServed: nonEmpty(areaOf(site)),
  })
}

function blogPosting(page: PageContext, post: PostConfig): BlogPosting {
  const { site, route } = page
  const url = absoluteUrl(site.url, route.url, site.trailingSlash)
  return prune<BlogPosting>({
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    url,
    mainEntityOfPage: url,
    image: socialImage(page)?.url,
    author: post.author ? { '@type': 'Person', name: post.author } : { '@id': businessId(page) },
    publisher: { '@id': businessId(page) },
  })
}

/** FAQPage of the questions a page shows (landing pages mark up only their own, LandingPage.tsx). */
export function faqPage(faqs: readonly Faq[]): FAQPage {
  return {
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: markdownPlainText(f.answer) },
    })),
  }
}

/**
 * Home › section › page, for every page below the home page except landing pages and 404. Each
 * step is the page's short name (`shortTitle`, the header menu's label, its h1), never the
 * whole document title, which may carry the site's name and a pitch.
 */
function breadcrumbs(page: PageContext): BreadcrumbList | undefined {
  const { route, site } = page
  if (route.url === '/' || route.template === 'landing' || route.template === 'not-found' || route.noindex) return undefined
  const trail: { name: string; url: string }[] = [{ name: siteText(site, 'home'), url: '/' }]
  const blogName = blogTitle(site)
  if (route.template === 'service') {
    trail.push(
      { name: navLabel(site, '/services') ?? siteText(site, 'services'), url: '/services' },
      { name: shortServiceName(route.props), url: route.url },
    )
  } else if (route.template === 'post') {
    const post = route.props
    trail.push({ name: blogName, url: '/blog' }, { name: post.shortTitle ?? post.title, url: route.url })
  } else if (route.template === 'blog-index') {
    trail.push({ name: blogName, url: route.url })
  } else if (route.template === 'sections') {
    trail.push({ name: shortPageName(site, route.props), url: route.url })
  } else {
    trail.push({ name: route.props.title, url: route.url })
  }
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: absoluteUrl(site.url, step.url, site.trailingSlash),
    })),
  }
}

/** A page's name in a breadcrumb: `shortTitle`, else its header menu label, else its hero's h1, else its title. */
export function shortPageName(site: SiteMeta, page: PageConfig): string {
  const hero = page.sections[0] as { type: string; title?: string } | undefined
  return page.shortTitle ?? navLabel(site, page.path) ?? (hero?.type === 'hero' ? hero.title : undefined) ?? page.title
}

/** A service's name in a breadcrumb: `shortTitle`, else its menu label, else its title (the h1). */
export function shortServiceName(service: ServiceConfig): string {
  return service.shortTitle ?? service.menuLabel ?? service.title
}

function navLabel(site: SiteMeta, path: string): string | undefined {
  return site.header?.nav.find((item) => item.href === path)?.label
}

/** The questions a page shows: a service's FAQ, or the faq sections of an authored page. */
function faqsOf(page: PageContext): readonly Faq[] {
  const { route } = page
  if (route.template === 'service') return route.props.faqs ?? []
  if (route.template === 'sections') {
    const sections: PageInput['sections'] = route.props.sections
    return sections.flatMap((s) => (s.type === 'faq' ? ((s as { items?: Faq[] }).items ?? []) : []))
  }
  return []
}

/** Drops undefined fields so the JSON carries only what the site states. */
/** A list, or nothing where it is empty (schema.org has no use for an empty one). */
function nonEmpty<T>(list: readonly T[]): T[] | undefined {
  return list.length > 0 ? [...list] : undefined
}

function prune<T extends object>(thing: T): T {
  return Object.fromEntries(Object.entries(thing).filter(([, v]) => v !== undefined && v !== '')) as T
}
