import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkHtml } from '../../bin/nu-checker.mjs'
import { es } from '../../src/config/messages/es.js'
import { contrastRatio } from '../../src/config/theme/theme.js'
import { auditPages, launchChromium, type PageAudit } from '../helpers/browser.js'
import { exampleBuild, type SharedResult } from '../helpers/example-build.js'
import { type SiteServer, serveSite } from '../helpers/server.js'

/**
 * The example sites build, and one page of every page kind of each has no Nu HTML checker error,
 * no axe violation at phone and desktop widths, no broken link or fragment (the build's own link
 * check fails the build on one) and no sideways scroll at 320 px. The sites differ in trade, brand
 * and section order, so together they exercise most templates; brightline's brand is a light
 * accent with dark text, a dark header and coloured footer links.
 */
// A page whose hero has an image starts with a transparent header. axe-core (4.14) reads the links
// of that fixed header against whatever section it has scrolled under them, not the hero: over a
// plain band, light text on white. findAxeViolations leaves those out (the contrast table checks
// that pair at build); everything else of the header is checked, and all of it where it is solid.
const exampleSites = {
  // `more`: pages whose layout no other sample shows (a hand-written landing page, a second landing layout).
  system4: {
    about: '/about',
    contact: '/contact',
    services: '/services',
    legal: '/privacy-policy',
    more: ['/lp/columbus-commercial-cleaning'],
  },
  greenway: {
    about: '/about',
    contact: '/contact',
    services: '/services',
    legal: '/privacy',
    more: ['/lp/salem-landscape-design', '/lp/salem-irrigation'],
  },
  // Its Spanish edition too: a page of every kind it has (one page of sections: its contact and
  // services pages are sections too, as their English twins audited above).
  brightline: {
    about: '/about',
    contact: '/contact',
    services: '/services',
    legal: '/privacy',
    more: [
      '/lp/durham-generators',
      '/es',
      '/es/services/generadores-de-respaldo',
      '/es/lp/durham-cambio-de-panel-electrico',
      '/es/locations',
      '/es/thanks/contact',
      '/es/404',
    ],
  },
} as const

type Sample = { label: string; url: string; file: string }
type Audited = keyof typeof exampleSites | 'starter'

let browser: Browser
const results = new Map<Audited, SharedResult>()
beforeAll(async () => {
  browser = await launchChromium()
  // Built once for the whole run, with the site's own image cache (git-ignored), so only a fresh clone encodes its images.
  for (const name of [...Object.keys(exampleSites), 'starter'] as Audited[]) results.set(name, (await exampleBuild(name)).result)
  // Four cold builds, images and all, when this file is the first of the run to ask for them.
}, 600_000)
afterAll(async () => {
  await browser?.close()
})

/** One page of every kind of an example site, and the pages only it shows. */
function samplesOf(name: keyof typeof exampleSites, result: SharedResult): Sample[] {
  const pages = exampleSites[name]
  const byUrl = new Map(result.routes.map((r) => [r.url, r]))
  const firstOf = (template: string) =>
    result.routes.find((r) => r.template === template && !r.noindex) ?? result.routes.find((r) => r.template === template)
  const chosen = {
    home: byUrl.get('/'),
    about: byUrl.get(pages.about),
    contact: byUrl.get(pages.contact),
    'services overview': byUrl.get(pages.services),
    'service page': firstOf('service'),
    'landing page': firstOf('landing'),
    locations: firstOf('locations'),
    'blog index': firstOf('blog-index'),
    post: firstOf('post'),
    'legal page': byUrl.get(pages.legal),
    '404': firstOf('not-found'),
    'form success': firstOf('form-success'),
    ...Object.fromEntries(pages.more.map((url) => [`page of another layout ${url}`, byUrl.get(url)])),
  }
  return Object.entries(chosen).map(([kind, route]) => {
    if (!route) throw new Error(`${name} has no ${kind} page`)
    return { label: `${kind} ${route.url}`, url: route.url === '/404' ? '/no-such-page' : route.url, file: route.outputPath }
  })
}

/**
 * The starter's pages of every kind: each page made of sections (each its own kind), and one of
 * each other template (the first indexable one where there is one).
 */
