import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditServer, startServer } from '../../bin/audit-server.mjs'
import { launchChromium, openOfflineContext } from '../helpers/browser.js'
import { fixtureBuild } from '../helpers/example-build.js'

// An embed loads its frame only after the click, and the CSP written to _headers (served as the
// host applies it) allows that frame. The provider's host cannot be reached from here, so the
// test watches the iframe element, the request it makes and any CSP violation the page reports.
// The markdown fixture is built once per run, shared with the other files that only read it.
let browser: Browser
let server: AuditServer
let page: Page
let thirdParty: string[]

beforeAll(async () => {
  // bin/audit-server.mjs answers as the host does, _headers (and so the CSP) included.
  const [{ outDir }, chromium, audit] = await Promise.all([fixtureBuild('markdown'), launchChromium(), startServer()])
  ;[browser, server] = [chromium, audit]
  server.setRoot(outDir)
  const offline = await openOfflineContext(browser)
  thirdParty = offline.thirdParty
  page = await offline.context.newPage()
  // Violations are events on the document; keep them where the test can read them.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`))
  })
  await page.goto(`${server.origin}/blog/every-feature`)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

describe('a video embed', () => {
  it('shows a facade and loads nothing from the provider before the click', async () => {
    const facade = page.locator('.embed-video .embed-facade')
    await expect(facade.getAttribute('href')).resolves.toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE')
    expect(await facade.textContent()).toBe('Play video: A two-minute tour of the workshop')
    expect(await page.locator('iframe').count()).toBe(0)
    expect(thirdParty).toEqual([])
  })

  it('puts the privacy-enhanced frame in place on click, and the CSP from _headers allows it', async () => {
    await page.locator('.embed-video .embed-facade').click()
    const frame = page.locator('.embed-video iframe')
    await expect(frame.getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1')
    expect(await frame.getAttribute('title')).toBe('A two-minute tour of the workshop')
    // The browser asked for the frame (refused offline by the test's router, not by the CSP).
    await expect.poll(() => thirdParty.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
    expect(await violations()).toEqual([])
    expect(await page.locator('.embed-map iframe').count()).toBe(0)
  })
})

describe('a map embed without JavaScript', () => {
  it("is a plain link to the map on the provider's site", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto(`${server.origin}/blog/every-feature`)
    const link = plain.locator('.embed-map a.embed-facade')
    expect(await link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=10%20Market%20Street%2C%20Springfield')
    expect(await link.textContent()).toBe('Show map: How to find us')
    await context.close()
  })
})
