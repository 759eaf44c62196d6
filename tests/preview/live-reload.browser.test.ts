import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteFrom } from '../helpers/site.js'
import { chromiumArgs, chromiumPath, type StartedPreview, startOn, until } from './helpers.js'

const contactYaml = (heading: string) => `path: /contact
title: Contact
sections:
  - type: text
    heading: ${heading}
    body: Write to hello@tidy.example.
`

describe('live reload in Chromium', () => {
  let site: string
  let preview: StartedPreview
  let browser: Browser
  const open = async (address: string): Promise<Page> => {
    const page = await browser.newPage()
    await page.goto(new URL(address, preview.url).href)
    return page
  }
  const heading = (page: Page) => page.locator('h2').first().textContent({ timeout: 15_000 })

  beforeAll(async () => {
    site = await siteFrom('minimal', { 'pages/contact.yaml': contactYaml('Contact us') })
    preview = await startOn(site)
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  })
  afterAll(async () => {
    await browser?.close()
    await preview?.close()
  })

  it('updates an open page when its YAML is saved, without a manual reload', async () => {
    const page = await open('/contact')
    expect(await heading(page)).toBe('Contact us')
    await writeFile(path.join(site, 'pages/contact.yaml'), contactYaml('Talk to us'))
    await page.waitForFunction(() => document.querySelector('h2')?.textContent === 'Talk to us', undefined, { timeout: 15_000 })
    await page.close()
  })

  it("patches the open page in place: no navigation, the scroll position and the widgets' state stay", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 300 } })
    await page.goto(new URL('/contact', preview.url).href)
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
      window.scrollTo(0, 200)
    })
    // The header widget turned solid on scrolling: a class the server's markup does not have.
    await page.locator('header.site-header.is-solid').waitFor({ timeout: 15_000 })
    await writeFile(path.join(site, 'pages/contact.yaml'), contactYaml('Patched in place'))
    await page.waitForFunction(() => document.querySelector('h2')?.textContent === 'Patched in place', undefined, { timeout: 15_000 })
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    // (Where the page got shorter than before, the browser clamps the scroll position.)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    expect(await page.locator('header.site-header').getAttribute('class')).toContain('is-solid')
    await page.close()
  })

  it("reloads the page instead when a widget's markup changed, so the widget is mounted anew", async () => {
    const page = await open('/contact')
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
    const siteYaml = path.join(site, 'site.yaml')
    const original = await readFile(siteYaml, 'utf8')
    try {
      // The navigation is inside the header widget.
      await writeFile(siteYaml, original.replace('label: Contact,', 'label: Reach us,'))
      await page.locator('header a', { hasText: 'Reach us' }).first().waitFor({ state: 'attached', timeout: 15_000 })
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined()
    } finally {
      await writeFile(siteYaml, original)
      await preview.session.idle()
    }
    await page.close()
  })

  it('reloads only the tabs whose page changed', async () => {
    const contact = await open('/contact')
    const home = await open('/')
    await preview.session.idle()
    const before = preview.printed().length
    await writeFile(path.join(site, 'pages/contact.yaml'), contactYaml('Write to us'))
    await contact.waitForFunction(() => document.querySelector('h2')?.textContent === 'Write to us', undefined, { timeout: 15_000 })
    // The terminal line of that rebuild counts the tabs told to reload: contact, not home.
    const line = await until(() =>
      preview
        .printed()
        .slice(before)
        .split('\n')
        .find((l) => l.includes('pages/contact.yaml changed')),
    )
    expect(line).toMatch(/reloaded 1 tab$/)
    await Promise.all([contact.close(), home.close()])
  })

  it("shows a YAML mistake as an error page with the terminal's code frame, and recovers when it is fixed", async () => {
    const page = await open('/contact')
    await writeFile(path.join(site, 'pages/contact.yaml'), contactYaml('Oops').replace('title:', 'titel:'))
    const report = page.locator('pre.citypress-error').first()
    await report.waitFor({ timeout: 15_000 })
    const text = (await report.textContent())!
    expect(text).toMatch(/^error\[unknown-key\]: Unknown key "titel"/)
    expect(text).toMatch(/--> .*pages\/contact\.yaml:2:1\n/)
    expect(text).toContain('2 | titel: Contact\n')
    expect(text).toContain('hint: Did you mean "title"?')
    // The very same report is printed in the terminal.
    await until(() => preview.printed().includes(text))
    expect(await page.title()).toContain('The site has 1 error')

    await writeFile(path.join(site, 'pages/contact.yaml'), contactYaml('Back again'))
    await page.waitForFunction(() => document.querySelector('h2')?.textContent === 'Back again', undefined, { timeout: 15_000 })
    expect(preview.printed()).toContain('✓ fixed:')
    await page.close()
  })

  it('survives an internal error in a rebuild and recovers without a restart', async () => {
    const page = await open('/contact')
    const override = path.join(site, 'templates/sections/Text.tsx')
    await mkdir(path.dirname(override), { recursive: true })
    // Throwing while the template bundle is imported is not a site mistake build() knows about.
    await writeFile(override, 'throw new Error("bundle exploded")\nexport function Text() { return null }\n')
    // Each step rebundles the site's templates, which a busy machine takes seconds over.
    await page.locator('h1', { hasText: 'Internal error' }).waitFor({ timeout: 45_000 })
    expect(await page.locator('pre.citypress-error').textContent()).toContain('bundle exploded')

    await rm(path.join(site, 'templates'), { recursive: true })
    await page.waitForFunction(() => document.querySelector('h2')?.textContent === 'Back again', undefined, { timeout: 45_000 })
    expect(preview.printed()).toContain('internal error (a bug in citypress, not in your site)')
    await page.close()
  }, 120_000)
})
