import { closestMatch } from '../../errors/did-you-mean.js'

/**
 * HTML's autofill detail tokens (WHATWG HTML § 4.10.18.7.1 "Autofill"), as browsers and the Nu
 * HTML checker read an `autocomplete` attribute:
 *
 *   [section-*] [shipping | billing] [home | work | mobile | fax | pager] field-name [webauthn]
 *
 * where the contact-type modifier is allowed only before the contact field names (tel…, email,
 * impp), or the whole value is `on` or `off`. One wrong token makes the attribute invalid on
 * every page that shows the form, so forms.yaml is checked against this grammar.
 */
const fieldNames = [
  'name',
  'honorific-prefix',
  'given-name',
  'additional-name',
  'family-name',
  'honorific-suffix',
  'nickname',
  'username',
  'new-password',
  'current-password',
  'one-time-code',
  'organization-title',
  'organization',
  'street-address',
  'address-line1',
  'address-line2',
  'address-line3',
  'address-level4',
  'address-level3',
  'address-level2',
  'address-level1',
  'country',
  'country-name',
  'postal-code',
  'cc-name',
  'cc-given-name',
  'cc-additional-name',
  'cc-family-name',
  'cc-number',
  'cc-exp',
  'cc-exp-month',
  'cc-exp-year',
  'cc-csc',
  'cc-type',
  'transaction-currency',
  'transaction-amount',
  'language',
  'bday',
  'bday-day',
  'bday-month',
  'bday-year',
  'sex',
  'url',
  'photo',
]
const contactFieldNames = [
  'tel',
  'tel-country-code',
  'tel-national',
  'tel-area-code',
  'tel-local',
  'tel-local-prefix',
  'tel-local-suffix',
  'tel-extension',
  'email',
  'impp',
]
const contactTypes = ['home', 'work', 'mobile', 'fax', 'pager']
const addressTypes = ['shipping', 'billing']
const allFieldNames = [...fieldNames, ...contactFieldNames]

/** Why an autocomplete value is not valid, with the likely intended token; undefined when valid. */
export interface AutofillProblem {
  readonly reason: string
  readonly suggestion?: string
}

/**
 * The control group of each field name that is not plain text (HTML's autofill table), which
 * decides the controls it may stand on: a tel input takes only tel, an email input only email or
 * username, a text input anything but the multi-line street-address.
 */
const groups: Record<string, string> = {
  'street-address': 'multiline',
  username: 'username',
  email: 'email',
  tel: 'tel',
  'new-password': 'password',
  'current-password': 'password',
  'one-time-code': 'password',
  'cc-exp': 'month',
  bday: 'date',
  url: 'url',
  photo: 'url',
  impp: 'url',
  'cc-exp-month': 'numeric',
  'cc-exp-year': 'numeric',
  'transaction-amount': 'numeric',
  'bday-day': 'numeric',
  'bday-month': 'numeric',
  'bday-year': 'numeric',
}
const allowedGroups: Record<string, (group: string) => boolean> = {
  text: (group) => group !== 'multiline',
  email: (group) => group === 'email' || group === 'username',
  tel: (group) => group === 'tel',
  textarea: () => true,
  select: () => true,
}

/**
 * Checks an `autocomplete` value against the grammar above and against the kind of field it is
 * on (forms.yaml `type`), as the Nu HTML checker does.
 */
export function checkAutofillFor(value: string, fieldType: string): AutofillProblem | undefined {
  const problem = checkAutofill(value)
  if (problem) return problem
  const tokens = value
    .trim()
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
  const field = tokens.filter((t) => t !== 'webauthn').at(-1)!
  if (field === 'on' || field === 'off') return undefined
  const fits = allowedGroups[fieldType]
  if (!fits) return { reason: `a ${fieldType} field shows no control that autofill could fill` }
  if (fits(groups[field] ?? 'text')) return undefined
  const suggestion =
    fieldType === 'tel'
      ? 'tel'
      : fieldType === 'email'
        ? 'email'
        : fieldType === 'text' && field === 'street-address'
          ? 'address-line1'
          : undefined
  const a = fieldType === 'email' ? 'an' : 'a'
  return {
    reason: `"${field}" is not allowed on ${a} ${fieldType} field`,
    suggestion: suggestion && tokens.map((t) => (t === field ? suggestion : t)).join(' '),
  }
}

/** Checks one `autocomplete` value against the grammar above (ASCII case-insensitive, as HTML reads it). */
export function checkAutofill(value: string): AutofillProblem | undefined {
  const tokens = value
    .trim()
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean)
  if (tokens.length === 0) return { reason: 'it is empty' }
  if (tokens.length === 1 && (tokens[0] === 'on' || tokens[0] === 'off')) return undefined
  if (tokens.includes('on') || tokens.includes('off')) return { reason: '"on" and "off" must stand alone' }

  let at = 0
  if (tokens[at]?.startsWith('section-') && tokens[at]!.length > 'section-'.length) at++
  if (addressTypes.includes(tokens[at]!)) at++
  const contact = contactTypes.includes(tokens[at]!) ? tokens[at++] : undefined
  const field = tokens[at]
  if (field === undefined)
    return { reason: 'it has no field name after its modifiers', suggestion: contact ? `${value.trim()} tel` : undefined }
  const names = contact ? contactFieldNames : allFieldNames
  if (!names.includes(field)) {
    const near = closestMatch(field, names)
    const known = allFieldNames.includes(field)
    return {
      reason: known
        ? `"${contact}" may stand only before tel, email or impp fields, not before "${field}"`
        : `"${field}" is not an autofill field name`,
      suggestion: known ? field : near && tokens.map((t, i) => (i === at ? near : t)).join(' '),
    }
  }
  const rest = tokens.slice(at + 1)
  if (rest.length === 0 || (rest.length === 1 && rest[0] === 'webauthn')) return undefined
  return { reason: `"${rest[0]}" cannot follow the field name "${field}"`, suggestion: tokens.slice(0, at + 1).join(' ') }
}
