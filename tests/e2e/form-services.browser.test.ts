import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditServer, startServer } from '../../bin/audit-server.mjs'
import { build } from '../../src/build/index.js'
import { launchChromium } from '../helpers/browser.js'
import { copyExample } from '../helpers/example-build.js'
import { repoRoot, tempDir } from '../helpers/site.js'

// Each form service preset and the analytics consent banner, in Chromium under
// the Content-Security-Policy the build wrote to _headers (bin/audit-server.mjs applies it, on
// 127.0.0.1). Only the services' own origins are answered by page.route, as each documents its
// answers; nothing else is intercepted.

interface Service {
  readonly provider: 'formspree' | 'basin' | 'getform'
  readonly endpoint: string
  /** The answers the service documents for an accepted and a refused submission. */
  readonly accepted: { status: number; body: object }
  readonly refused: { status: number; body: object }
}

const services: readonly Service[] = [
  {
    provider: 'formspree',
    endpoint: 'https://formspree.io/f/xyzabcde',
    accepted: { status: 200, body: { ok: true, next: '/thanks' } },
    refused: { status: 422, body: { errors: [{ code: 'TYPE_EMAIL', field: 'email', message: 'should be an email' }] } },
  },
  {
    provider: 'basin',
    endpoint: 'https://usebasin.com/f/1a2b3c4d5e6f',
    accepted: { status: 200, body: { success: true } },
    refused: { status: 400, body: { error: 'Form is inactive' } },
  },
  {
    provider: 'getform',
    endpoint: 'https://getform.io/f/abcdwxyz',
    accepted: { status: 200, body: { success: true, data: {} } },
    refused: { status: 500, body: { success: false } },
  },
]
const ga4 = 'G-ABC123XYZ9'

let browser: Browser
const servers: Record<string, AuditServer> = {}
const headers: Record<string, string> = {}

beforeAll(async () => {
  const work = await tempDir()
  const starter = path.join(repoRoot, 'sites/starter')
  const baseYaml = await readFile(path.join(starter, 'site.yaml'), 'utf8')
  // One build per service (forms.provider is site-wide); the Formspree site also carries GA4 behind the consent banner.
  await Promise.all(
    services.map(async ({ provider, endpoint }) => {
      const site = path.join(work, provider)
      await copyExample('starter', site)
      const analytics = provider === 'formspree' ? `analytics: { provider: ga4, id: ${ga4}, consent: true }\n` : ''
      await writeFile(path.join(site, 'site.yaml'), `${baseYaml}\nforms: { provider: ${provider}, endpoint: "${endpoint}" }\n${analytics}`)
      const out = path.join(work, `${provider}-dist`)
      await build({ site, outDir: out, cacheDir: false })
      headers[provider] = await readFile(path.join(out, '_headers'), 'utf8')
      servers[provider] = await startServer()
      servers[provider].setRoot(out)
    }),
  )
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(servers).map((s) => s.close()))
})

/** A page that records every CSP violation, in a context that answers only `origins` with `answer`. */
/** Opens `url` in a new page that records policy violations; `init` runs too, before the page's own scripts. */
async function openPage(
  context: BrowserContext,
  url: string,
  init?: () => void,
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await context.newPage()
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  if (init) await page.addInitScript(init)
  await page.goto(url)
  return { page, violations: () => page.evaluate(() => (window as unknown as { violations: string[] }).violations) }
}

const policy = (provider: string) => /Content-Security-Policy: (.*)/.exec(headers[provider]!)![1]!
const directive = (provider: string, name: string) =>
  policy(provider)
    .split('; ')
    .find((d) => d.startsWith(`${name} `))

describe.each(services)('forms.provider $provider', (service) => {
  const origin = new URL(service.endpoint).origin

  it("puts the service's origin in connect-src and form-action", () => {
    expect(directive(service.provider, 'connect-src')).toContain(origin)
    expect(directive(service.provider, 'form-action')).toBe(`form-action 'self' ${origin}`)
  })

  it("posts with Accept: application/json and the service's honeypot, and shows its success and error answers", async () => {
    const context = await browser.newContext()
    const sent: { accept?: string; fields: string[] }[] = []
    const answers = [service.accepted, service.refused]
    await context.route(`${origin}/**`, async (route) => {
      const request = route.request()
      sent.push({ accept: request.headers().accept, fields: [...new URLSearchParams(request.postData() ?? '').keys()] })
      const { status, body } = answers[sent.length - 1]!
      await route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(body),
      })
    })
    const { page, violations } = await openPage(context, `${servers[service.provider]!.origin}/contact`)
    const submit = async () => {
      await page.getByLabel('Full Name').fill('Ada Lovelace')
      await page.getByLabel('Email Address').fill('ada@example.com')
      await page.locator('form[name="quote"] button[type="submit"]').click()
    }
    await submit()
    const success = page.locator('[data-form-success]')
    await expect.poll(() => success.isVisible()).toBe(true)
    expect(await success.locator('h3').textContent()).toBe('Success!')
    await page.locator('[data-form-reset]').click()
    await submit()
    const error = page.locator('[data-form-error]')
    await expect.poll(() => error.textContent()).toBe('There was a problem submitting your form. Please try again.')
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace')
    expect(sent.map((s) => s.accept)).toEqual(['application/json', 'application/json'])
    expect(sent[0]!.fields).toContain('_gotcha')
    expect(sent[0]!.fields).not.toContain('form-name')
    expect(sent[0]!.fields).not.toContain('bot-field')
    expect(await violations()).toEqual([])
    await context.close()
  })
})

