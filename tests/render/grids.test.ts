import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import { launchChromium } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { siteFrom, tempDir } from '../helpers/site.js'

/**
 * Issue 14, point 6: a grid of stats, features, cards or testimonials lays out any count from 1 to
 * 8 without an empty column, at phone, tablet and desktop widths. One page holds every grid kind
 * at every count; the browser says how many columns each grid has and how many its items fill.
 */
const counts = [1, 2, 3, 4, 5, 6, 7, 8]
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

interface GridLayout {
  readonly id: string
  readonly items: number
  /** Column tracks with a width (auto-fit collapses unused ones to 0). */
  readonly columns: number
  /** Distinct columns the items start in. */
  readonly filled: number
}

function measureGrids(page: Page): Promise<GridLayout[]> {
  return page.evaluate(() => [...document.querySelectorAll('main section[id]')].flatMap((section) => {
    const grid = section.querySelector<HTMLElement>('.stats, .feature-grid, .testimonial-grid, .service-grid')
    if (!grid) return []
    const children = [...grid.children] as HTMLElement[]
    const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').filter((size) => parseFloat(size) > 0).length
    const filled = new Set(children.map((c) => Math.round(c.getBoundingClientRect().left))).size
    return [{ id: section.id, items: children.length, columns, filled }]
  }))
}

let browser: Browser
let server: SiteServer
beforeAll(async () => {
  const site = await siteFrom('landing', { 'pages/grids.yaml': gridsPage() })
  const outDir = await tempDir('citypress-grids-')
  await build({ site, outDir, cacheDir: false })
  ;[browser, server] = await Promise.all([launchChromium(), serveSite(outDir)])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe.each([375, 768, 1280])('at %i px', (width) => {
  it('every grid of 1 to 8 items fills each of its columns', async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    await page.goto(`${server.url}/grids`)
    const grids = await measureGrids(page)
    await page.close()
    expect(grids.length).toBe(counts.length * 7 + 1)
    expect(grids.filter((g) => g.columns !== g.filled || g.columns > g.items)).toEqual([])
  })
})
