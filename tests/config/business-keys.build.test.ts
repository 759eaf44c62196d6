import { copyFile, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { en } from '../../src/config/messages/en.js'
import { normalizeForms } from '../../src/config/normalize.js'
import { callingCodeOf, toE164 } from '../../src/config/phone-number.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { checkSubmission } from '../../src/preview/form-submission.js'
import type { OutputFile } from '../../src/types.js'
import { telephone } from '../../templates/components/phones.js'
import { fixture, siteFrom, validationErrors } from '../helpers/site.js'

// Each business fact has a key, is shown where a visitor looks for it, and
// reaches the structured data (and the sitemap). One build of the widgets fixture serves every row.
const baseSite = `${(await readFile(path.join(fixture('widgets'), 'site.yaml'), 'utf8')).split('\n# Business facts')[0]!}\n`
const facts = `business:
  address: { street: 12 Elm Street, locality: Springfield, region: IL, postalCode: "62701", country: US }
  officeNote: Office visits by appointment only; we are not a walk-in storefront.
  areaLabel: Springfield and the surrounding county
  phones:
    - { label: Office, number: (555) 010-0100, sms: true }
    - { label: Emergency line, number: 555.010.0199, alwaysOpen: true, scope: Flooded floors and broken windows only. }
  hoursLabel: Mon–Fri, 8 a.m. to 5 p.m.
  openingHours:
    - { days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: "08:00", closes: "17:00" }
  specialHours:
    - { date: "2026-12-24", name: Christmas Eve, opens: "08:00", closes: "12:00" }
    - { date: "2026-12-25", through: "2026-12-26", name: Christmas }
  credentials:
    - { name: Commercial Cleaning License, category: license, issuer: Springfield Licensing Board, number: CC-4411 }
    - { name: Green Seal Certified }
`
const team = `path: /about
title: About
sections:
  - { type: hero, title: About Tidy Co, height: auto }
  - type: team
    heading: Our Team
    members:
      - { name: Ana Ruiz, role: Owner, photo: images/ana.jpg, photoAlt: Ana Ruiz smiling, bio: Ana has cleaned Springfield offices since 2004. }
      - { name: Bo Chen, role: Night crew lead }
  - { type: cta, heading: Questions after hours?, actions: [{ label: Text Us, href: "sms:+15550100100" }] }
`
const legal = `---
title: Privacy Policy
updated: "2026-03-02"
before:
  - { type: hero, title: Privacy Policy, height: auto }
---

We keep what you send us only as long as we need it.
`

let files: readonly OutputFile[]
const text = (file: string) => String(files.find((f) => f.path === file)?.contents)
function graph(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
    ([, json]) => (JSON.parse(json!) as { '@graph': Record<string, unknown>[] })['@graph'],
  )
}
/** Whether the page holds the snippet; on failure the snippet is named, not the whole page. */
const shows = (html: string, snippet: string) => expect(html.includes(snippet), `missing: ${snippet}`).toBe(true)
const business = (file: string) => graph(text(file)).find((thing) => thing['@type'] === 'LocalBusiness')!

beforeAll(async () => {
  const forms = await readFile(path.join(fixture('widgets'), 'forms.yaml'), 'utf8')
  const site = await siteFrom('widgets', {
    'site.yaml': `${baseSite}${facts}`,
    'pages/contact.yaml':
      'path: /contact\ntitle: Contact\nsections:\n  - { type: form, heading: Write to us, form: contact-page, business: true }\n',
    'pages/about.yaml': team,
    'pages/privacy.md': legal,
    'forms.yaml': forms.replace(
      '{ name: message, label: Your Message, type: textarea, rows: 4 }',
      '{ name: message, label: Your Message, type: textarea, rows: 4, maxLength: 500 }',
    ),
  })
  await mkdir(path.join(site, 'images'))
  await copyFile(path.join(fixture('brand'), 'images/hero.jpg'), path.join(site, 'images/ana.jpg'))
  files = (await build({ site, write: false, cacheDir: false })).files
}, 60_000)

