import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BuildFailure, build } from '../../src/build/index.js'
import { formatConfigError } from '../../src/errors/format.js'
import type { OutputFile } from '../../src/types.js'
import { fixture, normalize } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// Business facts in site.yaml, shown to visitors and in LocalBusiness JSON-LD.
// The fixture's own facts are cut off: each test writes its own.
const baseSite = `${(await readFile(path.join(fixture('widgets'), 'site.yaml'), 'utf8')).split('\n# Business facts')[0]!}\n`
const text = (files: readonly OutputFile[], file: string) => String(files.find((f) => f.path === file)?.contents)

const facts = `business:
  legalName: Tidy Company LLC
  hoursLabel: Mornings by appointment
  address: { street: 12 Elm Street, locality: Springfield, region: IL, postalCode: "62701", country: US }
  geo: { lat: 39.79901, lng: -89.64398 }
  phones:
    - { label: Office, number: (555) 010-0100 }
    - { label: Emergency line, number: +1 555 010 0199, hoursLabel: 24/7 for emergencies, alwaysOpen: true }
  social:
    - { label: Photos, url: "https://photos.example/tidy" }
  googleBusinessProfile: https://maps.example/?cid=42
  openingHours:
    - { days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: "08:00", closes: "17:00" }
  closedDays: [Saturday, Sunday]
  closedDates: ["2026-12-25"]
`

async function buildWith(business: string): Promise<readonly OutputFile[]> {
  const site = await warmSiteFrom('widgets', {
    'site.yaml': `${baseSite}${business}`,
    'pages/contact.yaml':
      'path: /contact\ntitle: Contact\nsections:\n  - { type: form, heading: Write to us, form: contact-page, business: true }\n',
  })
  return (await build({ site, write: false, cacheDir: false })).files
}

