import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../bin/audit-server.mjs'
import { launchChromium, openOfflineContext } from '../helpers/browser.js'
import { fixtureBuild } from '../helpers/example-build.js'

// _headers with long-lived asset caching and a
// Content-Security-Policy that allows exactly what the site uses, checked in a real browser.
let out: string
let headers: string
let csp: string
beforeAll(async () => {
  out = (await fixtureBuild('widgets')).outDir
  headers = await readFile(path.join(out, '_headers'), 'utf8')
  csp = /Content-Security-Policy: (.*)/.exec(headers)![1]!
})

const directive = (name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1)

describe('_headers', () => {
  it('lets browsers keep hashed assets for a year', () => {
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')
  })

  it('frames only the scheduler hosts and loads scripts only from the site and the analytics host', () => {
    expect(directive('frame-src')).toEqual(['https://scheduler.invalid'])
    expect(directive('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://analytics.invalid']))
    expect(directive('connect-src')).toEqual(["'self'", 'https://analytics.invalid'])
    expect(directive('default-src')).toEqual(["'self'"])
    expect(csp).not.toContain("'unsafe-inline'")
  })

  it('allows every inline style and script of every page by the SHA-256 of its text', async () => {
    const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'))
    const hashes = new Set<string>()
    for (const file of pages) {
      const html = await readFile(path.join(out, file), 'utf8')
      for (const [, text] of html.matchAll(/<style>([\s\S]*?)<\/style>/g))
        hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`)
      for (const [, attrs, text] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (!attrs!.includes('src=') && !attrs!.includes('application/ld+json'))
          hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`)
      }
    }
    expect(hashes.size).toBeGreaterThan(0)
    const allowed = [...directive('style-src')!, ...directive('script-src')!]
    for (const hash of hashes) expect(allowed).toContain(hash)
  })
})

describe('the Content-Security-Policy in a browser', () => {
  let browser: Browser
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer()
    server.setRoot(out)
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('blocks nothing the site itself uses: styles, fonts, images, the widget script, analytics and the scheduler frame', async () => {
    const { context, thirdParty } = await openOfflineContext(browser, { baseURL: server.origin })
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    const page = await context.newPage()
    const response = await page.goto('/')
    expect(response!.headers()['content-security-policy']).toBe(csp)
    await page.getByRole('link', { name: 'Schedule a Walkthrough' }).first().click()
    await expect.poll(() => page.frameLocator('dialog iframe').locator('h1').textContent()).toBe('Pick a time')
    await expect.poll(() => page.evaluate(() => (window as unknown as { analyticsLoaded?: number }).analyticsLoaded)).toBe(1)
    expect(thirdParty).toEqual(expect.arrayContaining(['https://scheduler.invalid/tidy/walkthrough']))
    const fontLoaded = await page.evaluate(async () => (await document.fonts.ready, [...document.fonts].some((f) => f.status === 'loaded')))
    expect(fontLoaded).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
    await context.close()
  })
})
