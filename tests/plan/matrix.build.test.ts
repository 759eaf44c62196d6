import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { placeProblems } from '../../src/config/read/place-problems.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { planSite } from '../../src/plan/plan-site.js'
import { routeProps } from '../../src/plan/route-props.js'
import { siteFrom } from '../helpers/site.js'
import { fixtureSite, metaRobots } from './helpers.js'

const plan = async (files: Record<string, string> = {}) => planSite(await loadSite(await siteFrom('landing', files)))
const landingUrls = (p: Awaited<ReturnType<typeof plan>>) =>
  p.routes
    .filter((r) => r.template === 'landing')
    .map((r) => r.url)
    .sort()

describe('landing.yaml', () => {
  it('makes a page for every area × service of a matrix rule, plus single pages, minus exclusions', async () => {
    expect(landingUrls(await plan())).toEqual([
      '/lp/chatham-office-cleaning',
      '/lp/chatham-window-cleaning',
      '/lp/decatur-office-cleaning', // Decatur's window cleaning is excluded
      '/lp/jacksonville-window-cleaning', // a single page: Jacksonville is in no matrix list
      '/lp/rochester-office-cleaning',
      '/lp/rochester-window-cleaning',
      '/lp/sherman-office-cleaning',
      '/lp/sherman-window-cleaning',
      '/lp/springfield-office-cleaning',
      '/lp/springfield-window-cleaning',
    ])
  })

  it('excludes every service of an area when the exclusion names no service', async () => {
    const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
    const urls = landingUrls(
      await plan({ 'landing.yaml': landing.replace('- { area: "Decatur, IL", service: window-cleaning }', '- { area: "Chatham, IL" }') }),
    )
    expect(urls.filter((u) => u.includes('chatham'))).toEqual([])
    expect(urls).toContain('/lp/decatur-window-cleaning')
  })

  it('names both areas once when two of them would get the same addresses', async () => {
    const areas = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
    const errors = (
      await plan({
        'areas.yaml': areas.replace('    - Decatur, IL\n', '    - Decatur, IL\n    - Chatham, MA\n').concat('  Chatham, MA: {}\n'),
      })
    ).errors
    const same = errors.filter((e) => e.message.includes('would both be'))
    expect(same.map((e) => [e.message, e.hint])).toEqual([
      [
        '"Chatham, IL" and "Chatham, MA" would both be /lp/chatham-office-cleaning (and share the pages of 1 more service): landing-page addresses leave out the state.',
        'Exclude one of them for office-cleaning, window-cleaning in landing.yaml `exclude`, or write one area differently in areas.yaml (e.g. "Springfield Township, MO").',
      ],
    ])
  })

  it('fails when a service page’s chips would link to landing pages that landing.yaml does not make', async () => {
    const errors = (await plan({ 'landing.yaml': 'matrix:\n  - { areas: west, services: [office-cleaning] }\n' })).errors
    expect(errors.map((e) => [e.code, e.file.endsWith('services/office-cleaning.yaml'), e.message])).toEqual([
      [
        'missing-reference',
        true,
        'The service-area chips of office-cleaning link to /lp/{city}-office-cleaning, but landing.yaml makes no such page for Springfield, Chatham, Rochester and 2 more.',
      ],
    ])
  })

  it('names the exclusion, not a matrix rule, when an exclusion removed a chip’s page, at the landingService line', async () => {
    const window = (await import('node:fs')).readFileSync(
      new URL('../fixtures/sites/landing/services/window-cleaning.yaml', import.meta.url),
      'utf8',
    )
    const chips = `${window}areas:\n  list: central\n  landingService: window-cleaning\n`
    const errors = await placeProblems((await plan({ 'services/window-cleaning.yaml': chips })).errors)
    expect(errors.map((e) => [e.code, e.line, e.lineText, e.message, e.hint])).toEqual([
      [
        'missing-reference',
        10,
        '  landingService: window-cleaning',
        'The service-area chips of window-cleaning link to /lp/{city}-window-cleaning, but landing.yaml makes no such page for Decatur.',
        "landing.yaml `exclude` (exclude[0]) removes the page of Decatur. Set `allowPlainChips: true` under this service's `areas` to show that chip as plain text, or drop the exclusion.",
      ],
    ])
    // Saying plain chips are meant ends it, as it ends the chip-without-page warning.
    const allowed = await plan({ 'services/window-cleaning.yaml': `${chips}  allowPlainChips: true\n` })
    expect(allowed.errors).toEqual([])
  })

  it('fills {city}, {state}, {service} and {county} from areas.yaml in every text', async () => {
    const route = (await plan()).routes.find((r) => r.url === '/lp/chatham-office-cleaning')!
    const props = routeProps(route) as LandingPageProps
    expect(route.title).toBe('Office Cleaning in Chatham, IL | Brightside Cleaning')
    expect(route.description).toBeUndefined()
    expect(props.description).toBe('Office Cleaning for businesses in Chatham, IL and Sangamon County.')
    expect(props.intro?.text).toBe('Nightly or weekly office cleaning for **Chatham** businesses, with one contact for everything.')
    expect(props.faqs?.heading).toBe('Questions about office cleaning in Chatham')
    // The region's FAQ and testimonials come from areas.yaml `regions`.
    expect(props.faqs?.items.map((f) => f.question)).toEqual(['Which towns do you serve?'])
    expect(props.testimonials?.items.map((t) => t.name)).toEqual(['Dana K.'])
    expect(props.form?.hidden).toEqual({ pageCity: 'Chatham, IL', pageService: 'office-cleaning', pagePath: '/lp/chatham-office-cleaning' })
  })

  it('rejects a misspelt token where it is written', async () => {
    const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
    const failure = await loadSite(
      await siteFrom('landing', { 'landing.yaml': landing.replace('localHeading: Working in {city}', 'localHeading: Working in {ctiy}') }),
    ).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BuildFailure)
    const [error] = (failure as BuildFailure).errors
    expect([error!.code, error!.line, error!.lineText]).toEqual(['bad-value', 17, '  localHeading: Working in {ctiy}'])
  })
})

