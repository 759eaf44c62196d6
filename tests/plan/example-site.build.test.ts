import { beforeAll, describe, expect, it } from 'vitest'
import { checkFragmentLinks } from '../../src/plan/fragment-links.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { fingerprintWords } from '../../src/plan/landing-similarity.js'
import { landingMainText, wordsOf } from '../../src/plan/landing-text.js'
import { routeProps } from '../../src/plan/route-props.js'
import { jaccard } from '../../src/plan/similar-pairs.js'
import { type BuiltSite, exampleSite, hrefs, jsonLd, mainText, markedUpQuestions, metaRobots } from './helpers.js'

// The example site of the spec: its landing pages are the product's reason to exist.
let site: BuiltSite
beforeAll(async () => {
  site = await exampleSite('system4')
})

const examples: [string, string][] = [
  ['/lp/cincinnati-commercial-cleaning', 'Commercial Cleaning in Cincinnati, OH'],
  ['/lp/covington-commercial-cleaning', 'Commercial Cleaning in Covington, KY'],
  ['/lp/alexandria-building-maintenance', 'Building Maintenance in Alexandria, KY'],
  ['/lp/florence-commercial-cleaning', 'Commercial Cleaning in Florence, KY'],
  ['/lp/newport-building-maintenance', 'Building Maintenance in Newport, KY'],
  ['/lp/hamilton-commercial-cleaning', 'Commercial Cleaning in Hamilton, OH'],
  ['/lp/middletown-building-maintenance', 'Building Maintenance in Middletown, OH'],
  ['/lp/mason-commercial-cleaning', 'Commercial Cleaning in Mason, OH'],
  ['/lp/fairfield-building-maintenance', 'Building Maintenance in Fairfield, OH'],
  ['/lp/west-chester-commercial-cleaning', 'Commercial Cleaning in West Chester, OH'],
]