async function errorsWith(business: string): Promise<string[]> {
  const failure = await buildWith(business).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected a BuildFailure, got ${String(failure)}`)
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))
}

function localBusiness(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!
  const graph = (JSON.parse(json) as { '@graph': Record<string, unknown>[] })['@graph']
  return graph.find((thing) => thing['@type'] === 'LocalBusiness')!
}

describe('business facts', () => {
  beforeAll(() => Promise.all([warmFixture('widgets'), warmFixture('landing')]))

  it('emits address, geo, every telephone, sameAs and the hours with closed days in LocalBusiness', async () => {
    const business = localBusiness(text(await buildWith(facts), 'index.html'))
    expect(business).toMatchObject({
      legalName: 'Tidy Company LLC',
      telephone: '+15550100100',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Elm Street',
        addressLocality: 'Springfield',
        addressRegion: 'IL',
        postalCode: '62701',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 39.79901, longitude: -89.64398 },
      sameAs: ['https://photos.example/tidy', 'https://maps.example/?cid=42'],
    })
    expect(business.contactPoint).toEqual([
      { '@type': 'ContactPoint', telephone: '+15550100100', contactType: 'Office' },
      {
        '@type': 'ContactPoint',
        telephone: '+15550100199',
        contactType: 'Emergency line',
        hoursAvailable: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
            opens: '00:00',
            closes: '23:59',
          },
        ],
      },
    ])
    expect(business.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
    ])
  })

  it("gives a landing page's Service the business's main line, the head's first phone", async () => {
    const site = await warmSiteFrom('landing')
    const siteYaml = path.join(site, 'site.yaml')
    await writeFile(
      siteYaml,
      `${await readFile(siteYaml, 'utf8')}\nbusiness:\n  callingCode: "+1"\n  phones:\n    - { label: Office, number: (555) 010-0100 }\n`,
    )
    const files = (await build({ site, write: false, cacheDir: false })).files
    const html = text(files, 'lp/springfield-office-cleaning.html')
    const graphs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
      ([, json]) => (JSON.parse(json!) as { '@graph': Record<string, unknown>[] })['@graph'],
    )
    const service = graphs.find((thing) => thing['@type'] === 'Service') as { provider: Record<string, unknown> }
    expect(service.provider).toMatchObject({ '@id': 'https://brightside.example/#business', telephone: '+15550100100' })
    expect(localBusiness(text(files, 'index.html'))).toMatchObject({
      '@id': 'https://brightside.example/#business',
      telephone: '+15550100100',
    })
  })

  it('shows address, phones and profiles in the footer of every page, and the hours too beside the contact form', async () => {
    const files = await buildWith(facts)
    const block =
      '<address>Tidy Company LLC<br/>12 Elm Street<br/><bdi>Springfield</bdi>, <bdi>IL</bdi> <bdi>62701</bdi></address>' +
      '<p class="business-phone"><bdi>Office</bdi>: <a href="tel:+15550100100">(555) 010-0100</a></p>' +
      '<p class="business-phone"><bdi>Emergency line</bdi>: <a href="tel:+15550100199">+1 555 010 0199</a> <span class="business-note">(<bdi>24/7 for emergencies</bdi>)</span></p>'
    const profiles =
      '<ul class="business-profiles"><li><a href="https://photos.example/tidy" rel="me noopener" target="_blank">Photos</a></li>' +
      '<li><a href="https://maps.example/?cid=42" rel="me noopener" target="_blank">Google Business Profile</a></li></ul>'
    expect(text(files, 'index.html')).toContain(`<div class="business-facts">${block}${profiles}</div>`)
    expect(text(files, 'blog.html')).toContain(`<div class="business-facts">${block}${profiles}</div>`)
    const hours = '<p class="business-hours">Mornings by appointment</p><p class="business-hours">Closed Saturday and Sunday</p>'
    expect(text(files, 'contact.html')).toContain(`<div class="business-facts form-business">${block}${hours}${profiles}</div>`)
    expect(text(files, 'index.html')).toContain(
      '© 2026 <bdi>Tidy Company LLC</bdi>. All rights reserved.'.replace('2026', String(new Date().getFullYear())),
    )
  })

  it('shows a text-only line as its number, with its "Text us" link and no tel: link', async () => {
    const files = await buildWith(
      facts.replace('  social:', '    - { label: Texts, number: (555) 010-0177, call: false, sms: true }\n  social:'),
    )
    expect(text(files, 'index.html')).toContain(
      '<p class="business-phone"><bdi>Texts</bdi>: <span class="phone-number">(555) 010-0177</span> · <a href="sms:+15550100177">Text us',
    )
    expect(text(files, 'index.html')).not.toContain('tel:+15550100177')
  })

  it('checks each fact at its line: address parts, coordinates, phone numbers, https links, times, dates', async () => {
    const errors = await errorsWith(`business:
  address: { street: 12 Elm Street, locality: Springfield, country: USA }
  geo: { lat: 139.8 }
  phones:
    - { number: call 555-0100 }
    - { number: "12345" }
  social:
    - { label: Photos, url: "http://photos.example/tidy" }
  openingHours:
    - { days: [Sunday], opens: "24:00", closes: "17:00" }
  closedDays: [Sunday]
  closedDates: ["2026-02-30"]
`)
    const firstLines = errors.map((e) => `${e.split('\n')[1]!.trim()} ${e.split('\n')[0]}`)
    expect(firstLines).toEqual([
      '--> site.yaml:25:3 error[missing-key]: Missing key "postalCode" in `business.address`.',
      '--> site.yaml:25:69 error[bad-value]: `business.address.country` must be a two-letter code in capitals (e.g. "IL" or "US").',
      '--> site.yaml:26:3 error[missing-key]: Missing key "lng" in `business.geo`.',
      '--> site.yaml:26:15 error[bad-value]: `business.geo.lat` is 139.8, more than 90, the largest it may be.',
      '--> site.yaml:31:29 error[bad-value]: `business.social[0].url` must be a full https:// address of a page, with no spaces (e.g. "https://www.facebook.com/acme").',
      '--> site.yaml:33:32 error[bad-value]: `business.openingHours[0].opens` must be a time of day on the 24-hour clock, HH:MM (e.g. "08:00" or "17:30").',
    ])
    const semantic = await errorsWith(`business:
  phones:
    - { number: call 555-0100 }
    - { number: "12345" }
  openingHours:
    - { days: [Sunday], opens: "08:00", closes: "17:00" }
  closedDays: [Sunday]
  closedDates: ["2026-02-30"]
`)
    expect(semantic.map((e) => `${e.split('\n')[1]!.trim()} ${e.split('\n')[0]}`)).toEqual([
      '--> site.yaml:26:17 error[bad-phone]: The phone number "call 555-0100" has characters a phone cannot dial.',
      '--> site.yaml:27:17 error[bad-phone]: The phone number "12345" has 5 digits; a number that can be dialled has 7 to 15.',
      '--> site.yaml:29:16 error[conflicting-hours]: Sunday has opening hours and is also in `closedDays`, so search engines would get two answers for it.',
      '--> site.yaml:31:17 error[bad-date]: The closing date "2026-02-30" is not a day of the calendar.',
    ])
  })
})