describe('business facts with keys', () => {
  it('lists licences and certifications in the footer and as hasCredential', () => {
    shows(
      text('index.html'),
      '<li><bdi>Commercial Cleaning License</bdi>: <bdi>CC-4411</bdi><span class="business-note"> (<bdi>Springfield Licensing Board</bdi>)</span></li><li><bdi>Green Seal Certified</bdi></li>',
    )
    expect(business('index.html').hasCredential).toEqual([
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Commercial Cleaning License',
        credentialCategory: 'license',
        identifier: 'CC-4411',
        recognizedBy: { '@type': 'Organization', name: 'Springfield Licensing Board' },
      },
      { '@type': 'EducationalOccupationalCredential', name: 'Green Seal Certified', credentialCategory: 'certification' },
    ])
  })

  it("shows a page's last-updated date, and gives it as the WebPage's dateModified and the sitemap's lastmod", () => {
    shows(text('privacy.html'), '<p class="page-updated">Last updated <time dateTime="2026-03-02">March 2, 2026</time></p>')
    expect(graph(text('privacy.html'))).toContainEqual(
      expect.objectContaining({ '@type': 'WebPage', url: 'https://tidy.example/privacy', dateModified: '2026-03-02' }),
    )
    shows(text('sitemap.xml'), '<url><loc>https://tidy.example/privacy</loc><lastmod>2026-03-02</lastmod></url>')
    expect(graph(text('about.html')).find((thing) => thing['@type'] === 'WebPage')).not.toHaveProperty('dateModified')
  })

  it('shows the office note and the area served with the address', () => {
    shows(
      text('index.html'),
      '<bdi>Springfield</bdi>, <bdi>IL</bdi> <bdi>62701</bdi></address><p class="business-office-note">Office visits by appointment only; we are not a walk-in storefront.</p>' +
        '<p class="business-area">Serving <bdi>Springfield and the surrounding county</bdi></p>',
    )
  })

  it('shows named special days with their hours beside the form, and emits each with validFrom and validThrough', () => {
    const html = text('contact.html')
    shows(html, '<li><time dateTime="2026-12-24">Thursday, December 24, 2026</time> (<bdi>Christmas Eve</bdi>): 8:00 AM – 12:00 PM</li>')
    shows(
      html,
      '<time dateTime="2026-12-25">Friday, December 25, 2026</time> – <time dateTime="2026-12-26">Saturday, December 26, 2026</time> (<bdi>Christmas</bdi>): Closed',
    )
    expect(business('index.html').openingHoursSpecification).toEqual(
      expect.arrayContaining([
        {
          '@type': 'OpeningHoursSpecification',
          name: 'Christmas Eve',
          validFrom: '2026-12-24',
          validThrough: '2026-12-24',
          opens: '08:00',
          closes: '12:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          name: 'Christmas',
          validFrom: '2026-12-25',
          validThrough: '2026-12-26',
          opens: '00:00',
          closes: '00:00',
        },
      ]),
    )
  })

  it("shows the emergency line's scope next to its number, and gives it as the ContactPoint's description", () => {
    shows(
      text('index.html'),
      '<bdi>Emergency line</bdi>: <a href="tel:+15550100199">555.010.0199</a><br/><span class="business-scope">Flooded floors and broken windows only.</span>',
    )
    expect(business('index.html').contactPoint).toContainEqual(
      expect.objectContaining({
        telephone: '+15550100199',
        contactType: 'Emergency line',
        description: 'Flooded floors and broken windows only.',
      }),
    )
  })

  it('dials E.164 in tel: links and structured data while showing each number as written', () => {
    shows(text('index.html'), '<bdi>Office</bdi>: <a href="tel:+15550100100">(555) 010-0100</a>')
    expect(business('index.html').telephone).toBe('+15550100100')
  })

  it('offers a text-us sms: link for a line that takes texts, and takes sms: as an action href', () => {
    shows(text('index.html'), '<a href="sms:+15550100100">Text us<span class="visually-hidden"> at (555) 010-0100</span></a>')
    expect(/<a class="btn [^"]*" href="sms:\+15550100100"><span>Text Us<\/span><\/a>/.test(text('about.html'))).toBe(true)
  })

  it("gives a form field's maxLength to the browser as maxlength", () => {
    expect(/<textarea id="contact-page-message" name="message" rows="4" maxLength="500"/i.test(text('contact.html'))).toBe(true)
  })

  it('shows the team with photo, name, role and bio, and lists them as employee Persons on that page', () => {
    const html = text('about.html')
    expect(
      /<li class="team-member"><picture>.*?alt="Ana Ruiz smiling".*?<\/picture><h3 class="team-name">Ana Ruiz<\/h3><p class="team-role">Owner<\/p><p class="team-bio">Ana has cleaned Springfield offices since 2004.<\/p><\/li>/.test(
        html,
      ),
    ).toBe(true)
    shows(
      html,
      '<span class="team-initials" aria-hidden="true">BC</span><h3 class="team-name">Bo Chen</h3><p class="team-role">Night crew lead</p>',
    )
    const employee = business('about.html').employee as Record<string, unknown>[]
    expect(employee).toEqual([
      {
        '@type': 'Person',
        name: 'Ana Ruiz',
        jobTitle: 'Owner',
        description: 'Ana has cleaned Springfield offices since 2004.',
        image: expect.stringMatching(/^https:\/\/tidy\.example\/.+\.jpg$/),
      },
      { '@type': 'Person', name: 'Bo Chen', jobTitle: 'Night crew lead' },
    ])
    expect(business('index.html').employee).toBeUndefined()
  })
})

