import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { build } from '../../src/build/index.js'
import { contrastRatio, resolveTheme } from '../../src/config/theme/theme.js'
import { type BrandLook, measureBrandLook, siteThemeCss } from '../helpers/brand-look.js'
import { launchChromium } from '../helpers/browser.js'
import { type SiteServer, serveSite } from '../helpers/server.js'
import { fixture, siteFrom, tempDir } from '../helpers/site.js'

// The colour model changed under the example sites without changing their look.
// baseline.json was measured with tests/helpers/brand-look.ts on the stylesheet before the change.
const baseline = JSON.parse(await readFile(fixture('../brand-look/baseline.json'), 'utf8')) as Record<string, BrandLook>

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`
}

async function themeOf(site: string) {
  const input = parse(await readFile(`${site}/site.yaml`, 'utf8')) as { theme?: Parameters<typeof resolveTheme>[0] }
  return resolveTheme(input.theme)
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(['system4', 'greenway'])('the example site %s', (name) => {
  it('looks as before the colour model changed, except where it failed WCAG', async () => {
    const site = `sites/${name}`
    const theme = await themeOf(site)
    const look = await measureBrandLook(browser, await siteThemeCss(site))
    const expected = structuredClone(baseline[name]!)
    // The exceptions, each a fix: form field borders were #94a3b8 (2.56:1 on white); they are now
    // the nearest shade of the site's border that reaches 3:1 (WCAG 1.4.11).
    for (const field of ['input', 'select', 'textarea']) expected[field]!['border-top-color'] = rgb(theme.colors.inputBorder)
    // A link action on a dark hero was the brand colour on the dark brand colour; it is now the hero's text colour.
    expected['hero-btn-link'] = {
      ...expected['hero-btn-link']!,
      color: rgb(theme.colors.onPrimaryDark),
      'outline-color': rgb(theme.colors.onPrimaryDark),
    }
    // A secondary action on a dark band was white on white; it is now an outline in the band's text colour.
    expected['band-btn-secondary'] = {
      color: rgb(theme.colors.onPrimaryDark),
      'background-color': 'rgba(0, 0, 0, 0)',
      'border-top-color': rgb(theme.colors.onPrimaryDark),
      'outline-color': rgb(theme.colors.onPrimaryDark),
    }
    // Chips had a fifth slate grey (#dbe3ee); they now share the site's border colour (a plain chip:
    // a linked one has a border of the brand colour, so it looks linked).
    expected.chip!['border-top-color'] = rgb(theme.colors.border)
    // The footer's last band has a colour of its own, by default the footer's: the same look.
    expected['footer-bottom']!['background-color'] = rgb(theme.colors.footerBottomBackground)
    expect(theme.colors.footerBottomBackground).toBe(theme.colors.footerBackground)
    expect(look).toEqual(expected)
    expect(contrastRatio(theme.colors.inputBorder, theme.colors.background)).toBeGreaterThanOrEqual(3)
  })
})

describe('a brand with a light accent, a dark header and coloured footer links (tests/fixtures/sites/amber)', () => {
  let server: SiteServer
  let built: Awaited<ReturnType<typeof build>>
  beforeAll(async () => {
    const [site, outDir] = await Promise.all([siteFrom('amber'), tempDir('citypress-amber-')])
    built = await build({ site, outDir, cacheDir: false, imageCacheDir: false })
    server = await serveSite(outDir)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('builds with every pair of its contrast table passing', () => {
    expect(built.site.contrast.filter((r) => !r.passes)).toEqual([])
    expect(built.site.contrast.length).toBeGreaterThan(25)
  })

  it("shows its own colours: header, header links and text logo, accent buttons with dark text, footer links, text links, cards and the footer's last band", async () => {
    const theme = await themeOf(fixture('amber'))
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${server.url}/`)
    const colours = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
      return {
        header: style('.site-header').backgroundColor,
        headerLink: style('.nav-link:not([aria-current])').color,
        headerCurrent: style('.nav-link[aria-current="page"]').color,
        logo: style('.site-header .logo-text').color,
        button: [style('.hero .btn-accent').backgroundColor, style('.hero .btn-accent').color],
        headerButton: [style('.header-cta').backgroundColor, style('.header-cta').color],
        footerLink: style('.site-footer a').color,
        footerText: style('.site-footer').color,
      }
    })
    await page.goto(`${server.url}/contact`)
    const roles = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
      return {
        link: style('main p a').color,
        card: style('.form-card').backgroundColor,
        submit: [style('.form-submit').backgroundColor, style('.form-submit').color],
        footerBottom: style('.footer-bottom').backgroundColor,
      }
    })
    await page.close()
    const c = theme.colors
    // Its own roles: text links, cards, the send button in the accent style, the footer's last band.
    expect(roles).toEqual({
      link: rgb(c.link),
      card: rgb(c.card),
      submit: [rgb(c.accent), rgb(c.onAccent)],
      footerBottom: rgb(c.footerBottomBackground),
    })
    expect(colours).toEqual({
      header: rgb(c.headerBackground),
      headerLink: rgb(c.headerText),
      headerCurrent: rgb(c.headerHover),
      logo: rgb(c.headerHover),
      button: [rgb(c.accent), rgb(c.onAccent)],
      headerButton: [rgb(c.accent), rgb(c.onAccent)],
      footerLink: rgb(c.footerLink),
      footerText: rgb(c.footerText),
    })
  })
})
