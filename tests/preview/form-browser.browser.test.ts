import { cp, readFile } from 'node:fs/promises'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from '../helpers/site.js'
import { chromiumArgs, chromiumPath, startOn } from './helpers.js'

async function fillAndSend(page: Page): Promise<void> {
  await page.getByLabel('Full Name').fill('Ann Lee')
  await page.getByLabel('Email Address').fill('ann@example.com')
  await page.getByLabel('How can we help?').fill('Two floors, nightly.')
  await page.locator('form[name="quote"] [type="submit"]').click()
}

describe('sending a form in Chromium while previewing', () => {
  let browser: Browser
  let page: Page
  /** A copy of the starter site, whose contact page has the quote form with the real form widget. */
  let site: string
  beforeAll(async () => {
    site = path.join(await tempDir(), 'site')
    await cp(path.join(repoRoot, 'sites/starter'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await browser.newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it("shows the success state and keeps the submission in the site's .citypress folder", async () => {
    const preview = await startOn(site)
    try {
      await page.goto(new URL('/contact', preview.url).href)
      await fillAndSend(page)
      await page.locator('[data-form-success]').waitFor({ state: 'visible', timeout: 15_000 })
      const [line] = (await readFile(path.join(site, '.citypress/submissions.ndjson'), 'utf8')).trim().split('\n')
      expect(JSON.parse(line!)).toMatchObject({
        form: 'quote',
        page: '/contact',
        fields: { name: 'Ann Lee', email: 'ann@example.com', message: 'Two floors, nightly.' },
      })
      expect(preview.printed()).toContain('✓ form quote from /contact: name=Ann Lee, email=ann@example.com')
    } finally {
      await preview.close()
    }
  })

  it('shows the error state with --fail-forms and keeps what was typed', async () => {
    // The same site folder: this preview reuses the pages the other one rendered into its cache.
    const preview = await startOn(site, { failForms: true })
    try {
      await page.goto(new URL('/contact', preview.url).href)
      await fillAndSend(page)
      await expect.poll(() => page.locator('[data-form-error]').textContent(), { timeout: 15_000 }).not.toBe('')
      expect(await page.getByLabel('Full Name').inputValue()).toBe('Ann Lee')
      expect(await page.locator('[data-form-success]').isHidden()).toBe(true)
    } finally {
      await preview.close()
    }
  })
})
