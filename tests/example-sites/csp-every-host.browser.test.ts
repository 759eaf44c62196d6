import { cp, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import type { HostName } from '../../src/config/presets/hosts.js'
import { launchChromium, openOfflineContext } from '../helpers/browser.js'
import { crawlSite } from '../helpers/crawl.js'
import { fixtureBuild } from '../helpers/example-build.js'
import { type HostServer, serveAsHost } from '../helpers/host-server.js'
import { fixture, siteFrom, tempDir } from '../helpers/site.js'

// A Content-Security-Policy on every host (a header where the host reads
// _headers, a meta tag elsewhere), and a GitHub Pages project site under /repo with no broken link.
const hosts: readonly HostName[] = ['netlify', 'cloudflare-pages', 'github-pages', 'static']
/** The GitHub Pages build is a project site: https://tidy.github.io/repo, served under /repo. */
const baseOf = (host: HostName) => (host === 'github-pages' ? '/repo' : '')

const built = new Map<HostName, { out: string; server: HostServer }>()
let browser: Browser
beforeAll(async () => {
  const browserStarted = launchChromium()
  // Netlify is the default host: the run's shared build of the fixture is that site. The other
  // hosts' builds start from a copy of its image cache (keyed by content), so they encode only
  // what their address changes: the share images, which show the site's host name.
  const shared = await fixtureBuild('widgets')
  built.set('netlify', { out: shared.outDir, server: await serveAsHost(shared.outDir, 'netlify') })
  const imageCacheDir = await tempDir('citypress-csp-images-')
  await cp(path.join(shared.site, '.citypress', 'cache', 'images'), imageCacheDir, { recursive: true })
  for (const host of hosts.filter((h) => h !== 'netlify')) {
    const url = host === 'github-pages' ? 'https://tidy.github.io/repo' : 'https://tidy.example'
    const yaml = (await readFile(path.join(fixture('widgets'), 'site.yaml'), 'utf8')).replace(
      'url: https://tidy.example',
      `url: ${url}\nhost: ${host}`,
    )
    const out = path.join(await tempDir(), 'dist')
    await build({ site: await siteFrom('widgets', { 'site.yaml': yaml }), outDir: out, cacheDir: false, imageCacheDir })
    built.set(host, { out, server: await serveAsHost(out, host, { basePath: baseOf(host) }) })
  }
  browser = await browserStarted
}, 120_000)
afterAll(async () => {
  await browser?.close()
  for (const { server } of built.values()) await server.close()
})

describe.each(hosts)('the Content-Security-Policy on %s', (host) => {
  it('blocks nothing the site uses, and blocks an injected inline script', async () => {
    const { server } = built.get(host)!
    const { context } = await openOfflineContext(browser, { baseURL: server.origin })
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    const page = await context.newPage()
    const response = await page.goto(`${baseOf(host)}/`)
    const header = response!.headers()['content-security-policy']
    const meta = await page.evaluate(() => {
      const tag = document.querySelector('meta[http-equiv="Content-Security-Policy"]')
      return tag && { policy: tag.getAttribute('content'), afterCharset: tag.previousElementSibling?.hasAttribute('charset') === true }
    })
    if (host === 'netlify' || host === 'cloudflare-pages') {
      expect([header, meta]).toEqual([expect.stringContaining("default-src 'self'"), null])
    } else {
      expect(header).toBeUndefined()
      expect(meta).toEqual({ policy: expect.stringContaining("default-src 'self'"), afterCharset: true })
      expect(meta!.policy).not.toContain('frame-ancestors')
    }
    // The site's own code: the stylesheet, the font, the widget script, analytics and the scheduler frame.
    await page.getByRole('link', { name: 'Schedule a Walkthrough' }).first().click()
    await expect.poll(() => page.frameLocator('dialog iframe').locator('h1').textContent()).toBe('Pick a time')
    await expect.poll(() => page.evaluate(() => (window as unknown as { analyticsLoaded?: number }).analyticsLoaded)).toBe(1)
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true)
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations)
    // What an attacker's markup would do: an inline script the build did not declare.
    const injected = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = '(window as any).injectedRan = true'.replace(' as any', '')
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return {
        ran: (window as unknown as { injectedRan?: boolean }).injectedRan === true,
        violations: (window as unknown as { violations: string[] }).violations,
      }
    })
    console.log(
      `${host}: ${violations.length} violations while using the site; injected inline script ran: ${injected.ran}; reported: ${injected.violations.slice(violations.length).join(', ')}`,
    )
    expect(violations).toEqual([])
    expect(injected.ran).toBe(false)
    expect(injected.violations.slice(violations.length)).toEqual([expect.stringMatching(/^script-src(-elem)? inline$/)])
    await context.close()
  })
})

describe('a GitHub Pages project site under /repo', () => {
  it('has no broken link, asset or image: every href, src and srcset of every page answers under the base', async () => {
    const { server } = built.get('github-pages')!
    const { pages, checked, broken } = await crawlSite(server, '/repo/', 'https://tidy.github.io')
    console.log(`github-pages under /repo: ${pages.size} pages crawled, ${checked.size} addresses checked, ${broken.length} broken`)
    expect(broken).toEqual([])
    expect(pages.size).toBeGreaterThan(10)
    expect([...checked.keys()].every((p) => p.startsWith('/repo/'))).toBe(true)
  })

  it('loads every font its stylesheet names under the base, and uses every font it preloads', async () => {
    const { server } = built.get('github-pages')!
    const { context } = await openOfflineContext(browser, { baseURL: server.origin })
    const page = await context.newPage()
    await page.goto('/repo/')
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready
      const sources = [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].flatMap((rule) => (rule instanceof CSSFontFaceRule ? [rule.style.getPropertyValue('src')] : [])),
      )
      return {
        statuses: [...document.fonts].map((face) => face.status),
        sources: sources.join(' '),
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      }
    })
    expect(fonts.statuses).not.toContain('error')
    expect(fonts.statuses).toContain('loaded')
    expect(fonts.preloaded.length).toBeGreaterThan(0)
    for (const url of fonts.preloaded) {
      expect(url).toMatch(/^\/repo\/assets\//)
      expect(fonts.sources).toContain(url)
    }
    await context.close()
  })
})
