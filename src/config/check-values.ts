import { ConfigError } from '../errors/config-error.js'
import { checkAutofillFor } from './autofill.js'
import { checkBusiness } from './check-business.js'
import { checkPlaces } from './check-places.js'
import { isCalendarDate } from './calendar-date.js'
import { escapePointer, locate } from './locate.js'
import type { YamlSource } from './read-yaml.js'
import type { FileKind } from './schema-validators.js'
import type { AreasInput, FormsInput, PostInput, SiteInput } from './site-input.generated.js'

/**
 * Checks of values a JSON Schema cannot express, run on a file once its shape is valid: a real
 * calendar date, an autofill token, a regular expression, business facts as Google reads them,
 * place names that match an area. Each problem is reported at the value's own line.
 */
export function checkValues(source: YamlSource, kind: FileKind, data: unknown): ConfigError[] {
  switch (kind) {
    case 'post':
      return checkPostDates(source, data as PostInput)
    case 'forms':
      return checkFormFields(source, data as FormsInput)
    case 'site':
      return checkBusiness(source, data as SiteInput)
    case 'areas':
      return checkPlaces(source, data as AreasInput)
    default:
      return []
  }
}

/**
 * `2025-02-30` has the right shape but is no day, and would print "Invalid Date" into the post,
 * the blog index and the feed.
 */
function checkPostDates(source: YamlSource, post: PostInput): ConfigError[] {
  const errors: ConfigError[] = []
  for (const key of ['date', 'updated'] as const) {
    const value = post[key]
    if (value === undefined || isCalendarDate(value)) continue
    errors.push(new ConfigError({
      code: 'bad-date',
      message: `The ${key === 'date' ? 'publication date' : 'update date'} "${value}" is not a day of the calendar.`,
      hint: 'Write a real date as YYYY-MM-DD: months run 01–12, and days to the month\'s length (2024-02-29 exists, 2025-02-29 does not).',
      path: key,
      ...locate(source, `/${key}`),
    }))
  }
  return errors
}

function checkFormFields(source: YamlSource, input: FormsInput): ConfigError[] {
  const errors: ConfigError[] = []
  for (const [name, form] of Object.entries(input.forms)) {
    form.fields.forEach((field, i) => {
      const at = (key: string) => `/forms/${escapePointer(name)}/fields/${i}/${key}`
      const path = (key: string) => `forms.${name}.fields[${i}].${key}`
      const problem = field.autocomplete === undefined ? undefined : checkAutofillFor(field.autocomplete, field.type)
      if (problem) {
        errors.push(new ConfigError({
          code: 'bad-autocomplete',
          message: `The autocomplete value "${field.autocomplete}" of the field "${field.name}" is not valid HTML: ${problem.reason}.`,
          hint: problem.suggestion
            ? `Did you mean "${problem.suggestion}"?`
            : 'Use a field name such as name, given-name, email, tel, organization, street-address or postal-code, optionally after section-*, shipping/billing and home/work/mobile.',
          path: path('autocomplete'),
          ...locate(source, at('autocomplete')),
        }))
      }
      if (field.pattern !== undefined) {
        // Browsers compile the pattern as ^(?:pattern)$ with the `v` flag (HTML § 4.10.5.3.6);
        // one that does not compile is ignored by them, silently.
        try {
          new RegExp(`^(?:${field.pattern})$`, 'v')
        } catch (error) {
          errors.push(new ConfigError({
            code: 'bad-pattern',
            message: `The pattern of the field "${field.name}" is not a valid regular expression, so browsers would ignore it: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.`,
            hint: 'Write the expression without slashes, e.g. [0-9]{5}; in the `v` mode browsers use, escape - [ ] ( ) { } / | inside a character class with a backslash.',
            path: path('pattern'),
            ...locate(source, at('pattern')),
          }))
        }
      }
      const isInput = field.type === 'text' || field.type === 'email' || field.type === 'tel'
      for (const key of ['pattern', 'inputmode'] as const) {
        const onTextarea = key === 'inputmode' && field.type === 'textarea'
        if (field[key] === undefined || isInput || onTextarea) continue
        errors.push(new ConfigError({
          code: 'bad-value',
          message: `The ${field.type} field "${field.name}" has \`${key}\`, which browsers apply only to ${key === 'pattern' ? 'text, email and tel fields' : 'text, email, tel and textarea fields'}, so it would do nothing.`,
          hint: `Remove \`${key}\`, or change the field's type.`,
          path: path(key),
          ...locate(source, at(key), 'key'),
        }))
      }
      const values = (field.options ?? []).map((o) => (typeof o === 'string' ? o : o.value))
      const repeated = values.find((v, j) => values.indexOf(v) !== j)
      if (repeated !== undefined) {
        errors.push(new ConfigError({
          code: 'bad-value',
          message: `The field "${field.name}" offers the value "${repeated}" twice, so a submission could not tell the two choices apart.`,
          hint: 'Give each option its own value.',
          path: path('options'),
          ...locate(source, at(`options/${values.lastIndexOf(repeated)}`)),
        }))
      }
      const needsOptions = field.type === 'select' || field.type === 'checkboxes'
      if (needsOptions !== (field.options !== undefined)) {
        errors.push(new ConfigError({
          code: 'bad-value',
          message: needsOptions
            ? `The ${field.type} field "${field.name}" has no options to choose from.`
            : `The ${field.type} field "${field.name}" has options, which only a select or checkboxes field shows.`,
          hint: needsOptions ? 'Add `options:` with a list of choices.' : 'Remove `options`, or make the field a select or checkboxes.',
          path: path(needsOptions ? 'type' : 'options'),
          ...locate(source, at(needsOptions ? 'type' : 'options'), needsOptions ? 'value' : 'key'),
        }))
      }
    })
  }
  return errors
}
