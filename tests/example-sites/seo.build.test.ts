import { beforeAll, describe, expect, it } from 'vitest'
import { exampleBuild, type SharedResult } from '../helpers/example-build.js'
import { attribute, jsonLd } from './helpers.js'

// On the first customer's site: the head's tags, and the structured data of the local business,
// described in full on the home page and referred to by its @id from every other page.
// biome-ignore lint/suspicious/noExplicitAny: JSON-LD nodes of any schema.org type, read by property
type Node = Record<string, any>
let result: SharedResult
let page: (url: string) => string
let file: (path: string) => string
beforeAll(async () => {
  ;({ result, page, file } = await exampleBuild('system4'))
})

const origin = 'https://system4-swohio.netlify.app'
const indexable = () => result.routes.filter((r) => !r.noindex && r.template !== 'not-found')
const nodes = (url: string, type: string) => jsonLd(page(url)).filter((n) => n['@type'] === type) as Node[]

describe('structured data', () => {
  it('parses on every page and never rates the business itself', () => {
    for (const route of result.routes) {
      const html = page(route.url)
      expect(() => jsonLd(html), route.url).not.toThrow()
      expect(html, route.url).not.toContain('aggregateRating')
    }
  })

  it('describes the business as the spec asks: contacts, a 100 km circle around Cincinnati plus Ohio and Kentucky, six services, weekday hours', () => {
    const [business] = nodes('/', 'LocalBusiness')
    expect(business).toMatchObject({
      name: 'System4 Facility Services',
      url: `${origin}/`,
      email: 'info@system4swohio.com',
      telephone: expect.any(String),
      description: expect.any(String),
      image: expect.stringMatching(new RegExp(`^${origin}/assets/images/`)),
    })
    const [circle, ...places] = business!.areaServed as Node[]
    expect(circle).toMatchObject({ '@type': 'GeoCircle', geoRadius: 100000 })
    expect(circle!.geoMidpoint.latitude).toBeCloseTo(39.1, 1)
    expect(circle!.geoMidpoint.longitude).toBeCloseTo(-84.51, 1)
    expect(places.filter((p) => p['@type'] === 'State')).toEqual([
      { '@type': 'State', name: 'Ohio' },
      { '@type': 'State', name: 'Kentucky' },
    ])
    // Every town of areas.yaml's lists once, in its state by name.
    const towns = places.filter((p) => p['@type'] === 'City')
    expect(towns).toContainEqual({ '@type': 'City', name: 'Cincinnati', containedInPlace: { '@type': 'State', name: 'Ohio' } })
    expect(towns).toContainEqual({ '@type': 'City', name: 'Florence', containedInPlace: { '@type': 'State', name: 'Kentucky' } })
    expect(new Set(towns.map((t) => `${t.name}, ${t.containedInPlace.name}`)).size).toBe(towns.length)
    const offers = business!.hasOfferCatalog.itemListElement as Node[]
    expect(offers.map((o) => o.itemOffered.url)).toEqual(
      ['commercial-cleaning', 'building-maintenance', 'disinfection', 'carpet-cleaning', 'floor-care', 'window-cleaning'].map(
        (s) => `${origin}/services/${s}`,
      ),
    )
    expect(business!.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '17:00',
      },
    ])
  })

  it('describes the business once, on the home page, and every other page, the 404 included, names it by its @id', () => {
    const [business] = nodes('/', 'LocalBusiness')
    for (const route of result.routes.filter((r) => r.url !== '/')) {
      expect(nodes(route.url, 'LocalBusiness'), route.url).toEqual([])
      expect(nodes(route.url, 'WebPage')[0], route.url).toMatchObject({ publisher: { '@id': business!['@id'] } })
    }
    expect(result.routes.some((r) => r.template === 'not-found')).toBe(true)
  })

  it('adds Service, FAQPage and BreadcrumbList to a service page, with every question the page shows', () => {
    const url = '/services/building-maintenance'
    const [business] = nodes('/', 'LocalBusiness')
    expect(nodes(url, 'Service')[0]).toMatchObject({
      name: 'Building Maintenance',
      url: `${origin}${url}`,
      provider: { '@id': business!['@id'] },
    })
    const questions = nodes(url, 'FAQPage')[0]!.mainEntity as Node[]
    expect(questions).toHaveLength([...page(url).matchAll(/<details class="faq-item"/g)].length)
    expect(questions[0]).toMatchObject({
      '@type': 'Question',
      name: expect.any(String),
      acceptedAnswer: { '@type': 'Answer', text: expect.any(String) },
    })
    expect((nodes(url, 'BreadcrumbList')[0]!.itemListElement as Node[]).map((i) => i.item)).toEqual([
      `${origin}/`,
      `${origin}/services`,
      `${origin}${url}`,
    ])
  })

  it('adds FAQPage to the contact page and BlogPosting to every post', () => {
    expect(nodes('/contact', 'FAQPage')[0]!.mainEntity).toHaveLength(4)
    for (const route of result.routes.filter((r) => r.template === 'post')) {
      expect(nodes(route.url, 'BlogPosting')[0], route.url).toMatchObject({
        headline: expect.any(String),
        datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        url: `${origin}${route.url}`,
      })
    }
  })
})

