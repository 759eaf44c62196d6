import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, build } from '../../src/build/index.js'
import { formatBytes } from '../../src/check/budgets.js'
import { main } from '../../src/cli/main.js'
import type { BudgetRule, ImageSource } from '../../src/config/site-model.js'
import { reportPath } from '../../src/output/write-report.js'
import type { PageQuality } from '../../src/plan/landing-quality.js'
import type { ImageJob } from '../../src/plan/plan-images.js'
import { drawReport } from '../../src/report/draw-report.js'
import { type GatherReportOptions, gatherReport } from '../../src/report/report-data.js'
import { findAxeViolations, launchChromium } from '../helpers/browser.js'
import { fixture, memoryIo, siteFrom, tempDir } from '../helpers/site.js'
import { type StartedPreview, startOn } from '../preview/helpers.js'

// A build report to look at.

const page = (url: string, area: string, score: number, reasons: string[]): PageQuality => ({
  url,
  area,
  score,
  words: 300,
  localWords: reasons.length ? 0 : 50,
  similarity: 0.2,
  reasons,
  indexable: reasons.length === 0,
  optedIn: false,
})
const source = (src: string, bytes?: number): ImageSource => ({
  src,
  absolutePath: `/site/${src}`,
  width: 1600,
  height: 900,
  format: 'jpeg',
  hash: src,
  bytes,
})
const job = (src: ImageSource, width: number, format: ImageJob['format'], extra: Partial<ImageJob> = {}): ImageJob => ({
  source: src,
  outputPath: `assets/images/${src.src}-${width}.${format}`,
  width,
  format,
  ...extra,
})
const rule = (kind: string, limit: number): BudgetRule => ({
  kind,
  asset: 'html',
  limit,
  written: `${limit / 1000} kB`,
  level: 'warn',
  origin: { file: 'site.yaml', path: 'budgets' },
})

const options = (over: Partial<GatherReportOptions>): GatherReportOptions => ({
  siteName: 'Acme',
  host: 'netlify',
  builtAt: new Date(0),
  pageCount: 0,
  fileCount: 0,
  landingPages: [],
  quality: { pages: [], settings: { minLocalWords: 40, maxSimilarity: 0.9, minWords: 0 } },
  paragraphs: [],
  sizes: [],
  budgets: [],
  imageJobs: [],
  imageBytes: new Map(),
  timings: {},
  languages: [],
  rendered: 0,
  reused: 0,
  ...over,
})

describe('the build report data', () => {
  it('counts noindex pages per kind of reason, not once per reason as written', () => {
    const data = gatherReport(
      options({
        quality: {
          settings: { minLocalWords: 40, maxSimilarity: 0.9, minWords: 0 },
          pages: [
            page('/lp/a', 'A, IL', 40, ['no local paragraph (areas.yaml places)']),
            page('/lp/b', 'B, IL', 50, ['local paragraph has 12 words, fewer than 40', 'main text 95% identical to /lp/c (limit 90%)']),
            page('/lp/c', 'C, IL', 30, ['local paragraph has 30 words, fewer than 40']),
            page('/lp/d', 'D, IL', 90, []),
          ],
        },
      }),
    )
    expect(data.noindex.total).toBe(3)
    expect(data.noindex.byReason).toEqual([
      { reason: 'Local paragraph too short', pages: 2 },
      { reason: 'No local paragraph', pages: 1 },
      { reason: 'Too alike a sibling page', pages: 1 },
    ])
    expect(data.noindex.pages.map((p) => p.url)).toEqual(['/lp/c', '/lp/a', '/lp/b'])
  })

  it('compares each photo with its widest AVIF and leaves drawn icons and share images out', () => {
    const photo = source('hero.jpg', 500_000)
    const logo = source('logo.png', 9_000)
    const data = gatherReport(
      options({
        imageJobs: [
          job(photo, 480, 'avif'),
          job(photo, 1600, 'avif'),
          job(photo, 1600, 'jpeg'),
          job(logo, 192, 'png', { square: {} }),
          job(source('share', undefined), 1200, 'png'),
        ],
        imageBytes: new Map([
          ['assets/images/hero.jpg-480.avif', 9_000],
          ['assets/images/hero.jpg-1600.avif', 60_000],
          ['assets/images/hero.jpg-1600.jpeg', 150_000],
        ]),
      }),
    )
    expect(data.images).toEqual({
      sourceBytes: 500_000,
      deliveredBytes: 60_000,
      variants: 3,
      images: [{ src: 'hero.jpg', sourceBytes: 500_000, deliveredBytes: 60_000, variants: 3 }],
    })
  })

  it("takes a page kind's own budget over the one for every kind", () => {
    const html = { bytes: 40_000, gzip: 9_000, url: '/lp/a' }
    const none = { bytes: 0, gzip: 0 }
    const data = gatherReport(
      options({
        sizes: [
          { kind: 'landing', pages: 3, html, css: none, js: none, images: 0 },
          { kind: 'service', pages: 1, html, css: none, js: none, images: 0 },
        ],
        budgets: [rule('all', 20_000), rule('landing', 8_000)],
      }),
    )
    expect(data.weights.map((w) => [w.kind, w.assets[0]!.budget?.limit])).toEqual([
      ['landing', 8_000],
      ['service', 20_000],
    ])
  })
})