describe('nearby areas', () => {
  it('are the nearest pages of the same service, nearest first, with straight-line miles', async () => {
    const props = routeProps((await plan()).routes.find((r) => r.url === '/lp/springfield-office-cleaning')!) as LandingPageProps
    // Springfield → Rochester 6.7 mi east, Chatham 7.9 mi south, Sherman 8.1 mi north, Decatur 37 mi east.
    expect(props.areas!.nearby.map((n) => [n.href, n.miles])).toEqual([
      ['/lp/rochester-office-cleaning', 6.7],
      ['/lp/chatham-office-cleaning', 7.9],
      ['/lp/sherman-office-cleaning', 8.1],
      ['/lp/decatur-office-cleaning', 37.1],
    ])
  })

  it('are one list for the pages of an area whose services find the same nearest areas', async () => {
    const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
    const { routes } = await plan({ 'landing.yaml': `${landing}nearby:\n  count: 3\n` })
    const nearby = (url: string) => routes.find((r) => r.url === url)!.landing!.nearby
    // Office cleaning is offered in Decatur, window cleaning in Jacksonville: both are farther than the nearest three.
    expect(nearby('/lp/springfield-window-cleaning').map((n) => n.area)).toEqual(['Rochester, IL', 'Chatham, IL', 'Sherman, IL'])
    expect(nearby('/lp/springfield-window-cleaning')).toBe(nearby('/lp/springfield-office-cleaning'))
  })

  it('follow the area list when areas.yaml has no coordinates', async () => {
    const areas = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
    const props = routeProps(
      (await plan({ 'areas.yaml': areas.replace(/\n {4}lat: [\d.]+\n {4}lng: -[\d.]+/g, '') })).routes.find(
        (r) => r.url === '/lp/rochester-office-cleaning',
      )!,
    ) as LandingPageProps
    expect(props.areas!.nearby.map((n) => [n.label, n.miles])).toEqual([
      ['Sherman, IL', undefined],
      ['Decatur, IL', undefined],
      ['Springfield, IL', undefined],
      ['Chatham, IL', undefined],
    ])
  })
})

