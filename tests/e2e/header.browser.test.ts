import type { BrowserContext, Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { nextFrames, openOfflineContext, viewports } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// The site shell's header in each of its states: scrolled, the Services dropdown, the mobile menu.
const env = useWidgetSite()
let desktop: BrowserContext
let phone: BrowserContext
/** The desktop tab of the tests that need no clock or script of their own: each goes to its page anew. */
let tab: Page

beforeAll(async () => {
  const [wide, small] = await Promise.all([
    openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url }),
    openOfflineContext(env.browser, { viewport: viewports.phone, baseURL: env.site.url, hasTouch: false }),
  ])
  ;[desktop, phone] = [wide.context, small.context]
  tab = await desktop.newPage()
})

const expanded = (page: Page, selector: string) => page.locator(selector).getAttribute('aria-expanded')
const isSolid = (page: Page) => page.locator('.site-header').evaluate((h) => h.classList.contains('is-solid'))

/**
 * A desktop page whose timers move only with `page.clock.runFor()`: install() alone lets time flow
 * as in real life, and on a loaded machine the 300 ms close delay would run out early.
 */
async function openWithPausedClock(url: string): Promise<Page> {
  const page = await desktop.newPage()
  await page.clock.install()
  await page.goto(url)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  return page
}

describe('the header at 1280 px', () => {
  it('turns solid only after the page scrolled more than 10 px', async () => {
    const page = tab
    await page.goto('/contact')
    await expect.poll(() => isSolid(page)).toBe(false)
    await page.evaluate(() => window.scrollTo(0, 10))
    await nextFrames(page)
    await expect.poll(() => isSolid(page)).toBe(false)
    await page.evaluate(() => window.scrollTo(0, 11))
    await expect.poll(() => isSolid(page)).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => isSolid(page)).toBe(false)
  })

  it('opens the Services dropdown on hover and closes it 300 ms after the pointer leaves', async () => {
    const page = await openWithPausedClock('/contact')
    const toggle = page.locator('.dropdown-toggle')
    const menu = page.locator('#services-menu')
    await expect.poll(() => menu.isVisible()).toBe(false)
    await toggle.hover()
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('true')
    await expect.poll(() => menu.isVisible()).toBe(true)
    // The pointer travels from the button into the menu: it stays open.
    await page.locator('#services-menu a').first().hover()
    await page.mouse.move(640, 600)
    await page.clock.runFor(290)
    await expect.poll(() => menu.isVisible()).toBe(true)
    await page.clock.runFor(20)
    await expect.poll(() => menu.isVisible()).toBe(false)
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('false')
    await page.close()
  })

  it('keeps the dropdown open when the pointer comes back within 300 ms', async () => {
    const page = await openWithPausedClock('/contact')
    await page.locator('.dropdown-toggle').hover()
    await page.mouse.move(640, 600)
    await page.clock.runFor(200)
    await page.locator('.dropdown-toggle').hover()
    await page.clock.runFor(500)
    await expect.poll(() => page.locator('#services-menu').isVisible()).toBe(true)
    await page.close()
  })

  it('opens the dropdown on keyboard focus and Enter, walks into its links and closes on Escape', async () => {
    const page = tab
    await page.goto('/contact')
    await page.locator('.nav-link[href="/"]').focus()
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('dropdown-toggle'))).toBe(true)
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('true')
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/services/office-cleaning')
    await page.keyboard.press('Escape')
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('false')
    await expect.poll(() => page.locator('#services-menu').isVisible()).toBe(false)
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('dropdown-toggle'))).toBe(true)
    // Enter opens it again from the button, and a second Enter keeps it open.
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('true')
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('true')
  })

  it('closes the dropdown on a click outside it and when focus leaves it', async () => {
    const page = tab
    await page.goto('/contact')
    await page.locator('.dropdown-toggle').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('true')
    await page.mouse.click(640, 500)
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('false')
    await page.locator('.dropdown-toggle').focus()
    await page.keyboard.press('Enter')
    await page.locator('.nav-link[href="/blog"]').focus()
    await expect.poll(() => expanded(page, '.dropdown-toggle')).toBe('false')
    await expect.poll(() => page.locator('#services-menu').isVisible()).toBe(false)
  })

  it('scrolls to the services section instead of opening a dropdown on the pages listed in scrollOn', async () => {
    const page = tab
    await page.goto('/')
    expect(await page.locator('.main-nav .dropdown').count()).toBe(0)
    await page.locator('.main-nav a[data-scroll-target]').click()
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('services')!.getBoundingClientRect().top) < 120))
      .toBe(true)
    expect(new URL(page.url()).pathname).toBe('/')
  })

  it('goes to the services page instead when the section is missing from a scrollOn page', async () => {
    // The build's link check refuses such a page; this is the script's safety net for it.
    const page = tab
    await page.goto('/')
    await page.evaluate(() => document.getElementById('services')!.removeAttribute('id'))
    await Promise.all([page.waitForURL('**/services'), page.locator('.main-nav a[data-scroll-target]').click()])
    expect(await page.locator('h1').textContent()).toBe('Our services')
  })

  it('is an ordinary dropdown on pages not listed in scrollOn', async () => {
    const page = tab
    await page.goto('/about')
    expect(await page.locator('.main-nav a[data-scroll-target]').count()).toBe(0)
    expect(await page.locator('.main-nav .dropdown-toggle').count()).toBe(1)
  })
})