describe('GA4 behind the consent banner', () => {
  let context: BrowserContext
  const loaded: string[] = []

  beforeAll(async () => {
    context = await browser.newContext()
    // Google's hosts, answered as they answer: the loader (which then sends a beacon and a pixel, as gtag.js does) and 204s.
    await context.route(/^https:\/\/[^/]+\.(googletagmanager|google-analytics)\.com\//, async (route) => {
      const url = route.request().url()
      loaded.push(url)
      if (!url.includes('/gtag/js')) return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } })
      await route.fulfill({
        contentType: 'text/javascript',
        body: `window.gtagConfig = JSON.stringify([...dataLayer].map((a) => [...a].map(String)));
          fetch('https://region1.google-analytics.com/g/collect?v=2', { method: 'POST', mode: 'no-cors', keepalive: true });
          new Image().src = 'https://www.google-analytics.com/g/collect?v=2';`,
      })
    })
  })
  afterAll(() => context?.close())

  it("writes Google's documented sources into the policy", () => {
    expect(directive('formspree', 'script-src')).toMatch(/^script-src 'self' https:\/\/\*\.googletagmanager\.com /)
    expect(directive('formspree', 'connect-src')).toBe(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://formspree.io",
    )
    expect(directive('formspree', 'img-src')).toBe("img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com")
  })

  it('loads nothing until the visitor says yes, shifts no layout, then configures gtag without an inline script', async () => {
    // The page's web fonts are left out here: a late font swap widens button text by itself (a
    // shift of about 0.00006 under load), which would blur what this measures, the banner's shift.
    await context.route(/\/assets\/[^/]+\.woff2$/, (route) => route.abort())
    // From the document's start: when the banner is revealed, and every layout shift from then on
    // with what moved. Shifts before the reveal (a late image or font under load) are not the banner's.
    const { page, violations } = await openPage(context, `${servers.formspree!.origin}/`, () => {
      const w = window as unknown as { revealedAt?: number; shifts: { at: number; value: number; moved: string[] }[] }
      w.shifts = []
      new MutationObserver(() => {
        const banner = document.querySelector<HTMLElement>('[data-consent-banner]')
        if (banner && !banner.hidden && w.revealedAt === undefined) w.revealedAt = performance.now()
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          const moved = entry.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node)))
          w.shifts.push({ at: entry.startTime, value: entry.value, moved })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const banner = page.locator('[data-consent-banner]')
    await expect.poll(() => banner.isVisible()).toBe(true)
    await page.waitForTimeout(300)
    expect(loaded).toEqual([])
    const afterReveal = await page.evaluate(() => {
      const w = window as unknown as { revealedAt: number; shifts: { at: number; value: number; moved: string[] }[] }
      return w.shifts.filter((s) => s.at >= w.revealedAt - 1)
    })
    expect(afterReveal).toEqual([])
    expect(await banner.evaluate((e) => getComputedStyle(e).position)).toBe('fixed')

    await banner.getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { gtagConfig?: string }).gtagConfig)).toContain(`["config","${ga4}"]`)
    expect(await banner.isVisible()).toBe(false)
    await expect.poll(() => loaded.length).toBe(3)
    expect(loaded[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${ga4}`)
    expect(await violations()).toEqual([])
    await page.close()
    await context.unroute(/\/assets\/[^/]+\.woff2$/)
  })

  it("remembers the answer, and the footer's Cookie settings let the visitor withdraw it", async () => {
    // The yes of a visit before, as the banner keeps it (the test above gives it by clicking).
    const { page: first } = await openPage(context, `${servers.formspree!.origin}/`)
    await first.evaluate(() => localStorage.setItem('citypress-consent', 'yes'))
    await first.close()
    loaded.length = 0
    const { page } = await openPage(context, `${servers.formspree!.origin}/contact`)
    const banner = page.locator('[data-consent-banner]')
    await expect.poll(() => loaded.length).toBeGreaterThan(0)
    expect(await banner.isVisible()).toBe(false)

    await page.locator('.site-footer').getByRole('button', { name: 'Cookie settings' }).click()
    expect(await banner.isVisible()).toBe(true)
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Decline' }).click()])
    loaded.length = 0
    await page.waitForTimeout(500)
    expect(loaded).toEqual([])
    expect(await banner.isVisible()).toBe(false)
    expect(await page.evaluate(() => localStorage.getItem('citypress-consent'))).toBe('no')
    await page.close()
  })
})
