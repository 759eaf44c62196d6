import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { scanMarkdown } from '../../src/config/checks/markdown-refs.js'
import { loadSite } from '../../src/config/load-site.js'
import { en } from '../../src/config/messages/en.js'
import { formatMessage } from '../../src/config/messages/messages.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { parseMap, parseYoutube } from '../../src/markdown/embed-values.js'
import { embedFacadeHtml } from '../../templates/components/embed-facade.js'
import type { SiteText } from '../../templates/context.js'
import { fixture, siteFrom, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// The content keys and section types a local business needs, and
// embeds that keep a YouTube start time and take a Google Maps address. One build serves every
// rendering assertion.

const mapsUrl = 'https://www.google.com/maps/place/Springfield+Public+Library/@39.80,-89.65,17z'

const files: Record<string, string> = {
  'services/office-cleaning.yaml': [
    'title: Office Cleaning',
    'subtitle: Nightly office cleaning.',
    'description: Office cleaning for small businesses.',
    'icon: sparkles',
    'body: |',
    '  We clean **after hours**, so your team never works around a vacuum.',
    '',
    '  Every visit ends with a checklist signed by the crew lead.',
    '',
    '  ::: youtube https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42',
    '  A night shift in two minutes',
    '  :::',
    '',
  ].join('\n'),
  'areas.yaml': [
    'lists:',
    '  main:',
    '    - Springfield, IL',
    '    - Ft. Oak, IL',
    '    - Riverton, IL',
    'places:',
    '  Springfield, IL: { region: north }',
    '  Ft. Oak, IL: {}',
    '  Riverton, IL: { region: north }',
    'regions:',
    '  north: { name: North County }',
    '',
  ].join('\n'),
  'landing.yaml': [
    'matrix:',
    '  - areas: main',
    '    services: [office-cleaning]',
    'layout: [hero, breadcrumbs, cta]',
    'content:',
    '  ctaHeading: Ready for a cleaner office?',
    '  ctaActions:',
    '    - { label: Book a walkthrough, href: /contact }',
    'services:',
    '  office-cleaning:',
    '    badges: [Bonded cleaners]',
    '',
  ].join('\n'),
  'pages/home.yaml': [
    'path: /',
    'title: Tidy offices',
    'sections:',
    '  - type: hero',
    '    title: Clean offices, every night',
    '    actions:',
    '      - { label: Get a quote, href: /contact }',
    '    notice: Quotes within one working day.',
    '  - type: services',
    '    heading: What we do',
    '    text: "[How we work](/services/office-cleaning#about-service)"',
    '  - type: testimonials',
    '    heading: Clients',
    '    limit: 2',
    '    items:',
    '      - { quote: First quote., name: Ann }',
    '      - { quote: Second quote., name: Bo }',
    '      - { quote: Third quote., name: Cy }',
    '  - type: areas',
    '    heading: Where we work',
    '    groupBy: region',
    '    otherHeading: Further out',
    '    groups:',
    '      - list: main',
    '  - type: map',
    '    heading: Find us',
    `    place: "${mapsUrl}"`,
    '  - type: cta',
    '    heading: Talk to us',
    '    actions:',
    '      - { label: Call the office, href: /contact }',
    '',
  ].join('\n'),
}

let out: string
let home: string
beforeAll(async () => {
  out = path.join(await tempDir(), 'dist')
  await warmFixture('minimal')
  await build({ site: await warmSiteFrom('minimal', files), outDir: out, cacheDir: false, workerMinimum: 1 })
  home = await readFile(path.join(out, 'index.html'), 'utf8')
})

const page = (file: string) => readFile(path.join(out, file), 'utf8')

const english: SiteText = (key, values) => formatMessage(en, 'en', key, values)

describe('the new section keys', () => {
  it("shows a service's own body paragraphs on its page, after the hero", async () => {
    const html = await page('services/office-cleaning.html')
    expect(html).toContain('We clean <strong>after hours</strong>')
    expect(html.indexOf('after hours')).toBeGreaterThan(html.indexOf('<h1'))
    // An embed in a YAML Markdown field is drawn (and framed by the CSP, below) like one in a post.
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&amp;start=42"')
    // Its band has an id a link may name (the link on the home page was checked by the build).
    expect(html).toContain('id="about-service"')
  })

  it("shows a hero's notice under its buttons", () => {
    expect(home).toMatch(/<div class="actions[^"]*">.*?<\/div><p class="hero-notice">Quotes within one working day\.<\/p>/)
  })

  it("shows a service's icon on its card in a services grid", () => {
    expect(home).toMatch(/<span class="feature-icon service-card-icon"><svg[^>]*lucide-sparkles/)
  })

  it("shows only as many testimonials as the section's limit", () => {
    expect(home).toContain('Second quote.')
    expect(home).not.toContain('Third quote.')
  })

  it("groups area chips under their region's name, the areas of no region last", () => {
    const headings = [...home.matchAll(/<h3 class="area-group-title" dir="auto">([^<]*)<\/h3>/g)].map((m) => m[1])
    expect(headings).toEqual(['North County', 'Further out'])
    const north = home.slice(home.indexOf('North County'), home.indexOf('Further out'))
    expect(north).toContain('Springfield')
    expect(north).toContain('Riverton')
    expect(north).not.toContain('Ft. Oak')
  })

  it('draws a map section as a click-to-load facade that links to the Google Maps address', () => {
    expect(home).toContain(
      'class="embed embed-map" data-widget="embed" data-embed-src="https://www.google.com/maps?q=Springfield%20Public%20Library&amp;output=embed"',
    )
    expect(home).toContain(`<a class="embed-facade" href="${mapsUrl}"`)
    expect(home).not.toContain('<iframe')
  })

  it('gives a CTA section its own buttons, and the landing CTA band its `ctaActions`', async () => {
    expect(home).toMatch(/<section class="section cta-band"[\s\S]*Call the office/)
    const landing = await page('lp/springfield-office-cleaning.html')
    expect(/id="next-step"[\s\S]*?<\/section>/.exec(landing)?.[0]).toContain('Book a walkthrough')
  })

  it("shows a service's own badges (landing.yaml services.<slug>.badges) in the hero of its landing pages", async () => {
    const landing = await page('lp/springfield-office-cleaning.html')
    expect(landing).toMatch(/<li class="badge" dir="auto">.*Bonded cleaners<\/li>/)
  })

  it('frames in the CSP the origins of the embeds the pages use, and none without them', async () => {
    const headers = await readFile(path.join(out, '_headers'), 'utf8')
    expect(/frame-src ([^;\n]*)/.exec(headers)?.[1]).toBe('https://www.google.com https://www.youtube-nocookie.com')
    expect((await loadSite(fixture('minimal'))).site.embeds).toBeUndefined()
  })

  it('refuses a map short link at its line, with what to write instead', async () => {
    const site = await siteFrom('minimal', {
      'pages/home.yaml': 'path: /\ntitle: T\nsections:\n  - type: map\n    place: https://maps.app.goo.gl/abc\n',
    })
    const failure = await loadSite(site).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(BuildFailure)
    const [error] = (failure as BuildFailure).errors
    expect([error!.code, error!.line, error!.message]).toEqual([
      'bad-value',
      5,
      'The map cannot show "https://maps.app.goo.gl/abc": it is neither a place nor a Google Maps address it can read.',
    ])
  })
})

describe('embeds', () => {
  it('keep a YouTube start time written as t= or start=, in the frame and in the link', () => {
    for (const value of [
      'dQw4w9WgXcQ?t=90',
      'https://youtu.be/dQw4w9WgXcQ?t=1m30s',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=90',
    ]) {
      expect(parseYoutube(value)).toEqual({ id: 'dQw4w9WgXcQ', start: 90 })
    }
    const html = embedFacadeHtml({ provider: 'youtube', value: 'https://youtu.be/dQw4w9WgXcQ?t=90', title: '' }, english)
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;start=90"')
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=90s"')
    expect(parseYoutube('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined()
  })

  it('take a place or a Google Maps address for a map, and refuse a short link', () => {
    expect(parseMap('10 Market Street, Springfield')?.frameUrl).toBe(
      'https://www.google.com/maps?q=10%20Market%20Street%2C%20Springfield&output=embed',
    )
    expect(parseMap(mapsUrl)).toEqual({
      frameUrl: 'https://www.google.com/maps?q=Springfield%20Public%20Library&output=embed',
      pageUrl: mapsUrl,
    })
    expect(parseMap('https://www.google.de/maps/@39.8,-89.65,15z')?.frameUrl).toBe(
      'https://www.google.com/maps?q=39.8%2C-89.65&output=embed',
    )
    expect(parseMap('https://www.google.com/maps/embed?pb=!1m18')?.frameUrl).toBe('https://www.google.com/maps/embed?pb=!1m18')
    expect(parseMap('https://maps.app.goo.gl/abc')).toBeUndefined()
  })

  it('accept `::: map` with a Google Maps address and `::: youtube` with a start time in Markdown', () => {
    const body = `::: map ${mapsUrl}\nThe library\n:::\n\n::: youtube dQw4w9WgXcQ?t=42\nTour\n:::\n`
    const scan = scanMarkdown({ file: 'blog/a.md', body, bodyLine: 1 })
    expect(scan.errors).toEqual([])
    expect(scan.refs.map((r) => r.value)).toEqual(['map', 'youtube'])
  })
})
