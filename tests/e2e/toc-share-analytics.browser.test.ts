import type { BrowserContext, Page } from 'playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { openOfflineContext, viewports } from '../helpers/browser.js'
import { useWidgetSite } from '../helpers/e2e-site.js'

// A blog post's table of contents, its share button (and what it says when sharing fails) and
// the site's analytics tag.
const env = useWidgetSite()
let desktop: BrowserContext
let thirdParty: string[]
/** The desktop tab of the tests that add no script of their own: each goes to its page anew. */
let tab: Page
const post = '/blog/office-floors'
const postUrl = 'https://tidy.example/blog/office-floors'

beforeAll(async () => {
  ;({ context: desktop, thirdParty } = await openOfflineContext(env.browser, { viewport: viewports.desktop, baseURL: env.site.url }))
  tab = await desktop.newPage()
})

describe('the table of contents', () => {
  let page: Page
  const active = () => page.locator('.toc a[aria-current="location"]').allTextContents()
  const scrollToHeading = (text: string) =>
    page.evaluate((t) => {
      const h = [...document.querySelectorAll('h2, h3, h4')].find((e) => e.textContent === t)!
      window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top - 100)
    }, text)

  beforeAll(async () => {
    page = tab
    await page.goto(post)
  })

  it('lists the h2–h4 headings, expanded, indented by level', async () => {
    expect(await page.locator('.toc a').allTextContents()).toEqual([
      'Why floors wear',
      'Grit and sand',
      'Spills',
      'A nightly routine',
      'Tools',
      'Vacuum first',
      'When to call a professional',
      'Summary',
    ])
    expect(await page.locator('.toc-toggle').getAttribute('aria-expanded')).toBe('true')
    const indent = (text: string) =>
      page
        .locator('.toc a', { hasText: text })
        .evaluate((a) => a.getBoundingClientRect().left + parseFloat(getComputedStyle(a).paddingLeft))
    const [h2, h3, h4] = [await indent('Why floors wear'), await indent('Grit and sand'), await indent('Vacuum first')]
    expect(h3).toBeGreaterThan(h2)
    expect(h4).toBeGreaterThan(h3)
  })

  it('is at most the viewport height minus 120 px tall', async () => {
    expect(await page.locator('.toc').evaluate((t) => getComputedStyle(t).maxHeight)).toBe(`${viewports.desktop.height - 120}px`)
  })

  it('marks the heading that entered the top of the viewport as active while reading', async () => {
    await scrollToHeading('Spills')
    await expect.poll(active).toEqual(['Spills'])
    await scrollToHeading('When to call a professional')
    await expect.poll(active).toEqual(['When to call a professional'])
  })

  it('scrolls smoothly to a heading when an entry is clicked', async () => {
    await page.evaluate(() => {
      const original = Element.prototype.scrollIntoView
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        ;(window as unknown as { scrolled: unknown }).scrolled = options
        return original.call(this, options)
      }
    })
    await page.locator('.toc a', { hasText: 'Grit and sand' }).click()
    expect(await page.evaluate(() => (window as unknown as { scrolled: ScrollIntoViewOptions }).scrolled.behavior)).toBe('smooth')
    await expect
      .poll(() => page.getByRole('heading', { name: 'Grit and sand' }).evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeLessThan(150)
    expect(new URL(page.url()).hash).toBe('#grit-and-sand')
    await expect.poll(active).toEqual(['Grit and sand'])
  })

  it('collapses and expands from its header, by mouse and keyboard', async () => {
    await page.locator('.toc-toggle').click()
    expect(await page.locator('.toc-toggle').getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('.toc-list').isVisible()).toBe(false)
    await page.locator('.toc-toggle').focus()
    await page.keyboard.press('Enter')
    expect(await page.locator('.toc-toggle').getAttribute('aria-expanded')).toBe('true')
    expect(await page.locator('.toc-list').isVisible()).toBe(true)
  })

  it('is absent from a post without headings', async () => {
    await tab.goto('/blog/short-note')
    expect(await tab.locator('.toc').count()).toBe(0)
  })
})

describe('the share button', () => {
  async function postPage(setup?: () => void): Promise<{ page: Page; errors: string[] }> {
    const page = await desktop.newPage()
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    if (setup) await page.addInitScript(setup)
    await page.goto(post)
    return { page, errors }
  }

  it('uses the device share sheet with title, excerpt and address when there is one', async () => {
    const { page } = await postPage(() => {
      ;(navigator as unknown as { share: unknown }).share = (data: ShareData) => {
        ;(window as unknown as { shared: ShareData }).shared = data
        return Promise.resolve()
      }
    })
    await page.getByRole('button', { name: 'Share' }).click()
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title: 'Keeping office floors clean',
      text: 'How nightly care keeps office floors looking new.',
      url: postUrl,
    })
    await page.close()
  })

  it('copies the address and says so where there is no share sheet', async () => {
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.url })
    const { page } = await postPage(() => {
      delete (Navigator.prototype as { share?: unknown }).share
    })
    await page.getByRole('button', { name: 'Share' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Link copied to clipboard!')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(postUrl)
    await page.close()
  })

  it('logs "Error sharing" when the share sheet fails, but not when the visitor cancels', async () => {
    const { page, errors } = await postPage(() => {
      let calls = 0
      ;(navigator as unknown as { share: unknown }).share = () =>
        Promise.reject(calls++ === 0 ? new DOMException('cancelled', 'AbortError') : new TypeError('share failed'))
    })
    await page.getByRole('button', { name: 'Share' }).click()
    await page.getByRole('button', { name: 'Share' }).click()
    await expect.poll(() => errors.filter((e) => e.startsWith('Error sharing')).length).toBe(1)
    await page.close()
  })

  it('logs "Error copying link" when the clipboard refuses', async () => {
    const { page, errors } = await postPage(() => {
      delete (Navigator.prototype as { share?: unknown }).share
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))
    })
    await page.getByRole('button', { name: 'Share' }).click()
    await expect.poll(() => errors.some((e) => e.startsWith('Error copying link'))).toBe(true)
    expect(await page.getByRole('status').textContent()).toBe('')
    await page.close()
  })

  it('is not shown without JavaScript, where it could not work', async () => {
    const { context } = await openOfflineContext(env.browser, { baseURL: env.site.url, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(post)
    expect(await page.locator('.share-button').isVisible()).toBe(false)
    expect(await page.locator('.toc a').count()).toBe(8) // the list of links still works
    await context.close()
  })
})

describe('the analytics tag', () => {
  it('loads after the page has finished loading, with its attributes', async () => {
    const page = tab
    await page.goto('/contact')
    await expect.poll(() => page.evaluate(() => (window as unknown as { analyticsLoaded?: number }).analyticsLoaded)).toBe(1)
    const tag = page.locator('head script[src="https://analytics.invalid/script.js"]')
    expect(await tag.getAttribute('data-domain')).toBe('tidy.example')
    const [loadEnd, requested] = await page.evaluate(() => [
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      performance.getEntriesByName('https://analytics.invalid/script.js')[0]!.startTime,
    ])
    expect(requested).toBeGreaterThanOrEqual(loadEnd)
    expect(thirdParty).toContain('https://analytics.invalid/script.js')
  })
})