describe('E.164 numbers (src/config/phone-number.ts)', () => {
  it('adds the calling code to a national number, drops one trunk 0, and keeps an international one', () => {
    expect(toE164('(503) 555-0187', '+1')).toBe('+15035550187')
    expect(toE164('1-503-555-0187', '+1')).toBe('+15035550187')
    expect(toE164('020 7946 0000', '+44')).toBe('+442079460000')
    expect(toE164('+44 20 7946 0000', '+1')).toBe('+442079460000')
    expect(toE164('(503) 555-0187', undefined)).toBe('5035550187')
  })

  it('takes the calling code from callingCode, else the address, else the towns served, never the language', () => {
    expect(callingCodeOf({ callingCode: '+44', address: { country: 'US' } }, [])).toBe('+44')
    expect(callingCodeOf({ address: { country: 'CA' } }, [])).toBe('+1')
    expect(callingCodeOf({ address: { country: 'GB' } }, ['OR'])).toBeUndefined()
    expect(callingCodeOf(undefined, ['PA', 'NY'])).toBe('+1')
    expect(callingCodeOf(undefined, ['ON', 'NY'])).toBe('+1')
    expect(callingCodeOf(undefined, ['PA', 'ZZ'])).toBeUndefined()
    expect(callingCodeOf(undefined, [])).toBeUndefined()
  })

  it('keeps the number as written in structured data when no calling code is known', () => {
    expect(telephone({ language: 'en-US' } as SiteMeta, '(555) 010-0100')).toBe('(555) 010-0100')
    expect(telephone({ language: 'es', callingCode: '+1' } as SiteMeta, '(555) 010-0100')).toBe('+15550100100')
  })

  it('dials one number on every page of a site with towns in a US state and no address', async () => {
    // English without a region: the language says nothing of where the business is.
    const siteYaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
    const site = await siteFrom('minimal', { 'site.yaml': `${siteYaml}phone: (217) 555-0100\nlanguage: en\n` })
    const { files } = await build({ site, write: false, cacheDir: false })
    const tels = new Set(files.flatMap((f) => [...String(f.contents).matchAll(/href="tel:([^"]+)"/g)].map((m) => m[1]!)))
    expect(tels.size).toBeGreaterThan(0)
    for (const tel of tels) expect(tel).toMatch(/^\+1\d{10}$/)
  })
})

describe('checks of the new keys', () => {
  it('refuses a value longer than its maxLength in preview, as the form service would', () => {
    const forms = normalizeForms(
      { forms: { note: { fields: [{ name: 'message', label: 'Message', type: 'textarea', maxLength: 5 }] } } },
      { language: 'en', messages: en },
    )
    const verdict = checkSubmission(
      new Map([
        ['form-name', ['note']],
        ['message', ['too long']],
      ]),
      { forms, hiddenFields: new Map() },
    )
    expect(verdict).toMatchObject({ kind: 'invalid', problems: [{ field: 'message', reason: '"Message" is longer than 5 characters.' }] })
    const short = checkSubmission(
      new Map([
        ['form-name', ['note']],
        ['message', ['short']],
      ]),
      { forms, hiddenFields: new Map() },
    )
    expect(short.kind).toBe('accepted')
  })

  it('reports an impossible special day, special days that run backwards, a bad updated date and an inert maxLength at their lines', async () => {
    const forms = await readFile(path.join(fixture('widgets'), 'forms.yaml'), 'utf8')
    const site = await siteFrom('widgets', {
      'site.yaml': `${baseSite}business:\n  specialHours:\n    - { date: "2026-02-30" }\n    - { date: "2026-12-26", through: "2026-12-24" }\n`,
      'pages/privacy.md': legal.replace('2026-03-02', '2026-13-01'),
      'forms.yaml': forms.replace(
        'options: [Office Cleaning, Window Washing] }',
        'options: [Office Cleaning, Window Washing], maxLength: 9 }',
      ),
    })
    const found = (await validationErrors(site)).map((e) => [e.code, path.basename(e.file), e.line, e.message])
    expect(found).toEqual(
      expect.arrayContaining([
        ['bad-date', 'site.yaml', 26, 'The special day "2026-02-30" is not a day of the calendar.'],
        [
          'bad-date',
          'site.yaml',
          27,
          'These special hours run from 2026-12-26 through 2026-12-24, which is earlier, so they would cover no day.',
        ],
        ['bad-date', 'privacy.md', 3, 'The update date "2026-13-01" is not a day of the calendar.'],
        [
          'bad-value',
          'forms.yaml',
          expect.any(Number),
          'The checkboxes field "services" has `maxLength`, which browsers apply only to text, email, tel and textarea fields, so it would do nothing.',
        ],
      ]),
    )
  })
})
