import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { placeProblems } from '../../src/config/read/place-problems.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { landingMainText, wordsOf } from '../../src/plan/landing-text.js'
import { planSite } from '../../src/plan/plan-site.js'
import { routeProps } from '../../src/plan/route-props.js'
import { siteFrom } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'
import { type BuiltSite, buildInMemory, exampleSite, fixtureSite, mainText, markedUpQuestions } from './helpers.js'

// Landing pages are made of sections, in an order landing.yaml chooses.
const fixtureLanding = readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
const officeService = readFileSync(new URL('../fixtures/sites/landing/services/office-cleaning.yaml', import.meta.url), 'utf8')

/** The office service with benefits, testimonials and FAQs of its own, none of them in landing.yaml. */
const officeWithExtras = `${officeService}benefits:
  - { title: One Contact, description: "A single person to call for every building." }
testimonials:
  - { quote: "Our office has never looked this tidy on a Monday.", name: Pat Q., company: Office Manager }
faqs:
  - { question: Do you bring your own supplies?, answer: "Yes, every product and machine." }
`

/** The ids (or kinds) of the top-level blocks of a page's <main>, in order. */
function blocksOf(html: string): string[] {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!
  return [...main.matchAll(/<(section|nav) class="([^"]*)"(?: id="([^"]*)")?/g)].map(
    (m) =>
      m[3] ?? (m[2]!.includes('breadcrumbs') ? 'breadcrumbs' : m[2]!.includes('hero') ? 'hero' : m[2]!.includes('cta') ? 'cta' : m[2]!),
  )
}

describe('the landing layout', () => {
  beforeAll(() => warmFixture('landing'))

  it('is the generic landing variant when landing.yaml names none', async () => {
    const site = await fixtureSite('landing')
    expect(blocksOf(site.page('/lp/springfield-office-cleaning'))).toEqual([
      'hero',
      'breadcrumbs',
      'about-service',
      'local',
      'services',
      'testimonials',
      'faq',
      'service-areas',
      'other-services',
      'quote',
    ])
  })

  it('follows landing.yaml `layout`, leaving out the sections it does not name', async () => {
    const landing = `${fixtureLanding}layout: [hero, local, form]\n`
    const site = await buildInMemory(await warmSiteFrom('landing', { 'landing.yaml': landing }))
    const html = site.page('/lp/springfield-office-cleaning')
    expect(blocksOf(html)).toEqual(['hero', 'local', 'quote'])
    // No breadcrumbs shown, so no BreadcrumbList claims them.
    expect(html).not.toContain('BreadcrumbList')
  })

  it('lets a service replace the layout for its own pages and show its benefits, testimonials and FAQs', async () => {
    const landing = fixtureLanding.replace(
      '  office-cleaning:\n',
      '  office-cleaning:\n    layout: [hero, benefits, service-testimonials, form, service-faq, cta]\n    benefitsHeading: Why {city} offices choose us\n    ctaHeading: Ready when {city} is\n',
    )
    const site = await buildInMemory(
      await warmSiteFrom('landing', { 'landing.yaml': landing, 'services/office-cleaning.yaml': officeWithExtras }),
    )
    const office = site.page('/lp/springfield-office-cleaning')
    expect(blocksOf(office)).toEqual(['hero', 'benefits', 'service-testimonials', 'quote', 'service-faq', 'next-step'])
    expect(office).toContain('<h2>Why Springfield offices choose us</h2>')
    expect(office).toContain('Our office has never looked this tidy on a Monday.')
    expect(office).toContain('Do you bring your own supplies?')
    expect(office).toMatch(/<h2>Ready when Springfield is<\/h2>[\s\S]*?href="\/contact"><span>Get a Quote</)
    // The other service keeps the shared layout.
    expect(blocksOf(site.page('/lp/springfield-window-cleaning'))[2]).toBe('about-service')
  })

  it('shows a service’s own hero badges and buttons, and its own CTA band buttons, on its pages only', async () => {
    const landing = fixtureLanding.replace(
      '  office-cleaning:\n',
      `  office-cleaning:
    layout: [hero, local, cta]
    badges: ["Offices in {city} since 2009"]
    actions: [{ label: Book a Walkthrough, href: /contact }]
    ctaHeading: Ready when {city} is
    ctaActions: [{ label: Call the Office Team, href: "tel:+12175550100" }]
`,
    )
    const site = await buildInMemory(await warmSiteFrom('landing', { 'landing.yaml': landing }))
    const hero = (url: string) => /<section class="hero[\s\S]*?<\/section>/.exec(site.page(url))![0]
    const office = hero('/lp/springfield-office-cleaning')
    expect(office).toContain('Offices in Springfield since 2009')
    expect(office).not.toContain('Background-Checked Crews')
    expect(office).toMatch(/href="\/contact"><span>Book a Walkthrough</)
    expect(site.page('/lp/springfield-office-cleaning')).toMatch(
      /<h2>Ready when Springfield is<\/h2>[\s\S]*?href="tel:\+12175550100"><span>Call the Office Team</,
    )
    // The other service keeps the variant's.
    expect(hero('/lp/springfield-window-cleaning')).toContain('Background-Checked Crews')
    expect(hero('/lp/springfield-window-cleaning')).toMatch(/<span>Get a Quote</)
  })

  it('refuses a layout without the hero, at its YAML line', async () => {
    const landing = fixtureLanding.replace('  window-cleaning:\n', '  window-cleaning:\n    layout: [local, form]\n')
    const errors = await placeProblems(planSite(await loadSite(await siteFrom('landing', { 'landing.yaml': landing }))).errors)
    expect(errors.map((e) => [e.code, e.message, e.path, e.line, e.lineText])).toEqual([
      [
        'bad-value',
        'This landing layout has no `hero`, so its pages would have no headline (h1).',
        'services.window-cleaning.layout',
        26,
        '    layout: [local, form]',
      ],
    ])
  })

  it('puts the form, with its attribution fields, beside the headline with `hero-form`', async () => {
    const landing = `${fixtureLanding}layout: [hero-form, local]\n`
    const site = await buildInMemory(await warmSiteFrom('landing', { 'landing.yaml': landing }))
    const html = site.page('/lp/springfield-office-cleaning')
    expect(blocksOf(html)).toEqual(['hero', 'local'])
    expect(html).toMatch(
      /<section class="hero [^"]*has-form[^"]*">[\s\S]*?<h1>[\s\S]*?<h2 class="form-title">Get a quote in Springfield<\/h2>[\s\S]*?name="pagePath" value="\/lp\/springfield-office-cleaning"/,
    )
  })

  it('refuses a layout with two heroes, or with the form both in the hero and below it', async () => {
    for (const [layout, message] of [
      ['[hero, hero-form]', 'This landing layout has both `hero` and `hero-form`, so its pages would have two headlines (h1).'],
      ['[hero-form, form]', 'This landing layout has both `hero-form` and `form`, so its pages would show the form twice.'],
    ]) {
      const errors = await placeProblems(
        planSite(await loadSite(await siteFrom('landing', { 'landing.yaml': `${fixtureLanding}layout: ${layout}\n` }))).errors,
      )
      expect(errors.map((e) => [e.message, e.lineText])).toEqual([[message, `layout: ${layout}`]])
    }
  })

  it('refuses a section named twice, at its YAML line', async () => {
    const dir = await siteFrom('landing', { 'landing.yaml': `${fixtureLanding}layout: [hero, form, form]\n` })
    const failure = await loadSite(dir).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(BuildFailure)
    expect((failure as BuildFailure).errors.map((e) => [e.path, e.lineText])).toEqual([['layout', 'layout: [hero, form, form]']])
  })
})