function starterSamples(result: SharedResult): Sample[] {
  const byTemplate = new Map<string, SharedResult['routes'][number]>()
  for (const route of result.routes) {
    const kind = route.template === 'sections' ? route.url : route.template
    const chosen = byTemplate.get(kind)
    if (!chosen || (chosen.noindex && !route.noindex)) byTemplate.set(kind, route)
  }
  return [...byTemplate.values()].map((route) => ({
    label: `${route.template} ${route.url}`,
    url: route.url === '/404' ? '/no-such-page' : route.url,
    file: route.outputPath,
  }))
}

/** The pages the Nu checker reads: the samples of each site. */
function checkedFiles(name: Audited, result: SharedResult): string[] {
  return (name === 'starter' ? starterSamples(result) : samplesOf(name, result)).map((s) => s.file)
}

let nuRun: Map<Audited, string[]> | undefined
/**
 * The Nu checker's errors on a site's checked pages, as htmlErrors words them (`file:line:
 * message`, the file relative to the output folder). Java takes seconds to start, so the pages of
 * every site go into one run, made when the first site asks.
 */
function nuErrors(name: Audited): string[] {
  if (!nuRun) {
    const checked = [...results].flatMap(([site, result]) => {
      // A site without its samples fails in its own beforeAll; the others are still checked.
      try {
        return [{ site, result, files: checkedFiles(site, result) }]
      } catch {
        return []
      }
    })
    // Paths relative to the root folder: checkHtml finds a message's page by its path relative to `dir`.
    const fromRoot = (result: SharedResult, file: string) => path.relative('/', path.join(result.outDir, file))
    const messages = checkHtml(
      '/',
      checked.flatMap(({ result, files }) => files.map((file) => fromRoot(result, file))),
    )
    nuRun = new Map(
      checked.map(({ site, result, files }) => [
        site,
        files.flatMap((file) =>
          (messages.get(fromRoot(result, file)) ?? []).filter((m) => m.type !== 'info').map((m) => `${file}:${m.lastLine}: ${m.message}`),
        ),
      ]),
    )
  }
  const found = nuRun.get(name)
  if (!found) throw new Error(`the Nu checker did not check ${name}`)
  return found
}

