import type { BrowserContext, Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { useBrandSite } from '../helpers/brand-site.js'
import { findAxeViolations, nextFrames, openOfflineContext, viewports } from '../helpers/browser.js'

// The brand site's header: transparent over a hero image, solid white after 10 px of scrolling.
const env = useBrandSite()
let desktop: BrowserContext
/** The tab of the tests that only navigate and look: each goes to its page anew. */
let tab: Page

beforeAll(async () => {
  desktop = (await openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url })).context
  tab = await desktop.newPage()
})

/** What a visitor sees of the header: its background, its links' colour and which logo shows. */
function headerLook(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>('.site-header')!
    const shown = (selector: string) => {
      const img = header.querySelector<HTMLElement>(selector)
      return img !== null && img.getBoundingClientRect().width > 0
    }
    return {
      background: getComputedStyle(header).backgroundColor,
      link: getComputedStyle(header.querySelector('.nav-link:not([aria-current])')!).color,
      logo: shown('.logo-on-dark') ? 'for dark backgrounds' : shown('.logo-on-light') ? 'for light backgrounds' : 'none',
      height: header.getBoundingClientRect().height,
    }
  })
}

const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await nextFrames(page)
}

const transparent = { background: 'rgba(0, 0, 0, 0)', link: 'rgb(255, 255, 255)', logo: 'for dark backgrounds', height: 72 }
const solid = { background: 'rgb(255, 255, 255)', link: 'rgb(28, 25, 23)', logo: 'for light backgrounds', height: 72 }

describe('the header over a page that opens with a hero image', () => {
  it("is transparent with the theme's text colour and the dark-background logo until the page scrolls more than 10 px", async () => {
    const page = tab
    await page.goto('/')
    await expect.poll(() => headerLook(page)).toEqual(transparent)
    await scrollTo(page, 10)
    expect(await headerLook(page)).toEqual(transparent)
    await scrollTo(page, 11)
    await expect.poll(() => headerLook(page)).toEqual(solid)
    await scrollTo(page, 0)
    await expect.poll(() => headerLook(page)).toEqual(transparent)
  })

  it('is drawn transparent from the first paint, not solid and then fading once the script has run', async () => {
    const page = await desktop.newPage()
    // What the page says the moment the parser inserts the header, before anything is drawn.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.site-header')) return
        ;(window as unknown as { jsAtHeader: boolean }).jsAtHeader = document.documentElement.classList.contains('js')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/')
    expect(await page.evaluate(() => (window as unknown as { jsAtHeader: boolean }).jsAtHeader)).toBe(true)
    expect(
      await page.evaluate(
        () => document.getAnimations().filter((a) => (a.effect as KeyframeEffect | null)?.target?.closest('.site-header')).length,
      ),
    ).toBe(0)
    expect(await headerLook(page)).toEqual(transparent)
    await page.close()
  })

  it('lets the hero reach under the header, and moves nothing when the header turns solid', async () => {
    const page = tab
    await page.goto('/')
    const layout = () =>
      page.evaluate(() => ({
        heroTop: document.querySelector('.hero')!.getBoundingClientRect().top + window.scrollY,
        titleTop: document.querySelector('h1')!.getBoundingClientRect().top + window.scrollY,
        logoTop: document.querySelector('.logo')!.getBoundingClientRect().top,
      }))
    const before = await layout()
    expect(before.heroTop).toBe(0)
    await scrollTo(page, 40)
    await expect.poll(() => headerLook(page)).toEqual(solid)
    expect(await layout()).toEqual(before)
  })

  it('is solid from the start without JavaScript', async () => {
    const { context } = await openOfflineContext(env.browser, {
      viewport: viewports.desktop,
      baseURL: env.site.url,
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    await page.goto('/')
    expect(await headerLook(page)).toEqual(solid)
    await context.close()
  })
})

describe('the header over a page without a hero image', () => {
  it('is solid from the start', async () => {
    const page = tab
    await page.goto('/contact')
    await nextFrames(page)
    expect(await headerLook(page)).toEqual(solid)
    expect(await page.evaluate(() => document.querySelector('main > :first-child')!.getBoundingClientRect().top)).toBe(72)
  })
})

describe('the footer', () => {
  it("shows the logo for dark backgrounds on the theme's dark footer, in the footer text colour", async () => {
    const page = tab
    await page.goto('/contact')
    const footer = await page.evaluate(() => {
      const el = document.querySelector('.site-footer')!
      return {
        background: getComputedStyle(el).backgroundColor,
        color: getComputedStyle(el).color,
        logo: el.querySelector('img')!.getAttribute('src'),
      }
    })
    expect(footer).toEqual({
      background: 'rgb(15, 61, 36)',
      color: 'rgb(236, 253, 245)',
      logo: expect.stringMatching(/^\/assets\/images\/logo-white-\w+\.svg$/),
    })
  })
})

describe('the site fonts', () => {
  // Each fallback is fitted to its face's average width, not glyph by glyph: when the heading font
  // arrives after the first paint, a long bold title may wrap one word differently (measured up to
  // 0.008 here), far below the 0.1 that Core Web Vitals and Lighthouse count as good.
  it('load from the site itself and shift almost no layout when they swap in (CLS below 0.01)', async () => {
    const page = await desktop.newPage()
    const fontRequests: string[] = []
    page.on('request', (r) => r.resourceType() === 'font' && fontRequests.push(new URL(r.url()).pathname))
    await page.goto('/')
    const shift = await page.evaluate(async () => {
      await document.fonts.ready
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      return new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0)),
        ).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(0), 500)
      })
    })
    expect(shift).toBeLessThan(0.01)
    expect(
      await page.evaluate(() =>
        [...document.fonts]
          .filter((f) => f.status === 'loaded' && f.family.endsWith(' Web'))
          .map((f) => f.family)
          .sort(),
      ),
    ).toEqual(['Merriweather Web', 'Source Sans 3 Web'])
    expect(fontRequests.every((p) => p.startsWith('/assets/'))).toBe(true)
    await page.close()
  })
})

describe('a site in its own brand', () => {
  it('has no axe violations on its home and contact pages at 375 and 1280 px, header transparent or solid', async () => {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { context } = await openOfflineContext(env.browser, { viewport, baseURL: env.site.url })
      const page = await context.newPage()
      for (const url of ['/', '/contact']) {
        await page.goto(url)
        await nextFrames(page)
        expect(await findAxeViolations(page), `${url} at ${viewport.width} px`).toEqual([])
        await scrollTo(page, 400)
        expect(await findAxeViolations(page), `${url} at ${viewport.width} px, scrolled`).toEqual([])
      }
      await context.close()
    }
  })
})