describe('the second example site’s landing pages', () => {
  let site: BuiltSite
  beforeAll(async () => {
    site = await exampleSite('greenway')
  })

  it('use their own order, and irrigation and landscape design pages their service’s', () => {
    expect(blocksOf(site.page('/lp/salem-lawn-care'))).toEqual([
      'hero',
      'breadcrumbs',
      'local',
      'about-service',
      'services',
      'stats',
      'service-testimonials',
      'testimonials',
      'faq',
      'quote',
      'service-areas',
      'other-services',
    ])
    expect(blocksOf(site.page('/lp/salem-irrigation')).slice(0, 3)).toEqual(['hero', 'breadcrumbs', 'local'])
    expect(site.page('/lp/salem-irrigation')).toContain('<h2 class="form-title">Book an irrigation check in Salem</h2>')
    expect(blocksOf(site.page('/lp/salem-landscape-design'))).toEqual([
      'hero',
      'breadcrumbs',
      'about-service',
      'benefits',
      'local',
      'service-testimonials',
      'service-faq',
      'next-step',
      'more-services',
      'service-areas',
      'other-services',
    ])
  })

  it('mark up no question as FAQPage on two URLs', () => {
    const questions = markedUpQuestions(site)
    expect([...questions].filter(([, urls]) => urls.length > 1)).toEqual([])
    expect(questions.get('How much does weekly mowing cost in Salem?')).toEqual(['/lp/salem-lawn-care'])
  })

  it('score exactly the words the page shows in <main>, whatever the layout', () => {
    for (const url of ['/lp/salem-lawn-care', '/lp/salem-irrigation', '/lp/salem-landscape-design', '/lp/portland-landscape-design']) {
      const props = routeProps(site.routes.find((r) => r.url === url)!) as LandingPageProps
      const planned = wordsOf(landingMainText(props, props.form && site.result.site.forms[props.form.name]))
      // What no visitor sees until they act: the spam trap and the message after sending.
      const shown = site
        .page(url)
        .replace(/<p class="honeypot" hidden[^>]*>[\s\S]*?<\/p>/, '')
        .replace(/<div class="form-success" hidden[\s\S]*?<\/div>/, '')
      expect(planned, url).toEqual(wordsOf(mainText(shown)))
    }
  })
})