describe('the build report of a large site', () => {
  it('stays under 2 MB with 10,000 landing pages, every one noindex with its reasons', async () => {
    const services = ['office-cleaning', 'window-cleaning', 'carpet-cleaning', 'floor-care']
    const landingPages = Array.from({ length: 2500 }, (_, i) =>
      services.map((slug) => ({
        url: `/lp/town-number-${i}-${slug}`,
        area: `Town Number ${i}, ST`,
        city: `Town Number ${i}`,
        state: 'ST',
        citySlug: `town-number-${i}`,
        service: { slug, title: slug, url: `/services/${slug}` },
      })),
    ).flat()
    const reasons = [
      'local paragraph has 12 words, fewer than 40',
      'main text 95% identical to /lp/town-number-1-office-cleaning (limit 90%)',
    ]
    const pages = landingPages.map((p, i) => page(p.url, p.area, i % 100, reasons))
    const html = await drawReport(
      options({
        landingPages,
        quality: { pages, settings: { minLocalWords: 40, maxSimilarity: 0.9, minWords: 0 } },
        paragraphs: landingPages.filter((_, i) => i % 4 === 0).map((p) => ({ area: p.area, pages: 4, words: 12 })),
      }),
    )
    expect(Buffer.byteLength(html)).toBeLessThan(2_000_000)
    // Every page is drawn: one hollow square per page.
    expect((html.match(/h5v5h-5zm1 1v3h3v-3z/g) ?? []).length).toBe(10_000)
    expect(html).toContain('the areas run down blocks of 87, side by side')
    expect(html).toContain('The 200 weakest of 10000 noindex pages')
    expect(html).toContain('And 2,400 more areas (9,600 pages).')
  })
})