describe('the head of every page', () => {
  it('has a title and a meta description of its own', () => {
    const seen = { title: new Map<string, string>(), description: new Map<string, string>() }
    for (const route of indexable()) {
      const html = page(route.url)
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
      const description = attribute(html, /<meta name="description"[^>]*>/, 'content')
      expect(title && description, route.url).toBeTruthy()
      expect(seen.title.get(title!), `${route.url} repeats the title of`).toBeUndefined()
      expect(seen.description.get(description!), `${route.url} repeats the description of`).toBeUndefined()
      seen.title.set(title!, route.url)
      seen.description.set(description!, route.url)
    }
  })

  it('has a canonical link, and the sitemap lists exactly those addresses', () => {
    const canonicals = indexable().map((r) => attribute(page(r.url), /<link rel="canonical"[^>]*>/, 'href'))
    const sitemap = [...file('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(canonicals.sort()).toEqual(sitemap.sort())
    expect(canonicals).toContain(`${origin}/contact`)
  })

  it('has Open Graph and Twitter tags whose image is a JPEG of this build', () => {
    const output = (path: string) => {
      if (!result.paths.includes(path)) throw new Error(`the build wrote no ${path}`)
    }
    for (const url of ['/', '/contact', '/services/floor-care', '/lp/cincinnati-commercial-cleaning']) {
      const html = page(url)
      const image = attribute(html, /<meta property="og:image"[^>]*>/, 'content')!
      // Landing pages get a share image drawn at build; the others show their own image.
      expect(image, url).toMatch(new RegExp(`^${origin}/assets/${url.startsWith('/lp/') ? 'share' : 'images'}/.+\\.jpg$`))
      expect(() => output(image.slice(origin.length + 1)), url).not.toThrow()
      expect(attribute(html, /<meta name="twitter:card"[^>]*>/, 'content')).toBe('summary_large_image')
      expect(attribute(html, /<meta property="og:url"[^>]*>/, 'content')).toBe(attribute(html, /<link rel="canonical"[^>]*>/, 'href'))
    }
    // Pages without an image of their own get a drawn one.
    for (const route of indexable()) expect(page(route.url), route.url).toMatch(/<meta property="og:image" content="https:[^"]+"/)
  })

  it('links the RSS feed on blog pages, and the feed lists every post', () => {
    expect(page('/blog')).toContain('<link rel="alternate" type="application/rss+xml"')
    expect(page('/contact')).not.toContain('application/rss+xml')
    const feed = file('rss.xml')
    for (const route of result.routes.filter((r) => r.template === 'post')) expect(feed).toContain(`<link>${origin}${route.url}</link>`)
  })
})