describe('the example site’s landing pages', () => {
  it('mark up each question as FAQPage on one URL only: the service’s FAQs on the service page, a landing page only its own', () => {
    const questions = markedUpQuestions(site)
    expect([...questions].filter(([, urls]) => urls.length > 1)).toEqual([])
    expect(questions.get('How soon can you start cleaning our Cincinnati building?')).toEqual(['/lp/cincinnati-commercial-cleaning'])
    // Shown on every building-maintenance landing page, so marked up on none of them.
    expect(site.page('/lp/newport-building-maintenance')).toContain('How often should preventative maintenance visits happen?')
    expect(questions.get('How often should preventative maintenance visits happen?') ?? []).not.toContain(
      '/lp/newport-building-maintenance',
    )
  })

  it('include the spec’s ten example pages, each titled with its service and city', () => {
    for (const [url, title] of examples) {
      const html = site.page(url)
      expect(html).toContain(`<title>${title} | System4 Southwest Ohio</title>`)
      expect(html).toMatch(new RegExp(`<h1>${title}</h1>`))
    }
  })

  it('make the whole matrix: 36 areas × 2 services, Alexandria, the Columbus suburbs, and not the hand-written Columbus page again', () => {
    expect(site.landing).toHaveLength(36 * 2 + 1 + 7)
    expect(site.routes.find((r) => r.url === '/lp/columbus-commercial-cleaning')?.template).toBe('sections')
  })

  it('give every page its own title, meta description and h1', () => {
    const seen = { title: new Set<string>(), description: new Set<string>(), h1: new Set<string>() }
    for (const route of site.landing) {
      const html = site.page(route.url)
      const h1 = /<h1>([^<]*)<\/h1>/.exec(html)![1]!
      const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!
      expect(seen.title.has(route.title)).toBe(false)
      expect(seen.description.has(description)).toBe(false)
      expect(seen.h1.has(h1)).toBe(false)
      seen.title.add(route.title)
      seen.description.add(description)
      seen.h1.add(h1)
    }
  })

  it('link every service-area chip of a service page with landingService to a page that exists', () => {
    const serviceRoutes = site.routes.filter((r) => r.template === 'service')
    let linked = 0
    for (const route of serviceRoutes) {
      const html = site.page(route.url)
      const chips = [...html.matchAll(/<li class="chip">(<a href="([^"]*)"|<span)/g)]
      const service = site.result.site.services.find((s) => `/services/${s.slug}` === route.url)!
      if (service.areas?.landingService)
        expect(
          chips.every((c) => c[2] !== undefined),
          `${route.url} has a chip without a link`,
        ).toBe(true)
      for (const chip of chips.filter((c) => c[2])) {
        expect(site.has(chip[2]!), `${route.url} links a chip to ${chip[2]}`).toBe(true)
        linked++
      }
    }
    expect(linked).toBeGreaterThanOrEqual(72)
  })

  it('leave no /lp/ link anywhere pointing at a page that was not built', () => {
    for (const route of site.routes) {
      for (const href of hrefs(site.page(route.url)).filter((h) => h.startsWith('/lp/')))
        expect(site.has(href), `${route.url} → ${href}`).toBe(true)
    }
  })

  it('pass the quality gate with every page: all indexable and all in the sitemap', () => {
    const { pages } = site.result.landing.quality
    expect(pages.filter((p) => !p.indexable)).toEqual([])
    const sitemap = site.file('sitemap.xml')
    for (const route of site.landing) {
      expect(metaRobots(site.page(route.url))).toBeUndefined()
      expect(sitemap).toContain(`<loc>https://system4-swohio.netlify.app${route.url}</loc>`)
    }
    expect(Math.max(...pages.map((p) => p.similarity))).toBeLessThan(0.9)
  })

  it('open with different local paragraphs rather than one text with the city swapped', () => {
    const local = (url: string) =>
      /<section class="section tone-surface section-local"[\s\S]*?<div class="prose local-text">([\s\S]*?)<\/div>/.exec(site.page(url))![1]!
    const cincinnati = local('/lp/cincinnati-commercial-cleaning')
    const covington = local('/lp/covington-commercial-cleaning')
    expect(cincinnati).toContain('Procter &amp; Gamble')
    expect(covington).toContain('Roebling')
    const words = (html: string) => new Set(wordsOf(html.replace(/<[^>]+>/g, ' ')))
    const shared = [...words(cincinnati)].filter((w) => words(covington).has(w))
    expect(shared.length / words(cincinnati).size).toBeLessThan(0.5)
  })

  it('score the same text the page shows in <main> (the plan’s text and the rendered one agree)', () => {
    for (const route of site.landing.slice(0, 8)) {
      const props = routeProps(route) as LandingPageProps
      const planned = fingerprintWords(wordsOf(landingMainText(props, site.result.site.forms[props.form!.name])))
      const rendered = fingerprintWords(wordsOf(mainText(site.page(route.url))))
      expect(jaccard(planned.shingles, rendered.shingles), route.url).toBeGreaterThan(0.95)
    }
  })

  it('link each page to its nearest areas, nearest first with the distance, and to its sibling service', () => {
    const html = site.page('/lp/covington-commercial-cleaning')
    const nearby = [...html.matchAll(/<li class="chip"><a href="([^"]*)">[\s\S]*?<span class="chip-distance"> ([\d.]+) mi<\/span>/g)]
    expect(nearby[0]![1]).toBe('/lp/newport-commercial-cleaning')
    const miles = nearby.map((m) => Number(m[2]))
    expect(miles).toEqual([...miles].sort((a, b) => a - b))
    expect(hrefs(html)).toContain('/lp/covington-building-maintenance')
  })

  it('link a city with one service to the site’s other featured services instead, in site.yaml order', () => {
    const siblings = /<section[^>]*section-siblings[\s\S]*?<\/section>/.exec(site.page('/lp/alexandria-building-maintenance'))![0]
    expect(hrefs(siblings)).toEqual([
      '/services/commercial-cleaning',
      '/services/disinfection',
      '/services/carpet-cleaning',
      '/services/floor-care',
      '/services/window-cleaning',
    ])
  })

  it('list every landing page on /locations, which the footer links to', () => {
    const locations = hrefs(site.page('/locations'))
    for (const route of site.landing) expect(locations).toContain(route.url)
    expect(locations).toContain('/lp/columbus-commercial-cleaning')
    expect(site.page('/')).toMatch(/<a class="footer-all" href="\/locations">View all locations<\/a>/)
  })

  it('carry JSON-LD for the service in its city and a breadcrumb trail', () => {
    const graph = (
      jsonLd(site.page('/lp/florence-commercial-cleaning')).find((d) => JSON.stringify(d).includes('BreadcrumbList')) as {
        '@graph': Record<string, unknown>[]
      }
    )['@graph']
    const service = graph.find((n) => n['@type'] === 'Service')!
    expect(service.areaServed).toMatchObject({
      '@type': 'City',
      name: 'Florence',
      containedInPlace: { '@type': 'State', name: 'Kentucky' },
    })
    const crumbs = graph.find((n) => n['@type'] === 'BreadcrumbList')!.itemListElement as { name: string; item: string }[]
    expect(crumbs.map((c) => c.item)).toEqual([
      'https://system4-swohio.netlify.app/',
      'https://system4-swohio.netlify.app/locations',
      'https://system4-swohio.netlify.app/lp/florence-commercial-cleaning',
    ])
  })

  it('embed the landing-page form with hidden fields naming the page’s city, service and path, declared in __forms.html', () => {
    const form = /<form name="landing-page"[\s\S]*?<\/form>/.exec(site.page('/lp/mason-commercial-cleaning'))![0]
    expect(form).toContain('<input type="hidden" name="pageCity" value="Mason, OH"/>')
    expect(form).toContain('<input type="hidden" name="pageService" value="commercial-cleaning"/>')
    expect(form).toContain('<input type="hidden" name="pagePath" value="/lp/mason-commercial-cleaning"/>')
    const declared = /<form name="landing-page"[\s\S]*?<\/form>/.exec(site.file('__forms.html'))![0]
    for (const name of ['pageCity', 'pageService', 'pagePath']) expect(declared).toContain(`name="${name}"`)
  })

  it('show the generic landing variant: 60vh hero, the four default badges and Get a Free Quote → /contact', () => {
    const html = site.page('/lp/hamilton-commercial-cleaning')
    expect(html).toContain('hero-h-60')
    for (const badge of ['Insured &amp; Bonded', '24/7 Support', 'Satisfaction Guarantee', 'Custom Solutions'])
      expect(html).toContain(badge)
    expect(html).toMatch(/<a class="btn btn-primary" href="\/contact"><span>Get a Free Quote<\/span><\/a>/)
  })

  it('date every sitemap entry and point robots.txt at the sitemap', () => {
    const sitemap = site.file('sitemap.xml')
    expect(sitemap).toMatch(
      /<url><loc>https:\/\/system4-swohio\.netlify\.app\/lp\/cincinnati-commercial-cleaning<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/,
    )
    expect(site.file('robots.txt')).toContain('Sitemap: https://system4-swohio.netlify.app/sitemap.xml')
  })
})

describe('the ids of the example site’s pages', () => {
  it('are all known to the plan, so `validate` never rejects a #fragment link that the build would accept', () => {
    // A link to every id of every page, as if written in a YAML file, checked as validate checks links.
    const origin = { file: 'links.yaml', path: 'links' }
    const links = site.routes.flatMap((route) =>
      [...site.page(route.url).matchAll(/\sid="([^"]+)"/g)].map(([, id]) => ({ href: `${route.url}#${encodeURIComponent(id!)}`, origin })),
    )
    // And one the plan must reject, so an empty answer means every id was known, not that none was checked.
    links.push({ href: '/#no-such-id', origin })
    const rejected = checkFragmentLinks({ ...site.result.site, links }, site.routes).map((e) => e.message)
    expect(rejected).toEqual([expect.stringContaining('#no-such-id')])
    expect(links.length).toBeGreaterThan(site.routes.length)
    expect(new Set(site.routes.map((r) => r.template)).size).toBe(8)
  })
})
