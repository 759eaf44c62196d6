import type { BrowserContext, Page } from 'playwright'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openOfflineContext, viewports } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// The quote forms' states, what they post and the messages they show. The fixture's contact form
// sets its own "Sending..." label; the home form keeps the default "Submitting...".
const env = useWidgetSite()
let context: BrowserContext
let page: Page

beforeAll(async () => {
  context = (await openOfflineContext(env.browser, { viewport: viewports.phone, baseURL: env.site.url })).context
  page = await context.newPage()
})
beforeEach(() => {
  env.site.formStatus = 200
})

const form = () => page.locator('form[name="contact-page"]')
const submit = () => form().locator('button[type="submit"]')
// Found by its hook: while empty it is hidden, so it has no role in the accessibility tree.
const errorBanner = () => form().locator('[data-form-error]')

async function fillContactForm() {
  await page.getByLabel('Full Name').fill('Ada Lovelace')
  await page.getByLabel('Email Address').fill('ada@example.com')
  await page.getByLabel('Window Washing').check()
  await page.getByLabel('Office Cleaning').check()
  await page.getByLabel('Zip Code').fill('45215')
  await page.getByLabel('Your Message').fill('Three floors, nightly.')
}

describe('the contact form with JavaScript', () => {
  it('refuses to send while a required field is empty (browser-native checks only)', async () => {
    await page.goto('/contact')
    const before = env.site.posts.length
    await submit().click()
    expect(await page.getByLabel('Full Name').evaluate((i: HTMLInputElement) => i.validity.valueMissing)).toBe(true)
    expect(env.site.posts.length).toBe(before)
  })

  it('shows Sending... on a disabled button while the post is under way', async () => {
    await page.evaluate(() =>
      document.addEventListener('form:success', (e) => {
        ;(window as unknown as { succeeded: unknown }).succeeded = (e as CustomEvent).detail
      }),
    )
    await fillContactForm()
    const release = env.site.holdForms()
    await submit().click()
    await expect.poll(() => submit().textContent()).toBe('Sending...')
    expect(await submit().isDisabled()).toBe(true)
    release()
    await expect.poll(() => page.getByText('Success!').isVisible()).toBe(true)
  })

  it('posted every field urlencoded to /__forms.html with its form-name and the empty honeypot', () => {
    const post = env.site.posts.at(-1)!
    expect(post.path).toBe('/__forms.html')
    expect(post.contentType).toBe('application/x-www-form-urlencoded')
    expect(post.fields).toEqual({
      'form-name': 'contact-page',
      'bot-field': '',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      services: ['Office Cleaning', 'Window Washing'],
      zipCode: '45215',
      message: 'Three floors, nightly.',
    })
  })

  it("shows the form's own success message in place of the form, focused, and fires form:success", async () => {
    expect(await page.getByText('Thank you for reaching out! We will contact you shortly.').isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { succeeded: unknown }).succeeded)).toEqual({ form: 'contact-page' })
    expect(await form().isVisible()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-form-success'))).toBe(true)
  })

  it('brings back an empty form with Send Another Message', async () => {
    await page.getByRole('button', { name: 'Send Another Message' }).click()
    expect(await form().isVisible()).toBe(true)
    expect(await page.getByLabel('Full Name').inputValue()).toBe('')
    expect(await page.getByLabel('Window Washing').isChecked()).toBe(false)
    expect(await submit().textContent()).toBe('Send Message')
    expect(await submit().isEnabled()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-page-name')
  })

  it('shows the error message and keeps every field filled when the server answers 500', async () => {
    env.site.formStatus = 500
    await fillContactForm()
    await submit().click()
    await expect.poll(() => errorBanner().textContent()).toBe('There was a problem submitting your form. Please try again.')
    expect(await form().getByRole('alert').isVisible()).toBe(true)
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace')
    expect(await page.getByLabel('Window Washing').isChecked()).toBe(true)
    expect(await page.getByLabel('Your Message').inputValue()).toBe('Three floors, nightly.')
    expect(await submit().isEnabled()).toBe(true)
    expect(await submit().textContent()).toBe('Send Message')
  })

  it('clears the earlier error when sending again, and succeeds', async () => {
    const release = env.site.holdForms()
    await submit().click()
    await expect.poll(() => submit().isDisabled()).toBe(true)
    expect(await errorBanner().textContent()).toBe('')
    expect(await errorBanner().isVisible()).toBe(false)
    release()
    await expect.poll(() => page.getByText('Success!').isVisible()).toBe(true)
  })

  it('shows the error message when the network fails', async () => {
    await page.goto('/contact')
    await page.route('**/__forms.html', (route) => route.abort('connectionrefused'))
    await fillContactForm()
    await submit().click()
    await expect.poll(() => errorBanner().textContent()).toBe('There was a problem submitting your form. Please try again.')
    expect(await page.getByLabel('Zip Code').inputValue()).toBe('45215')
    await page.unroute('**/__forms.html')
  })

  it('keeps the honeypot away from people and assistive technology', async () => {
    const honeypot = page.locator('input[name="bot-field"]')
    expect(await honeypot.isVisible()).toBe(false)
    const snapshot = await page.locator('form[name="contact-page"]').ariaSnapshot()
    expect(snapshot).not.toContain('Leave this field empty')
    expect(snapshot).toContain('Full Name')
  })

  it("labels the home form's button Submitting... while sending (the default)", async () => {
    await page.goto('/')
    const home = page.locator('form[name="home_quote_form"]')
    await home.getByLabel('First Name').fill('Grace')
    await home.getByLabel('Last Name').fill('Hopper')
    await home.getByLabel('Email').fill('grace@example.com')
    await home.getByLabel('Service').selectOption('Window Washing')
    const release = env.site.holdForms()
    await home.locator('button[type="submit"]').click()
    await expect.poll(() => home.locator('button[type="submit"]').textContent()).toBe('Submitting...')
    release()
    await expect.poll(() => page.getByText('Thank you for your request! We will send your quote soon.').isVisible()).toBe(true)
    expect(env.site.posts.at(-1)!.fields['form-name']).toBe('home_quote_form')
  })
})

describe('the contact form without JavaScript', () => {
  it("posts natively and lands on the form's noindex success page", async () => {
    const { context: plain } = await openOfflineContext(env.browser, {
      viewport: viewports.desktop,
      baseURL: env.site.url,
      javaScriptEnabled: false,
    })
    const noJs = await plain.newPage()
    await noJs.goto('/contact')
    await noJs.getByLabel('Full Name').fill('Ada Lovelace')
    await noJs.getByLabel('Email Address').fill('ada@example.com')
    await noJs.getByLabel('Zip Code').fill('45215')
    await Promise.all([noJs.waitForURL('**/thanks/contact-page'), noJs.getByRole('button', { name: 'Send Message' }).click()])
    expect(await noJs.locator('h1').textContent()).toBe('Success!')
    expect(await noJs.getByText('Thank you for reaching out! We will contact you shortly.').isVisible()).toBe(true)
    expect(await noJs.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    expect(env.site.posts.at(-1)).toMatchObject({
      path: '/thanks/contact-page',
      fields: { 'form-name': 'contact-page', name: 'Ada Lovelace' },
    })
    await plain.close()
  })
})
