import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, build } from '../../src/build/index.js'
import { launchChromium } from '../helpers/browser.js'
import { exampleBuild } from '../helpers/example-build.js'
import { type SiteServer, serveSite } from '../helpers/server.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// Measured in one Chromium, on built sites served from 127.0.0.1.

/** The form of the fold fixture: twelve fields, the tallest a landing hero may carry. */
const twelveFields = `forms:
  lead:
    submitLabel: Send
    fields:
${['Name', 'Company', 'Email', 'Phone', 'Street', 'City', 'Zip', 'Building size', 'Floors', 'Visits per week', 'Start date'].map((label) => `      - { name: ${label.toLowerCase().replace(/ /g, '-')}, label: ${label}, type: text, required: true }`).join('\n')}
      - { name: message, label: Message, type: textarea }
`
const longCity = 'Rancho Santa Margarita, CA'

interface Rect {
  readonly top: number
  readonly bottom: number
  readonly left: number
  readonly right: number
}
interface Fold {
  readonly url: string
  readonly viewport: string
  readonly header: number
  readonly height: number
  readonly width: number
  readonly h1: Rect
  readonly lead?: Rect
  readonly action?: Rect
}

let browser: Browser
const servers: SiteServer[] = []
let fixture: { server: SiteServer; result: BuildResult }
const examples: { server: SiteServer; result: Pick<BuildResult, 'routes'>; outDir: string; name: string }[] = []

async function buildAndServe(site: string): Promise<{ server: SiteServer; result: BuildResult }> {
  const outDir = await tempDir('citypress-fold-')
  const result = await build({ site, outDir, cacheDir: false })
  const server = await serveSite(outDir, { cacheAssets: true })
  servers.push(server)
  return { server, result }
}

/** An example site's shared build, served; sites/starter has no landing pages. */
async function serveExample(name: 'system4' | 'greenway' | 'brightline'): Promise<void> {
  const { result, outDir } = await exampleBuild(name)
  const server = await serveSite(outDir, { cacheAssets: true })
  servers.push(server)
  examples.push({ name, server, result, outDir })
}

beforeAll(async () => {
  const landing = readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
  const areas = readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
  const files: Record<string, string> = {
    'forms.yaml': twelveFields,
    // The tall form beside the headline, on the page of the longest city name.
    'landing.yaml': landing
      .replace('  office-cleaning:\n', '  office-cleaning:\n    layout: [hero-form, local]\n')
      .replace(
        'pages:\n',
        `pages:\n  - { area: "${longCity}", service: office-cleaning }\n  - { area: "${longCity}", service: window-cleaning }\n`,
      ),
    'areas.yaml': areas
      .replace('  west:\n    - Jacksonville, IL\n', `  west:\n    - Jacksonville, IL\n    - ${longCity}\n`)
      .replace(
        'places:\n',
        `places:\n  ${longCity}:\n    county: Orange County\n    local: A planned city in the foothills of the Santa Ana Mountains, with business parks along Avenida Empresa.\n`,
      ),
  }
  // The browser, the fixture's build and the example sites' shared builds do not wait on each other.
  ;[browser, fixture] = await Promise.all([
    launchChromium(),
    siteFrom('landing', files).then(buildAndServe),
    ...(['system4', 'greenway', 'brightline'] as const).map(serveExample),
  ])
  examples.sort((a, b) => a.name.localeCompare(b.name))
})

afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((s) => s.close()))
})

/**
 * The landing pages whose hero is hardest to fit, of each service of a site: the one with the
 * longest headline and the one with the longest lead (the hero's words are the only thing that
 * differs between pages of one service and layout), and every page with text of its own.
 */
