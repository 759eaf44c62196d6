import type { BrowserContext, Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { openOfflineContext, viewports } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// The walkthrough popup and the FAQ accordion, in each of their states.
const env = useWidgetSite()
let desktop: BrowserContext
let thirdParty: string[]
/** The desktop tab of the tests that add no script of their own: each goes to its page anew. */
let tab: Page

beforeAll(async () => {
  ;({ context: desktop, thirdParty } = await openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url }))
  tab = await desktop.newPage()
})

const walkthrough = 'https://scheduler.invalid/tidy/walkthrough'
const booking = 'https://scheduler.invalid/tidy/book-now'
const schedulerRequests = () => thirdParty.filter((u) => u.startsWith('https://scheduler.invalid/'))
const dialogOpen = (page: Page) => page.locator('dialog.walkthrough-dialog').evaluate((d: HTMLDialogElement) => d.open)
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden')
const frameSrc = (page: Page) => page.locator('dialog iframe').getAttribute('src')

describe('the walkthrough popup', () => {
  let page: Page

  beforeAll(async () => {
    page = tab
    await page.goto('/')
    await page.evaluate(() => {
      ;(window as unknown as { closeEvents: string[] }).closeEvents = []
      document.addEventListener('walkthrough:close', (e) =>
        (window as unknown as { closeEvents: string[] }).closeEvents.push((e as CustomEvent).detail.scheduler),
      )
    })
  })

  it('loads nothing from the scheduler until it is opened', async () => {
    expect(await page.locator('dialog').count()).toBe(1)
    expect(await frameSrc(page)).toBeNull()
    expect(schedulerRequests()).toEqual([])
  })

  it('opens full screen with the scheduling page in an iframe, locks the page scroll and focuses the close control', async () => {
    await page.getByRole('link', { name: 'Schedule a Walkthrough' }).click()
    expect(await dialogOpen(page)).toBe(true)
    expect(await frameSrc(page)).toBe(walkthrough)
    await expect.poll(() => page.frameLocator('dialog iframe').locator('h1').textContent()).toBe('Pick a time')
    expect(schedulerRequests()).toEqual([walkthrough])
    expect(await page.locator('dialog').boundingBox()).toEqual({ x: 0, y: 0, ...viewports.desktop })
    expect(await scrollLocked(page)).toBe(true)
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    expect(focused).toBe('Close calendar popup')
  })

  it('closes on Escape, unlocks the scroll, returns focus and fires walkthrough:close', async () => {
    await page.keyboard.press('Escape')
    expect(await dialogOpen(page)).toBe(false)
    // The dialog's close event, which unlocks the scroll, hands focus back and fires
    // walkthrough:close, comes a task later.
    await expect.poll(() => scrollLocked(page)).toBe(false)
    await expect.poll(() => page.evaluate(() => (window as unknown as { closeEvents: string[] }).closeEvents)).toEqual([walkthrough])
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Schedule a Walkthrough')
  })

  it("opens the Book Now button's own scheduler and closes by the close control", async () => {
    await page.getByRole('link', { name: 'Book Now' }).click()
    expect(await dialogOpen(page)).toBe(true)
    expect(await frameSrc(page)).toBe(booking)
    await page.getByRole('button', { name: 'Close calendar popup' }).click()
    expect(await dialogOpen(page)).toBe(false)
    await expect.poll(() => scrollLocked(page)).toBe(false)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { closeEvents: string[] }).closeEvents))
      .toEqual([walkthrough, booking])
  })

  it('opens from the address #schedule (the external open flag) and drops the hash when closed', async () => {
    const linked = await desktop.newPage()
    await linked.goto('/contact#schedule')
    await expect.poll(() => dialogOpen(linked)).toBe(true)
    expect(await frameSrc(linked)).toBe(walkthrough)
    await linked.keyboard.press('Escape')
    await expect.poll(() => new URL(linked.url()).hash).toBe('')
    await linked.close()
  })

  it('covers the whole screen at 375 px too', async () => {
    const { context } = await openOfflineContext(env.browser, { viewport: viewports.phone, baseURL: env.site.url })
    const phone = await context.newPage()
    await phone.goto('/about')
    await phone.getByRole('link', { name: 'Schedule a Walkthrough' }).click()
    expect(await phone.locator('dialog').boundingBox()).toEqual({ x: 0, y: 0, ...viewports.phone })
    expect(await phone.getByRole('button', { name: 'Close calendar popup' }).isVisible()).toBe(true)
    await context.close()
  })

  it('is not on pages without a walkthrough button', async () => {
    await tab.goto('/plain')
    expect(await tab.locator('dialog').count()).toBe(0)
  })

  it('is a link that opens the scheduler in a new tab without JavaScript', async () => {
    const { context } = await openOfflineContext(env.browser, { baseURL: env.site.url, javaScriptEnabled: false })
    const noJs = await context.newPage()
    await noJs.goto('/')
    const button = noJs.getByRole('link', { name: 'Schedule a Walkthrough' })
    expect(await button.getAttribute('href')).toBe(walkthrough)
    expect(await button.getAttribute('target')).toBe('_blank')
    await context.close()
  })
})

describe('the FAQ accordion', () => {
  let page: Page
  const openItems = () => page.locator('.faq details').evaluateAll((items: HTMLDetailsElement[]) => items.map((d) => d.open))

  beforeAll(async () => {
    page = tab
    await page.goto('/')
  })

  it('starts with every item closed', async () => {
    expect(await openItems()).toEqual([false, false, false])
  })

  it('opens the clicked item, switches to another and closes the open one when clicked again', async () => {
    await page.getByText('Which areas do you serve?').click()
    expect(await openItems()).toEqual([true, false, false])
    expect(await page.getByText('Springfield and the towns around it.').isVisible()).toBe(true)
    await page.getByText('Do you require a contract?').click()
    expect(await openItems()).toEqual([false, true, false])
    await page.getByText('Do you require a contract?').click()
    expect(await openItems()).toEqual([false, false, false])
  })

  it('works from the keyboard', async () => {
    await page.locator('.faq summary').nth(2).focus()
    await page.keyboard.press('Enter')
    expect(await openItems()).toEqual([false, false, true])
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Space')
    expect(await openItems()).toEqual([false, true, false])
    await page.keyboard.press('Space')
    expect(await openItems()).toEqual([false, false, false])
  })

  it('keeps one item open where the browser has no <details name> grouping (the widget does it)', async () => {
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('.faq details')) d.removeAttribute('name')
    })
    await page.getByText('Which areas do you serve?').click()
    await page.getByText('Are your staff insured?').click()
    await expect.poll(openItems).toEqual([false, false, true])
  })
})