describe('the quality gate', () => {
  it('builds a page without a local paragraph with noindex, leaves it out of the sitemap and says why', async () => {
    const site = await fixtureSite('landing')
    expect(metaRobots(site.page('/lp/sherman-office-cleaning'))).toBe('noindex')
    expect(site.file('sitemap.xml')).not.toContain('/lp/sherman-office-cleaning')
    expect(site.file('sitemap.xml')).toContain('/lp/springfield-office-cleaning')
    expect(metaRobots(site.page('/lp/springfield-office-cleaning'))).toBeUndefined()
    const weakest = site.result.landing.quality.weakest
    expect(
      weakest
        .slice(0, 2)
        .map((p) => [p.url, p.indexable, p.reasons])
        .sort(),
    ).toEqual([
      ['/lp/sherman-office-cleaning', false, ['no local paragraph (areas.yaml places)']],
      ['/lp/sherman-window-cleaning', false, ['no local paragraph (areas.yaml places)']],
    ])
    // Still built for visitors and still linked from the locations index.
    expect(site.page('/locations')).toContain('href="/lp/sherman-office-cleaning"')
  })

  it('keeps a weak page indexed when landing.yaml opts it in', async () => {
    const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
    const p = await plan({ 'landing.yaml': `${landing}quality:\n  index: [/lp/sherman-office-cleaning]\n` })
    expect(p.routes.find((r) => r.url === '/lp/sherman-office-cleaning')!.noindex).toBe(false)
    expect(p.routes.find((r) => r.url === '/lp/sherman-window-cleaning')!.noindex).toBe(true)
    expect(p.landingQuality.pages.find((q) => q.url === '/lp/sherman-office-cleaning')!.optedIn).toBe(true)
  })

  it('marks a page whose main text is over 90 % identical to a sibling’s', async () => {
    const areas = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
    // Two towns given the same long paragraph: their pages differ only in names and distances.
    const copied = Array.from(
      { length: 250 },
      (_, i) => `Sentence ${i} of a paragraph that was pasted into two towns without changing a word of it.`,
    ).join(' ')
    const text = areas
      .replace(/( {2}Chatham, IL:[\s\S]*?local: >-\n)[\s\S]*?(\n {2}Rochester)/, `$1      ${copied}$2`)
      .replace(/( {2}Rochester, IL:[\s\S]*?local: >-\n)[\s\S]*?(\n {2}Sherman)/, `$1      ${copied}$2`)
    const quality = (await plan({ 'areas.yaml': text })).landingQuality.pages
    const chatham = quality.find((q) => q.url === '/lp/chatham-office-cleaning')!
    expect(chatham.similarity).toBeGreaterThan(0.9)
    expect(chatham.nearest).toBe('/lp/rochester-office-cleaning')
    expect(chatham.indexable).toBe(false)
    expect(chatham.reasons[0]).toMatch(/^main text \d+% identical to \/lp\/rochester-office-cleaning \(limit 90%\)$/)
  })

  it('passes every page that has its own local paragraph', async () => {
    const quality = (await plan()).landingQuality.pages
    expect(quality.filter((q) => !q.url.includes('sherman')).every((q) => q.indexable)).toBe(true)
  })
})

describe('landing.yaml references that lead nowhere', () => {
  it('are each reported at their own line, with what to do', async () => {
    const areas = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
    const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
    const { errors } = await plan({
      'areas.yaml': areas.replace('    region: central-illinois\n', '    region: central-ilinois\n'),
      'landing.yaml': `${landing.replace('services:\n  office-cleaning:\n', 'services:\n  window-washing:\n    intro: Glass.\n  office-cleaning:\n')}quality:\n  index: [/lp/nowhere-office-cleaning]\n`,
    })
    const placed = await placeProblems(errors)
    expect(placed.map((e) => [e.code, `${e.file.replace(/.*\/site\//, '')}:${e.line}`, e.message, e.hint])).toEqual([
      [
        'missing-reference',
        'landing.yaml:23',
        'landing.yaml has texts for the service "window-washing", but services/ has no window-washing.yaml.',
        'Services: office-cleaning, window-cleaning.',
      ],
      [
        'missing-reference',
        'areas.yaml:23',
        'The place "Springfield, IL" names the region "central-ilinois", which areas.yaml `regions` does not define.',
        'Add the region or correct the name.',
      ],
      [
        'missing-reference',
        'landing.yaml:30',
        'quality.index names /lp/nowhere-office-cleaning, which is not a landing page of this site.',
        'Run `citypress routes` to list the landing pages.',
      ],
    ])
  })
})
