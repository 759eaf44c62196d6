import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { launchChromium } from '../helpers/browser.js'
import { type SiteServer, serveSite } from '../helpers/server.js'
import { repoRoot, siteFrom, tempDir } from '../helpers/site.js'

/**
 * A grid of stats, features, cards, testimonials or badges
 * lays out any count from 1 to 12 in rows whose lengths differ by at most one (5 as 3 + 2, never
 * 4 + 1), at every width. One page holds every section grid at every count, and one page per count
 * a hero's badges; each page is loaded once and measured at each width, rows found by offsetTop.
 */
const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
const widths = [320, 375, 768, 1024, 1280]
const item = (i: number) => `{ icon: star, title: "Item ${i}", description: "A short description of item ${i}." }`
const items = (n: number, make: (i: number) => string) =>
  counts
    .slice(0, n)
    .map((i) => `      - ${make(i)}`)
    .join('\n')

function gridsPage(): string {
  const sections = counts.flatMap((n) => [
    `  - type: stats\n    id: stats-${n}\n    heading: Stats ${n}\n    items:\n${items(n, (i) => `{ value: "${i}0+", label: "Figure ${i}" }`)}`,
    `  - type: features\n    id: cards-${n}\n    heading: Cards ${n}\n    items:\n${items(n, item)}`,
    ...[2, 3, 4].map(
      (c) =>
        `  - type: features\n    id: tiles-${c}-${n}\n    heading: Tiles ${c} ${n}\n    layout: tiles\n    columns: ${c}\n    items:\n${items(n, item)}`,
    ),
    `  - type: features\n    id: compact-${n}\n    heading: Compact ${n}\n    layout: compact\n    items:\n${items(n, item)}`,
    `  - type: testimonials\n    id: quotes-${n}\n    heading: Quotes ${n}\n    items:\n${items(n, (i) => `{ quote: "Quote number ${i} from a happy customer.", name: "Client ${i}" }`)}`,
  ])
  // The fixture has two services: cards in a grid asking for four columns.
  sections.push('  - type: services\n    id: services-2\n    heading: Services\n    columns: 4')
  return `path: /grids\ntitle: Grids\ndescription: Every grid at every count.\nsections:\n  - type: hero\n    title: Grids\n${sections.join('\n')}\n`
}

/** A hero with n trust badges (a page has one hero). */
const badgesPage = (n: number) =>
  `path: /badges-${n}\ntitle: Badges ${n}\nsections:\n  - type: hero\n    title: Badges ${n}\n    badges: [${counts
    .slice(0, n)
    .map((i) => `"Badge ${i}"`)
    .join(', ')}]\n`

interface GridRows {
  readonly id: string
  /** Items per row, top to bottom. */
  readonly rows: readonly number[]
}

function measureRows(page: Page): Promise<GridRows[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main section')].flatMap((section) => {
      const grid = section.querySelector<HTMLElement>('.stats, .feature-grid, .testimonial-grid, .service-grid, .badges')
      if (!grid) return []
      const rows = new Map<number, number>()
      for (const item of grid.children) rows.set((item as HTMLElement).offsetTop, (rows.get((item as HTMLElement).offsetTop) ?? 0) + 1)
      return [{ id: section.id || `badges-${grid.children.length}`, rows: [...rows].sort((a, b) => a[0] - b[0]).map(([, n]) => n) }]
    }),
  )
}

let browser: Browser
let server: SiteServer
beforeAll(async () => {
  const browserStarted = launchChromium()
  const site = await siteFrom('landing', {
    'pages/grids.yaml': gridsPage(),
    ...Object.fromEntries(counts.map((n) => [`pages/badges-${n}.yaml`, badgesPage(n)])),
    // Chips of towns with an office-cleaning page (links) and of one without (plain text).
    'pages/chips.yaml':
      'path: /chips\ntitle: Chips\nsections:\n  - type: hero\n    title: Chips\n  - type: areas\n    heading: Areas\n    landingService: office-cleaning\n    allowPlainChips: true\n    groups:\n      - { list: central }\n      - { list: west }\n',
    // Two posts: each one's "more posts" band holds a single card.
    'blog/first.md':
      '---\ntitle: First post\ndate: 2026-01-10\nexcerpt: The first one.\nimage: images/cover.svg\nimageAlt: A cover\n---\n\nText.\n',
    'blog/second.md':
      '---\ntitle: Second post\ndate: 2026-01-20\nexcerpt: The second one.\nimage: images/cover.svg\nimageAlt: A cover\n---\n\nText.\n',
    'images/cover.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 16 10"><rect width="16" height="10" fill="teal"/></svg>',
  })
  const outDir = await tempDir('citypress-grids-')
  await build({ site, outDir, cacheDir: false })
  // Thirteen pages share one stylesheet, script and font: the browser keeps them, as from a real host.
  ;[browser, server] = await Promise.all([browserStarted, serveSite(outDir, { cacheAssets: true })])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('a grid of 1 to 12 items', () => {
  it('has the width-band rules bin/grid-css.mjs prints', () => {
    const printed = execFileSync(process.execPath, [path.join(repoRoot, 'bin/grid-css.mjs')], { encoding: 'utf8' })
    // Compared token by token: the stylesheet is laid out by the formatter, the script prints one rule a line.
    const tokens = (css: string) =>
      css
        .replace(/\s*([{};,>+])\s*/g, '$1')
        .replace(/\s+/g, ' ')
        .trim()
    expect(tokens(readFileSync(path.join(repoRoot, 'templates/styles/grid.css'), 'utf8'))).toContain(tokens(printed))
  })

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

describe('chips and a single post', () => {
  it('underlines a chip that links and no plain chip', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.url}/chips`)
    const looks = await page.evaluate(() =>
      ['.chip > a', '.chip > span'].map((selector) => {
        const chip = document.querySelector(selector)!
        return `${selector}: ${getComputedStyle(chip).textDecorationLine}`
      }),
    )
    await page.close()
    expect(looks).toEqual(['.chip > a: underline', '.chip > span: none'])
  })

  it('lays out a single related post as one card of reading width, its image beside the text, at 1280 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.url}/blog/first`)
    const card = await page.evaluate(() => {
      const grid = document.querySelector('.post-grid')!
      const box = grid.querySelector('.post-card')!.getBoundingClientRect()
      const image = grid.querySelector('.post-card img')!.getBoundingClientRect()
      return {
        cards: grid.children.length,
        width: Math.round(box.width),
        height: Math.round(box.height),
        imageWidth: Math.round(image.width),
      }
    })
    await page.close()
    expect(card.cards).toBe(1)
    expect(card.width).toBeLessThanOrEqual(960)
    expect(card.height).toBeLessThan(400)
    expect(card.imageWidth).toBeLessThan(card.width / 2)
  })
})
