import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, normalize, siteFrom, validationErrors } from '../helpers/site.js'

// `validate` checks every #fragment link whose target ids the plan knows.
const homeYaml = await readFile(path.join(fixture('landing'), 'pages/home.yaml'), 'utf8')
const print = (errors: Awaited<ReturnType<typeof validationErrors>>) =>
  errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))

describe('fragment links, before rendering', () => {
  it('reports a link to a section id the page does not have, at its line, and accepts the ids the page will have', async () => {
    const home = homeYaml.replace(
      '      - { label: Get a Quote, href: /contact }\n',
      [
        '      - { label: Get a Quote, href: "#nope" }',
        '      - { label: Why us, href: "#why" }',
        '      - { label: Service FAQ, href: "/services/office-cleaning#faq" }',
        '      - { label: Local, href: "/lp/springfield-office-cleaning#local" }',
        '      - { label: Contact form, href: "/contact#lead-email" }',
        '      - { label: Skip, href: "#main" }',
        '      - { label: Illinois, href: "/locations#state-IL" }',
        '  - type: text',
        '    id: why',
        '    heading: Why us',
        '    body: Because.',
        '',
      ].join('\n'),
    )
    expect(print(await validationErrors(await siteFrom('landing', { 'pages/home.yaml': home })))).toEqual([
      [
        'error[broken-link]: The link #nope leads nowhere: the page / has no element with the id "nope".',
        '  --> pages/home.yaml:8:37',
        '  |',
        '8 |       - { label: Get a Quote, href: "#nope" }',
        '  |                                     ^^^^^^^',
        'hint: A link names a section by its `id`, or a Markdown heading by its text in lower case with words joined by "-".',
      ].join('\n'),
    ])
  })

  it('reports a link to another page’s missing id with the id it likely means', async () => {
    const home = homeYaml.replace('href: /contact }', 'href: "/services/office-cleaning#testimonals" }')
    const [error] = print(await validationErrors(await siteFrom('landing', { 'pages/home.yaml': home })))
    expect(error!.split('\n')[0]).toBe(
      'error[broken-link]: The link /services/office-cleaning#testimonals leads nowhere: the page /services/office-cleaning has no element with the id "testimonals".',
    )
    expect(error).toContain('hint: Did you mean "#testimonials"?')
  })
})