describe.each(Object.entries(exampleSites))('the example site %s', (name, pages) => {
  let result: SharedResult
  let server: SiteServer
  let samples: Sample[]
  let audit: Promise<PageAudit> | undefined
  /** Every sample loaded once at 320 px for sideways scroll, then axe at 375 and 1280 px. */
  const audited = () => (audit ??= auditPages(browser, server.url, samples, { scroll: 320, axe: [375, 1280] }))

  beforeAll(async () => {
    result = results.get(name as keyof typeof exampleSites)!
    server = await serveSite(result.outDir)
    samples = samplesOf(name as keyof typeof exampleSites, result)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('builds with no warning, so no link or #fragment of any page is broken', () => {
    // But the texts brightline leaves untranslated on purpose, to show what a build says of them.
    const untranslated = result.warnings.filter((w) => w.code === 'untranslated').map((w) => path.relative(result.site.root, w.file))
    expect(untranslated).toEqual(name === 'brightline' ? ['pages/about.yaml', 'pages/privacy.md', 'pages/terms.md', 'areas.yaml'] : [])
    const others = result.warnings.filter((w) => w.code !== 'untranslated')
    expect(others.map((w) => `${w.code} ${w.file}:${w.line}: ${w.message}`)).toEqual([])
    expect(samples).toHaveLength(12 + pages.more.length)
  })

  it('shows no unfilled {token} on any page', async () => {
    const tokens = /\{(?:city|state|area|service|serviceLower|county)\}/g
    const found = await Promise.all(
      result.routes.map(
        async (r) => [r.url, (await readFile(path.join(result.outDir, r.outputPath), 'utf8')).match(tokens) ?? []] as const,
      ),
    )
    expect(found.filter(([, hits]) => hits.length > 0)).toEqual([])
  })

  it('has no Nu HTML checker error on a page of every kind', () => {
    expect(nuErrors(name as keyof typeof exampleSites)).toEqual([])
  })

  it.each([375, 1280])(
    'has no axe violation on a page of every kind at %i px',
    async (width) => {
      expect((await audited()).axe.get(width)).toEqual([])
    },
    180_000,
  )

  it('never scrolls sideways at 320 px', async () => {
    expect((await audited()).wide).toEqual([])
  }, 180_000)

  // The brand one accent could not serve shows exactly its own tokens.
  it.runIf(name === 'brightline')(
    'shows its tokens: a charcoal header with amber current and hovered links, amber buttons with dark text, amber footer links',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      const style = (selector: string, property: 'color' | 'backgroundColor') =>
        page.$$eval(selector, (nodes, p) => [...new Set(nodes.map((n) => getComputedStyle(n)[p as 'color']))], property)
      await page.goto(`${server.url}/about`)
      await page.hover('.site-header .nav-link[href$="/contact"]')
      const onAbout = {
        header: await style('.site-header', 'backgroundColor'),
        headerText: await style('.site-header', 'color'),
        current: await style('.site-header .nav-link[aria-current="page"]', 'color'),
        hovered: await style('.site-header .nav-link[href$="/contact"]', 'color'),
        headerButton: [...(await style('.header-cta', 'backgroundColor')), ...(await style('.header-cta', 'color'))],
      }
      await page.goto(`${server.url}/`)
      const onHome = {
        buttons: [...(await style('main .btn-accent', 'backgroundColor')), ...(await style('main .btn-accent', 'color'))],
        footerLinks: await style('.site-footer a', 'color'),
      }
      await page.close()
      const c = result.site.site.theme.colors
      expect({ ...onAbout, ...onHome }).toEqual({
        header: [rgb(c.headerBackground)],
        headerText: [rgb(c.headerText)],
        current: [rgb(c.headerHover)],
        hovered: [rgb(c.headerHover)],
        headerButton: [rgb(c.accent), rgb(c.onAccent)],
        buttons: [rgb(c.accent), rgb(c.onAccent)],
        footerLinks: [rgb(c.footerLink)],
      })
      // The hard case itself: an accent too light for white text, under dark text, and a dark header.
      expect([
        contrastRatio('#ffffff', c.accent) < 3,
        contrastRatio(c.onAccent, c.accent) >= 4.5,
        contrastRatio('#ffffff', c.headerBackground) >= 7,
      ]).toEqual([true, true, true])
    },
  )
})

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`
}

/**
 * The starter `citypress new` copies is the first site a new business sees, and an example site
 * too: a page of every kind it has meets the same bar.
 */
describe('the starter site', () => {
  let result: SharedResult
  let server: SiteServer

  beforeAll(async () => {
    result = results.get('starter')!
    server = await serveSite(result.outDir)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('builds with no warning and has no Nu HTML checker error on a page of every kind', () => {
    expect(result.warnings.map((w) => `${w.code} ${w.file}:${w.line}: ${w.message}`)).toEqual([])
    expect(nuErrors('starter')).toEqual([])
  })

  let audit: Promise<[PageAudit, PageAudit]> | undefined
  /** A page of every kind loaded once at each width: sideways scroll and axe there. */
  const audited = () => {
    const pages = starterSamples(result)
    return (audit ??= Promise.all(
      [320, 1280].map((width) => auditPages(browser, server.url, pages, { scroll: width, axe: [width] })) as [
        Promise<PageAudit>,
        Promise<PageAudit>,
      ],
    ))
  }

  it.each([320, 1280])(
    'has no axe violation and no sideways scroll on a page of every kind at %i px',
    async (width) => {
      const found = (await audited())[width === 320 ? 0 : 1]
      expect([...found.axe.get(width)!, ...found.wide]).toEqual([])
    },
    180_000,
  )
})

describe('a form on a Spanish page of brightline', () => {
  it('says its checks in Spanish in an English browser, and lets each go as the field is fixed', async () => {
    const server = await serveSite(results.get('brightline')!.outDir)
    const context = await browser.newContext({ locale: 'en-US' })
    try {
      const page = await context.newPage()
      await page.goto(`${server.url}/es/contacto`)
      const form = page.locator('form[name="contact"]')
      const message = (id: string) => form.locator(`#contact-${id}`).evaluate((f: HTMLInputElement) => f.validationMessage)
      await form.locator('#contact-email').fill('nadie')
      await form.locator('#contact-zip').fill('abc')
      await form.locator('button[type="submit"]').click()
      expect([await message('name'), await message('email'), await message('zip')]).toEqual([
        es.fieldRequired,
        es.emailInvalid,
        es.formatInvalid,
      ])
      await form.locator('#contact-name').fill('Ana')
      expect(await message('name')).toBe('')
    } finally {
      await context.close()
      await server.close()
    }
  })
})
