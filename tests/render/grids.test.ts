import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import { launchChromium } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { siteFrom, tempDir } from '../helpers/site.js'

/**
 * Issue 14, point 6 and issue 31, point 5: a grid of stats, features, cards, testimonials or badges
 * lays out any count from 1 to 12 in rows whose lengths differ by at most one (5 as 3 + 2, never
 * 4 + 1), at every width. One page holds every section grid at every count, and one page per count
 * a hero's badges; each page is loaded once and measured at each width, rows found by offsetTop.
 */
const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
const widths = [320, 375, 768, 1024, 1280]
const item = (i: number) => `{ icon: star, title: "Item ${i}", description: "A short description of item ${i}." }`
const items = (n: number, make: (i: number) => string) => counts.slice(0, n).map((i) => `      - ${make(i)}`).join('\n')

function gridsPage(): string {
  const sections = counts.flatMap((n) => [
    `  - type: stats\n    id: stats-${n}\n    heading: Stats ${n}\n    items:\n${items(n, (i) => `{ value: "${i}0+", label: "Figure ${i}" }`)}`,
    `  - type: features\n    id: cards-${n}\n    heading: Cards ${n}\n    items:\n${items(n, item)}`,
    ...[2, 3, 4].map((c) => `  - type: features\n    id: tiles-${c}-${n}\n    heading: Tiles ${c} ${n}\n    layout: tiles\n    columns: ${c}\n    items:\n${items(n, item)}`),
    `  - type: features\n    id: compact-${n}\n    heading: Compact ${n}\n    layout: compact\n    items:\n${items(n, item)}`,
    `  - type: testimonials\n    id: quotes-${n}\n    heading: Quotes ${n}\n    items:\n${items(n, (i) => `{ quote: "Quote number ${i} from a happy customer.", name: "Client ${i}" }`)}`,
  ])
  // The fixture has two services: cards in a grid asking for four columns.
  sections.push('  - type: services\n    id: services-2\n    heading: Services\n    columns: 4')
  return `path: /grids\ntitle: Grids\ndescription: Every grid at every count.\nsections:\n  - type: hero\n    title: Grids\n${sections.join('\n')}\n`
}

/** A hero with n trust badges (a page has one hero). */
const badgesPage = (n: number) => `path: /badges-${n}\ntitle: Badges ${n}\nsections:\n  - type: hero\n    title: Badges ${n}\n    badges: [${counts.slice(0, n).map((i) => `"Badge ${i}"`).join(', ')}]\n`

interface GridRows {
  readonly id: string
  /** Items per row, top to bottom. */
  readonly rows: readonly number[]
}

function measureRows(page: Page): Promise<GridRows[]> {
  return page.evaluate(() => [...document.querySelectorAll('main section')].flatMap((section) => {
    const grid = section.querySelector<HTMLElement>('.stats, .feature-grid, .testimonial-grid, .service-grid, .badges')
    if (!grid) return []
    const rows = new Map<number, number>()
    for (const item of grid.children) rows.set((item as HTMLElement).offsetTop, (rows.get((item as HTMLElement).offsetTop) ?? 0) + 1)
    return [{ id: section.id || `badges-${grid.children.length}`, rows: [...rows].sort((a, b) => a[0] - b[0]).map(([, n]) => n) }]
  }))
}

let browser: Browser
let server: SiteServer
beforeAll(async () => {
  const site = await siteFrom('landing', { 'pages/grids.yaml': gridsPage(), ...Object.fromEntries(counts.map((n) => [`pages/badges-${n}.yaml`, badgesPage(n)])) })
  const outDir = await tempDir('citypress-grids-')
  await build({ site, outDir, cacheDir: false })
  ;[browser, server] = await Promise.all([launchChromium(), serveSite(outDir)])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('a grid of 1 to 12 items', () => {
  it('has rows whose lengths differ by at most one at 320, 375, 768, 1024 and 1280 px', async () => {
    const page = await browser.newPage()
    const seen: string[] = []
    for (const url of ['/grids', ...counts.map((n) => `/badges-${n}`)]) {
      await page.goto(`${server.url}${url}`)
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 })
        seen.push(...(await measureRows(page)).map((g) => `${width}px ${g.id}: ${g.rows.join('+')}`))
      }
    }
    await page.close()
    expect(seen).toHaveLength(widths.length * (counts.length * 8 + 1))
    const unbalanced = seen.filter((line) => {
      const rows = line.split(': ')[1]!.split('+').map(Number)
      return Math.max(...rows) - Math.min(...rows) > 1
    })
    expect(unbalanced).toEqual([])
  })
})
