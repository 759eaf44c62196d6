import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture, siteFrom, validationErrors } from '../helpers/site.js'

// A forms.yaml field may not take the name of a hidden field citypress adds to its form: the
// post would carry two values under that name, and the form service would keep one of them.

describe('a form field named like one citypress adds', () => {
  it('is an error at its line: the language on a site in two languages, the landing page on the landing form', async () => {
    const forms = await readFile(path.join(fixture('two-languages'), 'forms.yaml'), 'utf8')
    const site = await siteFrom('two-languages', {
      'forms.yaml': forms.replace(
        '      - { name: message, label: Message, type: textarea }\n',
        '      - { name: message, label: Message, type: textarea }\n      - { name: lang, label: Preferred language, type: text }\n      - { name: pageCity, label: Your town, type: text }\n',
      ),
    })
    const errors = (await validationErrors(site)).filter((e) => e.code === 'taken-field-name')
    expect(errors.map((e) => [path.basename(e.file), e.line])).toEqual([
      ['forms.yaml', 9],
      ['forms.yaml', 10],
    ])
    expect(errors[0]!.message).toBe(
      'The field "lang" of the form "lead" has the name of the hidden field citypress adds to it for the page\'s language: the form would send two values under one name.',
    )
    expect(errors[1]!.message).toContain('for the landing page it was sent from')
  })
})
