import type { Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { findAxeViolations, openOfflineContext, viewports, withAxe } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// axe-core finds nothing on any page kind, with every widget in each of its states. One tab per
// width serves every test: each test navigates it to the page it checks.
const env = useWidgetSite()
let desktop: Page
let phone: Page

beforeAll(async () => {
  const [wide, small] = await Promise.all([
    openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url }),
    openOfflineContext(env.browser, { viewport: viewports.phone, baseURL: env.site.url }),
  ])
  await Promise.all([withAxe(wide.context), withAxe(small.context)])
  ;[desktop, phone] = await Promise.all([wide.context.newPage(), small.context.newPage()])
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

describe.each([
  ['1280 px', () => desktop],
  ['375 px', () => phone],
] as const)('at %s', (_width, pageOf) => {
  it.each(Object.entries(pageKinds))('the %s has no axe violations', async (_kind, url) => {
    const page = pageOf()
    await page.goto(url)
    expect(await findAxeViolations(page)).toEqual([])
  })
})

describe('widgets in their states', () => {
  it('the open Services dropdown has no axe violations', async () => {
    await desktop.goto('/contact')
    await desktop.locator('.dropdown-toggle').focus()
    await desktop.keyboard.press('Enter')
    expect(await desktop.locator('#services-menu').isVisible()).toBe(true)
    expect(await findAxeViolations(desktop)).toEqual([])
  })

  it('the open walkthrough popup has no axe violations', async () => {
    await desktop.goto('/')
    await desktop.getByRole('link', { name: 'Schedule a Walkthrough' }).click()
    // axe asks each frame for its results and waits a minute for one that does not answer: the
    // dialog's frame, asked while it still held the blank page it starts with, never does.
    await expect.poll(() => desktop.frameLocator('dialog iframe').locator('h1').textContent()).toBe('Pick a time')
    expect(await findAxeViolations(desktop)).toEqual([])
    await desktop.keyboard.press('Escape')
  })

  it('the open FAQ item and the collapsed table of contents have no axe violations', async () => {
    await desktop.goto('/blog/office-floors')
    await desktop.locator('.toc-toggle').click()
    expect(await findAxeViolations(desktop)).toEqual([])
    await desktop.goto('/contact')
    await desktop.locator('.faq summary').first().click()
    expect(await findAxeViolations(desktop)).toEqual([])
  })

  it('a form while submitting, after an error and after success has no axe violations', async () => {
    await desktop.goto('/contact')
    await desktop.getByLabel('Full Name').fill('Ada Lovelace')
    await desktop.getByLabel('Email Address').fill('ada@example.com')
    await desktop.getByLabel('Zip Code').fill('45215')
    env.site.formStatus = 500
    const release = env.site.holdForms()
    await desktop.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => desktop.locator('.form-submit').isDisabled()).toBe(true)
    expect(await findAxeViolations(desktop)).toEqual([])
    release()
    await expect.poll(() => desktop.getByRole('alert').isVisible()).toBe(true)
    expect(await findAxeViolations(desktop)).toEqual([])
    env.site.formStatus = 200
    await desktop.locator('.form-submit').click()
    await expect.poll(() => desktop.getByText('Success!').isVisible()).toBe(true)
    expect(await findAxeViolations(desktop)).toEqual([])
  })

  it('the open mobile menu has no axe violations', async () => {
    await phone.goto('/')
    await phone.getByRole('button', { name: 'Open menu' }).click()
    expect(await findAxeViolations(phone)).toEqual([])
  })
})
