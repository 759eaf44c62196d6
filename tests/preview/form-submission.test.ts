import { describe, expect, it } from 'vitest'
import { en } from '../../src/config/messages/en.js'
import { normalizeForms } from '../../src/config/normalize.js'
import { checkSubmission, findHiddenFields, parseSubmission } from '../../src/preview/form-submission.js'

const forms = normalizeForms(
  {
    forms: {
      quote: {
        fields: [
          { name: 'name', label: 'Full Name', type: 'text', required: true },
          { name: 'email', label: 'Email Address', type: 'email', required: true },
          { name: 'services', label: 'Services', type: 'checkboxes', options: ['Floors', 'Windows'] },
        ],
      },
    },
  },
  { language: 'en', messages: en },
)
const urlencoded = (text: string) => parseSubmission(Buffer.from(text), 'application/x-www-form-urlencoded')
const check = async (text: string, hidden: Record<string, string[]> = {}) =>
  checkSubmission((await urlencoded(text))!, { forms, hiddenFields: new Map(Object.entries(hidden).map(([k, v]) => [k, new Set(v)])) })

describe('parsing a form body', () => {
  it('reads urlencoded fields, with + as a space and repeated names as a list', async () => {
    const fields = await urlencoded('form-name=quote&name=Ann+Lee&services=Floors&services=Windows&email=ann%40example.com')
    expect(Object.fromEntries(fields!)).toEqual({
      'form-name': ['quote'],
      name: ['Ann Lee'],
      services: ['Floors', 'Windows'],
      email: ['ann@example.com'],
    })
  })

  it('refuses malformed percent escapes instead of storing garbage', async () => {
    expect(await urlencoded('form-name=quote&name=%E0%A4%A')).toBeUndefined()
    expect(await urlencoded('name=%zz')).toBeUndefined()
  })

  it('reads multipart bodies and JSON objects of strings, and refuses other JSON', async () => {
    const form = new FormData()
    form.append('form-name', 'quote')
    form.append('name', 'Bo')
    const request = new Request('http://x/', { method: 'POST', body: form })
    const multipart = await parseSubmission(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!)
    expect(Object.fromEntries(multipart!)).toEqual({ 'form-name': ['quote'], name: ['Bo'] })
    expect(Object.fromEntries((await parseSubmission(Buffer.from('{"name":"Bo","services":["Floors"]}'), 'application/json'))!)).toEqual({
      name: ['Bo'],
      services: ['Floors'],
    })
    expect(await parseSubmission(Buffer.from('[1,2]'), 'application/json')).toBeUndefined()
    expect(await parseSubmission(Buffer.from('{"name":3}'), 'application/json')).toBeUndefined()
    expect(await parseSubmission(Buffer.from('{"name":'), 'application/json')).toBeUndefined()
    expect(await parseSubmission(Buffer.from('name=Bo'), 'text/plain')).toBeUndefined()
  })
})

describe('checking a submission against forms.yaml', () => {
  it('accepts a complete submission and keeps every field but form-name and bot-field', async () => {
    const verdict = await check('form-name=quote&bot-field=&name=Ann&email=ann%40example.com&services=Floors&services=Windows')
    expect(verdict).toMatchObject({ kind: 'accepted', values: { name: 'Ann', email: 'ann@example.com', services: ['Floors', 'Windows'] } })
  })

  it('names every missing required field, bad email address and unknown field', async () => {
    const verdict = await check('form-name=quote&name=+&email=not-an-address&colour=blue')
    expect(verdict.kind).toBe('invalid')
    expect(verdict.kind === 'invalid' && verdict.problems).toEqual([
      { field: 'colour', reason: '"colour" is not a field of the form quote.' },
      { field: 'name', reason: '"Full Name" is required.' },
      { field: 'email', reason: '"Email Address" is not an email address.' },
    ])
  })

  it('reports a filled honeypot before anything else, even on an otherwise invalid submission', async () => {
    expect((await check('form-name=quote&bot-field=buy+now&email=x')).kind).toBe('honeypot')
  })

  it('watches the honeypot site.yaml names, and takes the default name for an ordinary field there', async () => {
    const gotcha = normalizeForms(
      { forms: { quote: { fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] } } },
      { forms: { honeypot: '_gotcha' }, language: 'en', messages: en },
    )
    const verdict = async (text: string) => checkSubmission((await urlencoded(text))!, { forms: gotcha, hiddenFields: new Map() })
    expect((await verdict('form-name=quote&_gotcha=buy+now&email=x')).kind).toBe('honeypot')
    expect(await verdict('form-name=quote&_gotcha=&email=ann%40example.com')).toMatchObject({
      kind: 'accepted',
      values: { email: 'ann@example.com' },
    })
    expect(await verdict('form-name=quote&bot-field=&email=ann%40example.com')).toMatchObject({
      kind: 'invalid',
      problems: [{ field: 'bot-field' }],
    })
  })

  it('rejects a submission without form-name or naming a form that does not exist', async () => {
    expect(await check('name=Ann')).toEqual({ kind: 'unknown-form', name: undefined })
    expect(await check('form-name=toString&name=Ann')).toEqual({ kind: 'unknown-form', name: 'toString' })
  })

  it('allows the hidden attribution fields the pages add to that form, and only to that form', async () => {
    const text = 'form-name=quote&name=Ann&email=ann%40example.com&city=Springfield'
    expect((await check(text, { quote: ['form-name', 'city'] })).kind).toBe('accepted')
    expect((await check(text, { other: ['city'] })).kind).toBe('invalid')
  })
})

describe('finding hidden fields in built pages', () => {
  it('collects the hidden inputs of each form by its name', () => {
    const html =
      '<form name="quote" method="POST"><input type="hidden" name="form-name" value="quote"/><input type="hidden" name="city" value="A &amp; B"/><input name="email"/></form>' +
      '<form name="other"><input type="text" name="x"/></form>'
    expect(findHiddenFields([html])).toEqual(
      new Map([
        ['quote', new Set(['form-name', 'city'])],
        ['other', new Set()],
      ]),
    )
  })
})
