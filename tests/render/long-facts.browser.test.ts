import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { launchChromium } from '../helpers/browser.js'
import { type SiteServer, serveSite } from '../helpers/server.js'
import { fixture, tempDir } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// A business with much to say: four credentials, a 60-word promise under its emergency number
// and four hero badges. Numbers never break, badges never wrap inside their pill, and the
// footer's first column is not the one long column of its row.

const facts = `footer:
  quickLinks:
    - { label: Home, href: / }
    - { label: Contact, href: /contact }
business:
  address: { street: 12 Oak Street, locality: Springfield, region: IL, postalCode: "62701", country: US }
  phones:
    - { number: (217) 555-0100, label: Office, hoursLabel: Weekdays 8 to 5 }
    - number: (217) 555-0199
      label: Emergency line
      alwaysOpen: true
      scope: >-
        For water coming through a ceiling, a sewer backing up into a basement, a gas smell near a water
        heater, a burst pipe in freezing weather, or any leak you cannot stop at the shut-off valve; we
        answer every hour of every day, send the nearest crew with a van of parts, and call back within
        ten minutes when the line is busy.
    - { number: (217) 555-0177, label: Texts, call: false, sms: true }
  credentials:
    - { name: Illinois Plumbing License, category: license, issuer: Illinois Department of Public Health, number: "055-123456" }
    - { name: Backflow Prevention Tester, category: certification, issuer: American Society of Sanitary Engineering, number: "ASSE 5110-9921" }
    - { name: Licensed Water Heater Installer, category: license, issuer: City of Springfield Building Department }
    - { name: EPA Lead-Safe Certified Firm, category: certification, issuer: U.S. Environmental Protection Agency, number: NAT-F123456-1 }
`
const badges = '    badges: [Licensed & Insured, Same-Day Emergency Service, 4.9 Stars on 300 Reviews, Family-Owned Since 1987]\n'

let browser: Browser
let server: SiteServer
beforeAll(async () => {
  const base = (file: string) => readFile(path.join(fixture('minimal'), file), 'utf8')
  const home = (await base('pages/home.yaml')).replace(/^( {4}title: .*\n)/m, `$1${badges}`)
  const site = await warmSiteFrom('minimal', { 'site.yaml': `${await base('site.yaml')}${facts}`, 'pages/home.yaml': home })
  const outDir = path.join(await tempDir(), 'dist')
  await build({ site, outDir, cacheDir: false })
  ;[browser, server] = await Promise.all([launchChromium(), serveSite(outDir)])
})
afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()])
})

describe.each([375, 768, 1280])('a site with long facts at %i px', (width) => {
  it('keeps every phone number and every badge on one line, and the footer balanced', async () => {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    await page.goto(`${server.url}/`)
    const found = await page.evaluate(() => {
      // The lines its text takes: one rectangle per line box of each text node (an icon beside it is no line).
      const lines = (el: Element) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
        const tops = new Set<number>()
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top))
        }
        return tops.size
      }
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect()
      const columns = [...document.querySelectorAll('.footer-grid > *')].map((c) => c.getBoundingClientRect().width)
      return {
        numbers: [...document.querySelectorAll('a[href^="tel:"], .phone-number')].filter((n) => lines(n) > 1).map((n) => n.textContent),
        badges: [...document.querySelectorAll('.badge')].filter((b) => lines(b) > 1).map((b) => b.textContent),
        credentialsWidth: box('.footer-facts .business-credentials').width,
        containerWidth:
          box('.footer-facts').width - 2 * Number.parseFloat(getComputedStyle(document.querySelector('.footer-facts')!).paddingLeft),
        firstColumn: columns[0]!,
        otherColumns: Math.max(...columns.slice(1)),
        credentialsInFirstColumn: document.querySelectorAll('.footer-brand .business-credentials').length,
      }
    })
    await page.close()
    expect(found.numbers).toEqual([])
    expect(found.badges).toEqual([])
    // The credentials have a row of their own, as wide as the footer.
    expect(found.credentialsInFirstColumn).toBe(0)
    expect(found.credentialsWidth).toBeCloseTo(found.containerWidth, 0)
    // The long promise widens its column where the footer has several.
    if (width >= 640) expect(found.firstColumn).toBeGreaterThan(1.8 * found.otherColumns)
  })
})
