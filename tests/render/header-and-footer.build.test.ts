import { readFile } from 'node:fs/promises'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { type ExampleSite, exampleBuild } from '../helpers/example-build.js'
import { fixture } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// What a visitor of any business looks for first: its number to call, in the header and the
// mobile menu of every page, and the towns it serves in the footer, each once.

const documentOf = (html: string) => new JSDOM(html).window.document

describe.each<ExampleSite>(['system4', 'greenway', 'brightline', 'starter'])('the example site %s', (name) => {
  it('has a call link to its main line in the header and the mobile menu of every page, dialled as everywhere else', async () => {
    const { result, page } = await exampleBuild(name)
    const dialled = new Set<string>()
    for (const route of result.routes) {
      const html = page(route.url)
      // The page's own markup, in the order the header writes it: a regular expression reads
      // thousands of pages in the time a DOM takes for a hundred.
      const header = [
        ...html.matchAll(/<a class="header-call" href="([^"]+)" aria-label="([^"]+)">.*?<span class="call-number">([^<]+)<\/span><\/a>/g),
      ]
      const menu = [...html.matchAll(/<a class="mobile-call" href="([^"]+)"/g)]
      expect([header.length, menu.length], route.url).toEqual([1, 1])
      const [, href, name, shown] = header[0]!
      expect(name, route.url).toMatch(/^(Call|Llamar al) .*\d/)
      // Its name holds the number it shows (WCAG 2.5.3).
      expect(name).toContain(shown)
      dialled.add(href!)
      dialled.add(menu[0]![1]!)
    }
    // One number, in E.164, the number the structured data gives.
    expect([...dialled]).toHaveLength(1)
    expect([...dialled][0]).toMatch(/^tel:\+1\d{10}$/)
    expect(page('/')).toContain(`"telephone":"${[...dialled][0]!.slice(4)}"`)
  })

  it('lists each town of its footer once per service, by service and town, and links every location', async () => {
    const { page, result } = await exampleBuild(name)
    const footer = documentOf(page('/')).querySelector('.site-footer nav[aria-label="Locations"]')!
    const labels = [...footer.querySelectorAll('a:not(.footer-all)')].map((a) => a.textContent)
    expect(new Set(labels).size).toBe(labels.length)
    const all = footer.querySelector('a.footer-all')
    expect(all?.getAttribute('href')).toBe(result.routes.find((r) => r.template === 'locations')!.url)
  })
})

describe('a site', () => {
  it('has no call link when its only line takes texts, not calls', async () => {
    const base = await readFile(fixture('minimal/site.yaml'), 'utf8')
    const site = await warmSiteFrom('minimal', {
      'site.yaml': `${base}business:\n  phones:\n    - { number: (555) 010-0100, call: false, sms: true }\n`,
    })
    const { files } = await build({ site, write: false, cacheDir: false })
    const home = files.find((f) => f.path === 'index.html')!.contents.toString()
    expect(home).not.toContain('class="header-call"')
    expect(home).not.toContain('href="tel:')
  })

  it('labels the landing pages its footer lists by service and town, and adds "View all locations"', async () => {
    const { page } = await exampleBuild('starter')
    const footer = documentOf(page('/')).querySelector('.site-footer nav[aria-label="Locations"]')!
    expect([...footer.querySelectorAll('a')].map((a) => a.textContent).slice(0, 2)).toEqual([
      'Your Service in Springfield, IL',
      'Your Service in Shelbyville, IL',
    ])
    expect(footer.querySelector('a.footer-all')?.textContent).toBe('View all locations')
  })
})
