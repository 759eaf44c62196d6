import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlErrors } from '../../bin/nu-checker.mjs'
import { build, type BuildResult } from '../../src/build.js'
import { axeViolationLines, launchChromium, sidewaysScrollLines } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { repoRoot, tempDir } from '../helpers/site.js'

/**
 * Issue 14, point 1: both example sites build, and one page of every page kind of each has no
 * Nu HTML checker error, no axe violation at phone and desktop widths, no broken link or fragment
 * (the build's own link check fails the build on one) and no sideways scroll at 320 px.
 * The sites differ in trade, brand and section order, so together they exercise most templates.
 */
const exampleSites = {
  // `more`: pages whose layout no other sample shows (a hand-written landing page, a second landing layout).
  system4: { about: '/about', contact: '/contact', services: '/services', legal: '/privacy-policy', more: ['/lp/columbus-commercial-cleaning'] },
  greenway: { about: '/about', contact: '/contact', services: '/services', legal: '/privacy', more: ['/lp/salem-landscape-design', '/lp/salem-irrigation'] },
} as const

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(Object.entries(exampleSites))('the example site %s', (name, pages) => {
  const site = path.join(repoRoot, 'sites', name)
  let result: BuildResult
  let server: SiteServer
  let samples: { label: string; url: string; file: string }[]

  beforeAll(async () => {
    const outDir = await tempDir(`citypress-audit-${name}-`)
    // The site's own image cache (git-ignored), so only a fresh clone encodes its images.
    result = await build({ site, outDir, cacheDir: false, imageCacheDir: path.join(site, '.citypress', 'cache', 'images') })
    server = await serveSite(outDir)
    const byUrl = new Map(result.routes.map((r) => [r.url, r]))
    const firstOf = (template: string) => result.routes.find((r) => r.template === template && !r.noindex) ?? result.routes.find((r) => r.template === template)
    const chosen = {
      home: byUrl.get('/'), about: byUrl.get(pages.about), contact: byUrl.get(pages.contact), 'services overview': byUrl.get(pages.services),
      'service page': firstOf('service'), 'landing page': firstOf('landing'), locations: firstOf('locations'), 'blog index': firstOf('blog-index'),
      post: firstOf('post'), 'legal page': byUrl.get(pages.legal), '404': firstOf('not-found'), 'form success': firstOf('form-success'),
      ...Object.fromEntries(pages.more.map((url) => [`page of another layout ${url}`, byUrl.get(url)])),
    }
    samples = Object.entries(chosen).map(([kind, route]) => {
      if (!route) throw new Error(`${name} has no ${kind} page`)
      return { label: `${kind} ${route.url}`, url: route.url === '/404' ? '/no-such-page' : route.url, file: route.outputPath }
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('builds with no warning, so no link or #fragment of any page is broken', () => {
    expect(result.warnings.map((w) => `${w.code} ${w.file}:${w.line}: ${w.message}`)).toEqual([])
    expect(samples).toHaveLength(12 + pages.more.length)
  })

  it('has no Nu HTML checker error on a page of every kind', () => {
    expect(htmlErrors(result.outDir, samples.map((s) => s.file))).toEqual([])
  })

  it.each([375, 1280])('has no axe violation on a page of every kind at %i px', async (width) => {
    expect(await axeViolationLines(browser, server.url, samples, width)).toEqual([])
  })

  it('never scrolls sideways at 320 px', async () => {
    expect(await sidewaysScrollLines(browser, server.url, samples, 320)).toEqual([])
  })
})

/**
 * The starter `citypress new` copies is the first site a new business sees, and an example site
 * too: every one of its pages meets the same bar.
 */
describe('the starter site', () => {
  const site = path.join(repoRoot, 'sites', 'starter')
  let result: BuildResult
  let server: SiteServer

  beforeAll(async () => {
    result = await build({ site, outDir: await tempDir('citypress-audit-starter-'), cacheDir: false, imageCacheDir: path.join(site, '.citypress', 'cache', 'images') })
    server = await serveSite(result.outDir)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('builds with no warning and has no Nu HTML checker error on any page', () => {
    expect(result.warnings.map((w) => `${w.code} ${w.file}:${w.line}: ${w.message}`)).toEqual([])
    expect(htmlErrors(result.outDir, result.routes.map((r) => r.outputPath))).toEqual([])
  })

  it.each([320, 1280])('has no axe violation and no sideways scroll on any page at %i px', async (width) => {
    const pages = result.routes.map((route) => ({ url: route.url === '/404' ? '/no-such-page' : route.url, label: route.url }))
    expect([...await axeViolationLines(browser, server.url, pages, width), ...await sidewaysScrollLines(browser, server.url, pages, width, 800)]).toEqual([])
  })
})