function tallestHeroes(result: Pick<BuildResult, 'routes'>, outDir: string): string[] {
  const textOf = (html: string, pattern: RegExp) => (pattern.exec(html)?.[1] ?? '').replace(/<[^>]*>/g, '').length
  const groups = new Map<string, { url: string; h1: number; lead: number }[]>()
  const chosen = new Set<string>()
  for (const route of result.routes) {
    if (route.template !== 'landing') continue
    if (route.landing.pageContent) chosen.add(route.url)
    const html = readFileSync(path.join(outDir, route.outputPath), 'utf8')
    const key = route.landing.service.slug
    const group = groups.get(key) ?? []
    if (group.length === 0) groups.set(key, group)
    group.push({
      url: route.url,
      h1: textOf(html, /<h1[^>]*>([\s\S]*?)<\/h1>/),
      lead: textOf(html, /class="[^"]*\bhero-lead\b[^"]*"[^>]*>([\s\S]*?)<\/div>/),
    })
  }
  for (const group of groups.values()) {
    for (const measure of ['h1', 'lead'] as const) chosen.add(group.reduce((a, b) => (b[measure] > a[measure] ? b : a)).url)
  }
  return [...chosen]
}

async function measureFolds(server: SiteServer, urls: readonly string[]): Promise<Fold[]> {
  const viewports = [
    ['1280×800', { width: 1280, height: 800 }],
    ['375×667', { width: 375, height: 667 }],
  ] as const
  const context = await browser.newContext({ viewport: viewports[0][1] })
  const page = await context.newPage()
  const folds: Fold[] = []
  for (const [i, url] of urls.entries()) {
    // The hero's layout waits for its fonts, not for its images (they carry their size). One load
    // per page, measured at each width: the layout is the stylesheet's media queries, not a script's.
    // Each page loads at the width the previous one was left at, so no resize lays out a page
    // that is about to be left.
    const order = i % 2 === 0 ? viewports : ([viewports[1], viewports[0]] as const)
    await page.goto(`${server.url}${url}`, { waitUntil: 'domcontentloaded' })
    await page.evaluate(() => document.fonts.ready)
    for (const [n, [name, viewport]] of order.entries()) {
      if (n > 0) await page.setViewportSize(viewport)
      folds.push({ url, viewport: name, ...(await page.evaluate(measureHero)) })
    }
  }
  await context.close()
  return folds
}

/** Runs in the page: where the fixed header ends, the viewport, and the hero's h1, lead and first action. */
function measureHero(): Omit<Fold, 'url' | 'viewport'> {
  const rect = (el: Element | null) => {
    if (!el) return undefined
    const r = el.getBoundingClientRect()
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) }
  }
  const hero = document.querySelector('main .hero')!
  return {
    header: Math.round(document.querySelector('.site-header')!.getBoundingClientRect().bottom),
    height: innerHeight,
    width: innerWidth,
    h1: rect(hero.querySelector('h1'))!,
    lead: rect(hero.querySelector('.hero-lead')),
    action: rect(hero.querySelector('.hero-copy .actions .btn')),
  }
}

/** What lies outside the viewport or under the fixed header, as readable lines (empty: all fits). */
function misplaced(folds: readonly Fold[]): string[] {
  return folds.flatMap((f) =>
    (['h1', 'lead', 'action'] as const).flatMap((part) => {
      const r = f[part]
      if (!r) return []
      const ok = r.top >= f.header && r.bottom <= f.height && r.left >= 0 && r.right <= f.width
      return ok ? [] : [`${f.url} at ${f.viewport}: ${part} ${r.top}–${r.bottom} (header ${f.header}, viewport ${f.height})`]
    }),
  )
}

describe('a landing hero at scroll 0', () => {
  it('shows the h1, the lead and the primary action below the header and inside the viewport, with a 12-field form and the longest city name', async () => {
    const urls = ['/lp/rancho-santa-margarita-office-cleaning', '/lp/rancho-santa-margarita-window-cleaning']
    const folds = await measureFolds(fixture.server, urls)
    expect(folds.every((f) => f.lead && f.action)).toBe(true)
    expect(misplaced(folds)).toEqual([])
  })

  it('does so on the tallest hero of every service of every example site', async () => {
    const found: string[] = []
    for (const { name, server, result, outDir } of examples) {
      const urls = tallestHeroes(result, outDir)
      expect(urls.length, `${name}: a page of each of its services at least`).toBeGreaterThanOrEqual(2)
      const folds = await measureFolds(server, urls)
      found.push(...misplaced(folds).map((line) => `${name} ${line}`))
    }
    expect(found).toEqual([])
  }, 180_000)
})
