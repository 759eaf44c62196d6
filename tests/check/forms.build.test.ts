import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BuildFailure, build } from '../../src/build/index.js'
import { formatConfigError } from '../../src/errors/format.js'
import { findForms } from '../../src/html/find-forms.js'
import type { OutputFile } from '../../src/types.js'
import { fixtureBuild } from '../helpers/example-build.js'
import { fixture, normalize, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// __forms.html, the success pages and the check that every built form matches its declaration (Netlify drops undeclared fields silently).
const buildFiles = async (site: string) => (await build({ site, write: false, cacheDir: false })).files
const text = (files: readonly OutputFile[], path: string) => String(files.find((f) => f.path === path)?.contents)
/** The unchanged widgets fixture, as built once for the whole run (tests/helpers/example-build.ts). */
const widgetsFiles = async () => (await fixtureBuild('widgets')).files()

/** A site override of the text section that renders a hand-written form instead of its text. */
const rawFormSection = (form: string) => ({
  'templates/sections/Text.tsx': `export function Text() {\n  return <section dangerouslySetInnerHTML={{ __html: ${JSON.stringify(form)} }} />\n}\n`,
})

async function buildErrors(site: string, options: { cacheDir?: string } = {}): Promise<string[]> {
  const failure = await build({ site, write: false, cacheDir: options.cacheDir ?? false }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected a BuildFailure, got ${String(failure)}`)
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))
}

describe('forms on Netlify', () => {
  beforeAll(() => warmFixture('widgets'))

  it('declares every form with its fields and the bot-field honeypot in __forms.html', async () => {
    const files = await widgetsFiles()
    expect(findForms(text(files, '__forms.html'))).toEqual([
      { name: 'home_quote_form', method: '', fields: ['form-name', 'bot-field', 'firstName', 'lastName', 'email', 'service', 'message'] },
      { name: 'contact-page', method: '', fields: ['form-name', 'bot-field', 'name', 'email', 'services', 'zipCode', 'message'] },
    ])
    expect(text(files, '__forms.html')).toContain('<form name="contact-page" data-netlify="true" netlify-honeypot="bot-field" hidden>')
  })

  it('writes a noindex success page per form, left out of the sitemap, that each form posts to without JavaScript', async () => {
    const files = await widgetsFiles()
    const thanks = text(files, 'thanks/contact-page.html')
    expect(thanks).toContain('<h1>Success!</h1>')
    expect(thanks).toContain('Thank you for reaching out! We will contact you shortly.')
    expect(thanks).toContain('<meta name="robots" content="noindex"/>')
    expect(text(files, 'sitemap.xml')).not.toContain('thanks')
    expect(text(files, 'contact.html')).toMatch(
      /<form name="contact-page"[^>]* data-endpoint="\/__forms.html"[^>]* action="\/thanks\/contact-page" method="POST">/,
    )
  })

  it('fails with form-mismatch when a page sends a field that __forms.html does not declare', async () => {
    const site = await warmSiteFrom(
      'widgets',
      rawFormSection('<form name="contact-page" method="post"><input name="name"/><input name="fax"/></form>'),
    )
    const errors = await buildErrors(site)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBe(
      [
        'error[form-mismatch]: The form "contact-page" on /about sends a field "fax" that __forms.html does not declare, so Netlify would silently drop it.',
        '  --> forms.yaml',
        'hint: Add the field to forms.contact-page in forms.yaml, or stop the template that renders this form from adding it. Declared fields: form-name, bot-field, name, email, services, zipCode, message. The same form is on 2 other pages.',
      ].join('\n'),
    )
  })

  it('fails with form-mismatch when a page has a form that forms.yaml does not define', async () => {
    const site = await warmSiteFrom('widgets', rawFormSection('<form name="newsletter" method="post"><input name="email"/></form>'))
    const [error] = await buildErrors(site)
    expect(error).toContain(
      'error[form-mismatch]: The form "newsletter" on /about is not declared in __forms.html, so Netlify would reject every submission of it.',
    )
  })

  it('still finds the mismatch when the page comes from the page cache', async () => {
    const site = await warmSiteFrom('widgets', rawFormSection('<form name="contact-page" method="post"><input name="fax"/></form>'))
    const cacheDir = await tempDir()
    expect((await buildErrors(site, { cacheDir }))[0]).toContain('"fax"')
    expect((await buildErrors(site, { cacheDir }))[0]).toContain('"fax"')
  })

  it("ignores forms that do not post, such as the popup's close control", async () => {
    const site = await warmSiteFrom('widgets', rawFormSection('<form role="search"><input name="q"/></form>'))
    await expect(buildFiles(site)).resolves.toBeDefined()
  })

  it("reports a page whose address takes a form's success page", async () => {
    const site = await warmSiteFrom('widgets', {
      'pages/thanks.yaml': 'path: /thanks/contact-page\ntitle: Thanks\nsections:\n  - { type: text, body: Hi. }\n',
    })
    const [error] = await buildErrors(site)
    expect(error).toContain('error[duplicate-route]: The success page of the form "contact-page" would be written to /thanks/contact-page')
  })
})

describe('forms posting to an endpoint', () => {
  it('post natively and from the widget to the endpoint, with no __forms.html and no success pages', async () => {
    const siteYaml = readFileSync(path.join(fixture('widgets'), 'site.yaml'), 'utf8').replace(
      'provider: netlify',
      'provider: endpoint\n  endpoint: https://forms.example/tidy',
    )
    const files = await buildFiles(await warmSiteFrom('widgets', { 'site.yaml': siteYaml }))
    expect(files.some((f) => f.path === '__forms.html' || f.path.startsWith('thanks/'))).toBe(false)
    expect(text(files, 'contact.html')).toMatch(
      /<form name="contact-page"[^>]* data-endpoint="https:\/\/forms.example\/tidy"[^>]* action="https:\/\/forms.example\/tidy" method="POST">/,
    )
  })
})
