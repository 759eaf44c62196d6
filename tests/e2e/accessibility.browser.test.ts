import type { BrowserContext, Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { findAxeViolations, openOfflineContext, viewports } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// Issue point 8: axe-core finds nothing on any page kind, with every widget in each of its states.
const env = useWidgetSite()
let desktop: BrowserContext
let phone: BrowserContext

beforeAll(async () => {
  desktop = (await openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url })).context
  phone = (await openOfflineContext(env.browser, { viewport: viewports.phone, baseURL: env.site.url })).context
})

const pageKinds = {
  home: '/',
  contact: '/contact',
  about: '/about',
  'service page': '/services/office-cleaning',
  'landing page': '/lp/springfield-office-cleaning',
  'blog post': '/blog/office-floors',
  '404': '/no-such-page',
  'form success page': '/thanks/contact-page',
}

describe.each([['1280 px', () => desktop], ['375 px', () => phone]] as const)('at %s', (_width, contextOf) => {
  it.each(Object.entries(pageKinds))('the %s has no axe violations', async (_kind, url) => {
    const page = await contextOf().newPage()
    await page.goto(url)
    expect(await findAxeViolations(page)).toEqual([])
    await page.close()
  })
})

describe('widgets in their states', () => {
  let page: Page
  beforeAll(async () => {
    page = await desktop.newPage()
  })

  it('the open Services dropdown has no axe violations', async () => {
    await page.goto('/contact')
    await page.locator('.dropdown-toggle').focus()
    await page.keyboard.press('Enter')
    expect(await page.locator('#services-menu').isVisible()).toBe(true)
    expect(await findAxeViolations(page)).toEqual([])
  })

  it('the open walkthrough popup has no axe violations', async () => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Schedule a Walkthrough' }).click()
    expect(await findAxeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
  })

  it('the open FAQ item and the collapsed table of contents have no axe violations', async () => {
    await page.goto('/blog/office-floors')
    await page.locator('.toc-toggle').click()
    expect(await findAxeViolations(page)).toEqual([])
    await page.goto('/contact')
    await page.locator('.faq summary').first().click()
    expect(await findAxeViolations(page)).toEqual([])
  })

  it('a form while submitting, after an error and after success has no axe violations', async () => {
    await page.goto('/contact')
    await page.getByLabel('Full Name').fill('Ada Lovelace')
    await page.getByLabel('Email Address').fill('ada@example.com')
    await page.getByLabel('Zip Code').fill('45215')
    env.site.formStatus = 500
    const release = env.site.holdForms()
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => page.locator('.form-submit').isDisabled()).toBe(true)
    expect(await findAxeViolations(page)).toEqual([])
    release()
    await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true)
    expect(await findAxeViolations(page)).toEqual([])
    env.site.formStatus = 200
    await page.locator('.form-submit').click()
    await expect.poll(() => page.getByText('Success!').isVisible()).toBe(true)
    expect(await findAxeViolations(page)).toEqual([])
  })

  it('the open mobile menu has no axe violations', async () => {
    const small = await phone.newPage()
    await small.goto('/')
    await small.getByRole('button', { name: 'Open menu' }).click()
    expect(await findAxeViolations(small)).toEqual([])
    await small.close()
  })
})
