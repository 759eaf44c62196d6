import { beforeAll, describe, expect, it } from 'vitest'
import { BuildFailure, build } from '../../src/build/index.js'
import { checkAutofill, checkAutofillFor } from '../../src/config/checks/autofill.js'
import { formatConfigError } from '../../src/errors/format.js'
import type { OutputFile } from '../../src/types.js'
import { normalize } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// What a form can say in forms.yaml, and what is checked at its line.
const text = (files: readonly OutputFile[], path: string) => String(files.find((f) => f.path === path)?.contents)

async function buildFiles(files: Record<string, string>): Promise<readonly OutputFile[]> {
  return (await build({ site: await warmSiteFrom('widgets', files), write: false, cacheDir: false })).files
}

async function buildErrors(files: Record<string, string>): Promise<string[]> {
  const failure = await buildFiles(files).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected a BuildFailure, got ${String(failure)}`)
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))
}

const contactForm = (fields: string, extra = '') => `forms:
  home_quote_form:
    fields:
      - { name: email, label: Email, type: email }
  contact-page:${extra}
    fields:
${fields}`

describe('form fields', () => {
  beforeAll(() => warmFixture('widgets'))

  it("sends an option's value and shows its label, for selects and checkboxes alike", async () => {
    const files = await buildFiles({
      'forms.yaml': contactForm(`      - name: size
        label: Size
        type: select
        options: [Small, { value: xl, label: Extra large }]
      - name: days
        label: Days
        type: checkboxes
        options: [{ value: mon, label: Monday }]
`),
    })
    const page = text(files, 'contact.html')
    expect(page).toContain('<option value="Small" dir="auto">Small</option><option value="xl" dir="auto">Extra large</option>')
    expect(page).toContain('<input type="checkbox" id="contact-page-days-0" name="days" value="mon"/>Monday</label>')
  })

  it('renders pattern, inputmode and help text, and ties the help to its control with aria-describedby', async () => {
    const files = await buildFiles({
      'forms.yaml':
        contactForm(`      - { name: zip, label: Zip Code, type: text, pattern: "[0-9]{5}", inputmode: numeric, help: Five digits. }
      - { name: days, label: Days, type: checkboxes, options: [Mon], help: Pick any. }
`),
    })
    const page = text(files, 'contact.html')
    expect(page).toContain(
      '<input id="contact-page-zip" aria-describedby="contact-page-zip-help" type="text" pattern="[0-9]{5}" inputMode="numeric" name="zip"/><p class="field-help" id="contact-page-zip-help">Five digits.</p>',
    )
    expect(page).toContain('<fieldset class="field field-full checkbox-group" aria-describedby="contact-page-days-help">')
  })

  it("shows the spec's success texts by default, and each form's own where it sets them", async () => {
    const files = await buildFiles({
      'forms.yaml': contactForm(
        '      - { name: email, label: Email, type: email }\n',
        '\n    successTitle: Sent\n    success: We read every note.\n    sendAnotherLabel: Write again',
      ),
    })
    expect(text(files, 'index.html')).toContain(
      '<h3>Success!</h3><p>Thank you for your submission! We&#x27;ll be in touch shortly.</p><button type="button" class="btn btn-secondary" data-form-reset="true">Send Another Message</button>',
    )
    expect(text(files, 'contact.html')).toContain(
      '<h3>Sent</h3><p>We read every note.</p><button type="button" class="btn btn-secondary" data-form-reset="true">Write again</button>',
    )
    expect(text(files, 'thanks/contact-page.html')).toContain('<h1>Sent</h1><p class="lead">We read every note.</p>')
  })

  it('reports an invalid autocomplete token at its line with the token it most likely meant', async () => {
    const errors = await buildErrors({
      'forms.yaml': contactForm('      - { name: email, label: Email, type: email, autocomplete: emial }\n'),
    })
    expect(errors).toEqual([
      [
        'error[bad-autocomplete]: The autocomplete value "emial" of the field "email" is not valid HTML: "emial" is not an autofill field name.',
        '  --> forms.yaml:7:65',
        '  |',
        '7 |       - { name: email, label: Email, type: email, autocomplete: emial }',
        '  |                                                                 ^^^^^',
        'hint: Did you mean "email"?',
      ].join('\n'),
    ])
  })

  it('reports a regular expression that browsers would ignore', async () => {
    const [error] = await buildErrors({ 'forms.yaml': contactForm('      - { name: zip, label: Zip, type: text, pattern: "[0-9" }\n') })
    expect(error).toMatch(
      /^error\[bad-pattern\]: The pattern of the field "zip" is not a valid regular expression, so browsers would ignore it: /,
    )
    expect(error).toContain('--> forms.yaml:7:55')
  })

  it('reports a pattern where browsers ignore it, and an option value offered twice', async () => {
    const errors = await buildErrors({
      'forms.yaml': contactForm(`      - { name: note, label: Note, type: textarea, pattern: "[a-z]+" }
      - { name: size, label: Size, type: select, options: [Small, { value: Small, label: Little }] }
`),
    })
    expect(errors.map((e) => e.split('\n').slice(0, 2).join(' '))).toEqual([
      'error[bad-value]: The textarea field "note" has `pattern`, which browsers apply only to text, email and tel fields, so it would do nothing.   --> forms.yaml:7:52',
      'error[bad-value]: The field "size" offers the value "Small" twice, so a submission could not tell the two choices apart.   --> forms.yaml:8:67',
    ])
  })

  it('reports a form whose id equals a section id on the same page, naming both', async () => {
    const errors = await buildErrors({
      'forms.yaml': contactForm('      - { name: email, label: Email, type: email }\n', '\n    id: contact'),
    })
    expect(errors).toEqual([
      [
        'error[duplicate-id]: The id "contact" is used twice on one page: by the form "contact-page" (shown at pages/contact.yaml:13) and by sections[1] of pages/contact.yaml.',
        '  --> forms.yaml:6:9',
        '  |',
        '6 |     id: contact',
        '  |         ^^^^^^^',
        'note: "contact" is first used here, by sections[1] of pages/contact.yaml.',
        '  --> pages/contact.yaml:11:9',
        '   |',
        '11 |     id: contact',
        '   |         ^^^^^^^',
        "hint: Ids must be unique on a page, or links to #fragments, labels and screen-reader references find the wrong element. Rename one: a section's `id`, or a form's `id` in forms.yaml.",
      ].join('\n'),
    ])
  })
})

describe('autofill tokens', () => {
  it('accepts the grammar of HTML: section, address type, contact type, field name and webauthn', () => {
    for (const value of [
      'on',
      'off',
      'email',
      'shipping street-address',
      'section-blue billing postal-code',
      'work tel',
      'section-a home email webauthn',
      'Given-Name',
    ]) {
      expect(checkAutofill(value), value).toBeUndefined()
    }
  })

  it('rejects tokens out of place, and says what was likely meant', () => {
    expect(checkAutofill('work given-name')).toEqual({
      reason: '"work" may stand only before tel, email or impp fields, not before "given-name"',
      suggestion: 'given-name',
    })
    expect(checkAutofill('shipping postal-cod')).toEqual({
      reason: '"postal-cod" is not an autofill field name',
      suggestion: 'shipping postal-code',
    })
    expect(checkAutofill('email name')).toEqual({ reason: '"name" cannot follow the field name "email"', suggestion: 'email' })
    expect(checkAutofill('off email')?.reason).toBe('"on" and "off" must stand alone')
    expect(checkAutofill('billing')?.reason).toBe('it has no field name after its modifiers')
  })

  it('allows a field name only on the kinds of field the Nu HTML checker allows it on', () => {
    expect(checkAutofillFor('email', 'tel')).toEqual({ reason: '"email" is not allowed on a tel field', suggestion: 'tel' })
    expect(checkAutofillFor('work tel', 'email')).toEqual({ reason: '"tel" is not allowed on an email field', suggestion: 'work email' })
    expect(checkAutofillFor('tel-national', 'tel')?.reason).toBe('"tel-national" is not allowed on a tel field')
    expect(checkAutofillFor('street-address', 'text')).toEqual({
      reason: '"street-address" is not allowed on a text field',
      suggestion: 'address-line1',
    })
    expect(checkAutofillFor('given-name', 'checkboxes')?.reason).toBe('a checkboxes field shows no control that autofill could fill')
    for (const [value, type] of [
      ['email', 'text'],
      ['username', 'email'],
      ['street-address', 'textarea'],
      ['country', 'select'],
      ['off', 'tel'],
      ['shipping tel webauthn', 'tel'],
    ]) {
      expect(checkAutofillFor(value!, type!), `${value} on ${type}`).toBeUndefined()
    }
  })
})
