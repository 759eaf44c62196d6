import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { launchChromium, openOfflineContext } from '../helpers/browser.js'
import { crawlSite } from '../helpers/crawl.js'
import { copyExample } from '../helpers/example-build.js'
import { type HostServer, serveAsHost } from '../helpers/host-server.js'
import { tempDir } from '../helpers/site.js'

// greenway, the example site with photographs on every page kind, published as a GitHub Pages
// project site: https://example.github.io/x, served under /x.
let server: HostServer
let browser: Browser
beforeAll(async () => {
  const browserStarted = launchChromium()
  const site = await copyExample('greenway', path.join(await tempDir('citypress-sub-path-'), 'greenway'))
  const out = path.join(await tempDir(), 'dist')
  await build({ site, outDir: out, baseUrl: 'https://example.github.io/x' })
  server = await serveAsHost(out, 'netlify', { basePath: '/x' })
  browser = await browserStarted
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('greenway under a sub-path', () => {
  it('answers every link, image, srcset candidate, stylesheet url() and asset of every page under the base', async () => {
    const { pages, checked, broken } = await crawlSite(server, '/x/', 'https://example.github.io')
    console.log(`greenway under /x: ${pages.size} pages crawled, ${checked.size} addresses checked, ${broken.length} broken`)
    expect(broken).toEqual([])
    expect(pages.size).toBeGreaterThan(40)
    expect([...checked.keys()].filter((p) => /\.(avif|webp|jpe?g|png)$/.test(p)).length).toBeGreaterThan(20)
    expect([...checked.keys()].some((p) => p.endsWith('.woff2'))).toBe(true)
    expect([...checked.keys()].every((p) => p.startsWith('/x/'))).toBe(true)
  })

  it('shows every image and uses every font it preloads, on a page of each kind', async () => {
    const { context } = await openOfflineContext(browser, { baseURL: server.origin })
    const page = await context.newPage()
    const failed: string[] = []
    page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)))
    // A request the next navigation cancels (the favicon, fetched late) is not a failure of the site.
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).hostname === '127.0.0.1' && r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed ${r.url()}`)
    })
    for (const at of ['/x/', '/x/services/lawn-care', '/x/lp/oregon-city-lawn-care', '/x/blog', '/x/about']) {
      await page.goto(at)
      const seen = await page.evaluate(async () => {
        for (const img of document.images) img.loading = 'eager'
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
        await document.fonts.ready
        return {
          images: [...document.images].map((img) => ({ src: img.currentSrc, width: img.naturalWidth })),
          fonts: [...document.fonts].map((face) => face.status),
          preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((l) => l.href),
          used: performance.getEntriesByType('resource').map((e) => e.name),
        }
      })
      expect(seen.images.length, at).toBeGreaterThan(0)
      for (const image of seen.images) {
        expect(new URL(image.src).pathname, at).toMatch(/^\/x\//)
        expect(image.width, `${at}: ${image.src}`).toBeGreaterThan(0)
      }
      expect(seen.fonts, at).not.toContain('error')
      for (const font of seen.preloaded) {
        expect(new URL(font).pathname, at).toMatch(/^\/x\/assets\//)
        // A preloaded font the stylesheet names by another address would be fetched twice.
        expect(
          seen.used.filter((name) => name === font),
          `${at}: ${font}`,
        ).toHaveLength(1)
      }
    }
    expect(failed).toEqual([])
    await context.close()
  })
})
