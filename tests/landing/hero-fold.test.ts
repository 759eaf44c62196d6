import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/build.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { routeProps } from '../../src/plan/route-props.js'
import { launchChromium } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { exampleBuild } from '../helpers/example-build.js'
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

interface Rect { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number }
interface Fold { readonly url: string; readonly viewport: string; readonly header: number; readonly height: number; readonly width: number; readonly h1: Rect; readonly lead?: Rect; readonly action?: Rect }

let browser: Browser
const servers: SiteServer[] = []
let fixture: { server: SiteServer; result: BuildResult }
const examples: { server: SiteServer; result: Pick<BuildResult, 'routes'>; name: string }[] = []

async function buildAndServe(site: string): Promise<{ server: SiteServer; result: BuildResult }> {
  const outDir = await tempDir('citypress-fold-')
  const result = await build({ site, outDir, cacheDir: false })
  const server = await serveSite(outDir)
  servers.push(server)
  return { server, result }
}

beforeAll(async () => {
  const landing = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')
  const areas = (await import('node:fs')).readFileSync(new URL('../fixtures/sites/landing/areas.yaml', import.meta.url), 'utf8')
  const files: Record<string, string> = {
    'forms.yaml': twelveFields,
    // The tall form beside the headline, on the page of the longest city name.
    'landing.yaml': landing.replace('  office-cleaning:\n', '  office-cleaning:\n    layout: [hero-form, local]\n')
      .replace('pages:\n', `pages:\n  - { area: "${longCity}", service: office-cleaning }\n  - { area: "${longCity}", service: window-cleaning }\n`),
    'areas.yaml': areas.replace('  west:\n    - Jacksonville, IL\n', `  west:\n    - Jacksonville, IL\n    - ${longCity}\n`)
      .replace('places:\n', `places:\n  ${longCity}:\n    county: Orange County\n    local: A planned city in the foothills of the Santa Ana Mountains, with business parks along Avenida Empresa.\n`),
  }
  ;[browser, fixture] = await Promise.all([launchChromium(), siteFrom('landing', files).then(buildAndServe)])
  // sites/starter has no landing pages.
  for (const name of ['system4', 'greenway', 'brightline'] as const) {
    const { result, outDir } = await exampleBuild(name)
    const server = await serveSite(outDir)
    servers.push(server)
    examples.push({ name, server, result })
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((s) => s.close()))
})

/**
 * One landing page per service of each example site, the one whose headline and lead are longest.
 * All landing pages share templates/pages/LandingPage.tsx, and the pages of one service share its
 * layout, variant, form and texts but for the filled tokens; so the page whose hero has the most
 * text is the one most likely to push the action below the fold.
 */
function sample(result: Pick<BuildResult, 'routes'>): string[] {
  const best = new Map<string, { url: string; size: number }>()
  for (const route of result.routes.filter((r) => r.template === 'landing')) {
    const props = routeProps(route) as LandingPageProps
    const size = props.hero.title.length + (props.hero.lead?.length ?? 0)
    const key = props.service.slug
    if ((best.get(key)?.size ?? -1) < size) best.set(key, { url: route.url, size })
  }
  return [...best.values()].map((b) => b.url)
}

async function measureFolds(server: SiteServer, urls: readonly string[]): Promise<Fold[]> {
  const folds: Fold[] = []
  for (const [name, viewport] of [['1280×800', { width: 1280, height: 800 }], ['375×667', { width: 375, height: 667 }]] as const) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    for (const url of urls) {
      await page.goto(`${server.url}${url}`)
      await page.evaluate(() => document.fonts.ready)
      const measured = await page.evaluate(() => {
        const rect = (el: Element | null) => {
          if (!el) return undefined
          const r = el.getBoundingClientRect()
          return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) }
        }
        const hero = document.querySelector('main .hero')!
        return {
          header: Math.round(document.querySelector('.site-header')!.getBoundingClientRect().bottom),
          height: innerHeight, width: innerWidth,
          h1: rect(hero.querySelector('h1'))!,
          lead: rect(hero.querySelector('.hero-lead')),
          action: rect(hero.querySelector('.hero-copy .actions .btn')),
        }
      })
      folds.push({ url, viewport: name, ...measured })
    }
    await context.close()
  }
  return folds
}

/** What lies outside the viewport or under the fixed header, as readable lines (empty: all fits). */
function misplaced(folds: readonly Fold[]): string[] {
  return folds.flatMap((f) => (['h1', 'lead', 'action'] as const).flatMap((part) => {
    const r = f[part]
    if (!r) return []
    const ok = r.top >= f.header && r.bottom <= f.height && r.left >= 0 && r.right <= f.width
    return ok ? [] : [`${f.url} at ${f.viewport}: ${part} ${r.top}–${r.bottom} (header ${f.header}, viewport ${f.height})`]
  }))
}

describe('a landing hero at scroll 0', () => {
  it('shows the h1, the lead and the primary action below the header and inside the viewport, with a 12-field form and the longest city name', async () => {
    const urls = ['/lp/rancho-santa-margarita-office-cleaning', '/lp/rancho-santa-margarita-window-cleaning']
    const folds = await measureFolds(fixture.server, urls)
    expect(folds.every((f) => f.lead && f.action)).toBe(true)
    expect(misplaced(folds)).toEqual([])
  })

  it('does so on a landing page of every service of every example site', async () => {
    const found: string[] = []
    for (const { name, server, result } of examples) {
      const folds = await measureFolds(server, sample(result))
      found.push(...misplaced(folds).map((line) => `${name} ${line}`))
    }
    expect(found).toEqual([])
  })
})