describe('the build report of a landing site', () => {
  let site: string
  let result: BuildResult
  let preview: StartedPreview
  let browser: Browser
  let report: Page
  let html: string

  beforeAll(async () => {
    const siteYaml = await readFile(path.join(fixture('landing'), 'site.yaml'), 'utf8')
    site = await siteFrom('landing', {
      'site.yaml': `${siteYaml}budgets:\n  all: { html: 50 kB }\n  landing: { html: 5 kB }\n`,
      'pages/home.yaml':
        'path: /\ntitle: Brightside Cleaning\nsections:\n  - type: hero\n    title: Clean offices across central Illinois\n    image: images/workshop.jpg\n    imageAlt: A workshop\n',
    })
    await copyFile(path.join(fixture('markdown'), 'images/workshop.jpg'), path.join(site, 'images/workshop.jpg')).catch(async () => {
      const { mkdir } = await import('node:fs/promises')
      await mkdir(path.join(site, 'images'))
      await copyFile(path.join(fixture('markdown'), 'images/workshop.jpg'), path.join(site, 'images/workshop.jpg'))
    })
    result = await build({ site, outDir: path.join(await tempDir(), 'out'), writeReport: true })
    html = await readFile(reportPath(site), 'utf8')
    ;[preview, browser] = await Promise.all([startOn(site), launchChromium()])
    // The report's policy lets no script run; axe is one.
    report = await browser.newPage({ bypassCSP: true })
    const answer = await report.goto(preview.reportUrl)
    expect(answer?.status()).toBe(200)
  })
  afterAll(async () => {
    await browser?.close()
    await preview?.close()
  })

  it('is one page with its styles inline and no script, link or remote address', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).not.toMatch(/<script|<link|<img|https?:\/\//i)
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#x27;none&#x27;; style-src &#x27;unsafe-inline&#x27;"/>`,
    )
  })

  it('draws the city × service grid coloured by score, with the noindex pages and their reasons', async () => {
    const { pages } = result.landing.quality
    const titles = await report.locator('#grid svg title').allTextContents()
    const service = (url: string) => (url.endsWith('window-cleaning') ? 'Window Cleaning' : 'Office Cleaning')
    expect(titles.sort()).toEqual(
      pages.map((p) => `${p.area} · ${service(p.url)}: score ${p.score}${p.indexable ? '' : ', noindex'}`).sort(),
    )
    const noindex = pages.filter((p) => !p.indexable)
    expect(noindex.length).toBeGreaterThan(0)
    await expect
      .poll(() => report.locator('#grid .summary').textContent())
      .toContain(`${pages.length} landing pages: ${pages.length - noindex.length} indexed, ${noindex.length} noindex`)
    const rows = await report.locator('#grid table.pages tbody tr').allInnerTexts()
    expect(rows).toHaveLength(noindex.length)
    for (const p of noindex) expect(rows.find((r) => r.includes(p.url))).toContain(p.reasons[0])
  })

  it('names the towns whose local paragraph would lift the most pages', async () => {
    const rows = await report.locator('#paragraphs tbody tr').allInnerTexts()
    expect(rows.map((r) => r.split('\t'))).toEqual([['Sherman, IL', '2', '0']])
    expect(await report.locator('#paragraphs svg').getAttribute('aria-label')).toContain('would lift')
  })

  it('shows page weight per page kind against the budgets', async () => {
    const landing = result.sizes.find((s) => s.kind === 'landing')!
    const service = result.sizes.find((s) => s.kind === 'service')!
    const row = (kind: string) =>
      report
        .locator('#weight tbody tr', { has: report.locator(`th:text-is("${kind}")`) })
        .locator('td')
        .allInnerTexts()
    expect((await row('landing')).slice(0, 2)).toEqual([String(landing.pages), `${formatBytes(landing.html.gzip)} / 5 kB over`])
    expect((await row('service'))[1]).toBe(`${formatBytes(service.html.gzip)} / 50 kB`)
    // Over the landing budget: its HTML bar is red, and the budget is drawn as a line.
    const htmlChart = report.locator('#weight figure').first()
    expect(await htmlChart.locator('rect[fill="#c0392b"]').count()).toBe(1)
    expect(await htmlChart.locator('line').count()).toBe(result.sizes.length)
  })

  it('shows the bytes each photo saved against its widest AVIF', async () => {
    const out = path.join(result.outDir, 'assets/images')
    const avifs = (await readdir(out)).filter((f) => f.startsWith('workshop-') && f.endsWith('.avif'))
    const widest = avifs.sort((a, b) => Number(b.match(/-(\d+)\.avif$/)![1]) - Number(a.match(/-(\d+)\.avif$/)![1]))[0]!
    const [sourceBytes, avifBytes] = [(await stat(path.join(site, 'images/workshop.jpg'))).size, (await stat(path.join(out, widest))).size]
    const row = await report.locator('#images tbody tr').first().innerText()
    expect(row.split('\t').slice(0, 4)).toEqual([
      'images/workshop.jpg',
      formatBytes(sourceBytes),
      formatBytes(avifBytes),
      formatBytes(sourceBytes - avifBytes),
    ])
  })

  it('shows the time of each build stage', async () => {
    const rows = await report.locator('#timings tbody tr').allInnerTexts()
    expect(rows.map((r) => r.split('\t'))).toEqual(Object.entries(result.timings).map(([stage, t]) => [stage, String(Math.round(t.ms))]))
  })

  it('passes axe', async () => {
    expect(await findAxeViolations(report)).toEqual([])
  })

  it('is served by preview with a policy that allows no script, and is 404 while there is none', async () => {
    const served = await fetch(preview.reportUrl)
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(await served.text()).toBe(html)
    expect(preview.printed()).not.toContain('Internal error')
    await rm(reportPath(site))
    const missing = await fetch(preview.reportUrl)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('citypress build')
  })

  it('is drawn again by citypress build when it went missing, even when nothing else changed', async () => {
    const out = path.join(await tempDir(), 'out')
    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io), io.stderr).toBe(0)
    expect(io.stdout).toContain(`Build report: ${reportPath(site)} (citypress preview serves it at /__citypress/report)`)
    expect(await readFile(reportPath(site), 'utf8')).toContain('Build report: Brightside Cleaning')
    await rm(reportPath(site))
    expect(await main(['build', site, '--out', out], io), io.stderr).toBe(0)
    expect(io.stdout).not.toContain('nothing was written')
    expect(await readFile(reportPath(site), 'utf8')).toContain('Build report: Brightside Cleaning')
    await rm(reportPath(site))
    expect(await main(['build', site, '--out', out], io), io.stderr).toBe(0)
    expect(await readFile(reportPath(site), 'utf8')).toContain('Build report: Brightside Cleaning')
  })
})