describe('the mobile menu at 375 px', () => {
  const menuOpen = (page: Page) => page.locator('#mobile-menu').evaluate((m) => m.matches(':popover-open'))
  const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden')
  let page: Page

  beforeAll(async () => {
    page = await phone.newPage()
    await page.goto('/')
  })

  it('shows the menu button instead of the navigation', async () => {
    await expect.poll(() => page.locator('.main-nav').isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true)
  })

  it('opens by its button, locks the page scroll and moves focus into the menu', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => menuOpen(page)).toBe(true)
    await expect.poll(() => expanded(page, '.menu-toggle')).toBe('true')
    await expect.poll(() => scrollLocked(page)).toBe(true)
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('menu-close'))).toBe(true)
    await page.mouse.move(30, 400)
    await page.mouse.wheel(0, 600)
    await nextFrames(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  it('keeps Tab and Shift+Tab inside the open menu', async () => {
    const inside = () => page.evaluate(() => document.querySelector('.mobile-menu-panel')!.contains(document.activeElement))
    await page.keyboard.press('Shift+Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('mobile-cta'))).toBe(true)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await inside()).toBe(true)
    }
  })

  it('closes on Escape, unlocks the scroll and returns focus to the menu button', async () => {
    await page.keyboard.press('Escape')
    await expect.poll(() => menuOpen(page)).toBe(false)
    await expect.poll(() => expanded(page, '.menu-toggle')).toBe('false')
    await expect.poll(() => scrollLocked(page)).toBe(false)
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true)
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.evaluate(() => window.scrollTo(0, 0))
  })

  it('closes by its close button and by a click on the overlay', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect.poll(() => menuOpen(page)).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => menuOpen(page)).toBe(true)
    await page.mouse.click(10, 400) // the overlay: left of the panel
    await expect.poll(() => menuOpen(page)).toBe(false)
    await expect.poll(() => scrollLocked(page)).toBe(false)
  })

  it('closes when a link in it is followed', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    // Keep the page where it is, to see the menu close rather than a new page load.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }))
    await page.locator('.mobile-nav a[href="/contact"]').click()
    await expect.poll(() => menuOpen(page)).toBe(false)
    await expect.poll(() => scrollLocked(page)).toBe(false)
  })
})

describe('the header without JavaScript', () => {
  it('still opens the mobile menu (a native popover) and shows the dropdown links on focus', async () => {
    const { context } = await openOfflineContext(env.browser, {
      viewport: viewports.phone,
      baseURL: env.site.url,
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => page.locator('.mobile-nav a[href="/contact"]').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect.poll(() => page.locator('.mobile-nav').isVisible()).toBe(false)
    await page.setViewportSize(viewports.desktop)
    await page.locator('.dropdown-toggle').focus()
    await expect.poll(() => page.locator('#services-menu a[href="/services/window-washing"]').isVisible()).toBe(true)
    await context.close()
  })
})
