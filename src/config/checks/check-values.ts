import {
  BadAutocomplete,
  BadPattern,
  fail,
  InertFieldKey,
  MissingOptions,
  NotACalendarDate,
  RepeatedOption,
  UnusedOptions,
} from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { checkLanguages } from '../languages/site-languages.js'
import { checkOwnMessages, type OwnMessages } from '../messages/check-language.js'
import { escapePointer, locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { FormsInput, PageInput, PostInput, SiteInput } from '../site-input.generated.js'
import { checkAutofillFor } from './autofill.js'
import { isCalendarDate } from './calendar-date.js'
import { checkBusiness } from './check-business.js'
import { checkSiteYamlAddresses } from './check-url.js'
import type { FileKind } from './schema-validators.js'

/**
 * Checks of values a JSON Schema cannot express, run on a file once its shape is valid: a real
 * calendar date, an autofill token, a regular expression, business facts as Google reads them,
 * paths and addresses (check-url.ts). Each problem is reported at the value's own line.
 */
export function checkValues(source: YamlSource, kind: FileKind, data: unknown): ConfigError[] {
  switch (kind) {
    case 'post':
      return checkPostDates(source, data as PostInput)
    case 'page':
    case 'markdown-page':
      return checkPageDate(source, data as PageInput)
    case 'forms':
      return checkFormFields(source, data as FormsInput)
    case 'site':
      return [
        ...checkSiteYamlAddresses(source, data as SiteInput),
        ...checkBusiness(source, data as SiteInput),
        ...checkLanguages(source, data as SiteInput),
      ]
    case 'messages':
      return checkOwnMessages(source, data as OwnMessages)
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
    errors.push(
      fail(NotACalendarDate, { path: key, ...locate(source, `/${key}`) }, key === 'date' ? 'publication date' : 'update date', value),
    )
  }
  return errors
}

/** A page's `updated` is printed as "Last updated …" and read by search engines: it must be a real day. */
function checkPageDate(source: YamlSource, page: Pick<PageInput, 'updated'>): ConfigError[] {
  if (page.updated === undefined || isCalendarDate(page.updated)) return []
  return [fail(NotACalendarDate, { path: 'updated', ...locate(source, '/updated') }, 'update date', page.updated)]
}

function checkFormFields(source: YamlSource, input: FormsInput): ConfigError[] {
  const errors: ConfigError[] = []
  for (const [name, form] of Object.entries(input.forms)) {
    form.fields.forEach((field, i) => {
      const at = (key: string) => `/forms/${escapePointer(name)}/fields/${i}/${key}`
      const path = (key: string) => `forms.${name}.fields[${i}].${key}`
      const problem = field.autocomplete === undefined ? undefined : checkAutofillFor(field.autocomplete, field.type)
      if (problem) {
        const place = { path: path('autocomplete'), ...locate(source, at('autocomplete')) }
        errors.push(fail(BadAutocomplete, place, field.autocomplete!, field.name, problem.reason, problem.suggestion))
      }
      if (field.pattern !== undefined) {
        // Browsers compile the pattern as ^(?:pattern)$ with the `v` flag (HTML § 4.10.5.3.6);
        // one that does not compile is ignored by them, silently.
        try {
          new RegExp(`^(?:${field.pattern})$`, 'v')
        } catch (error) {
          errors.push(fail(BadPattern, { path: path('pattern'), ...locate(source, at('pattern')) }, field.name, (error as Error).message))
        }
      }
      const isInput = field.type === 'text' || field.type === 'email' || field.type === 'tel'
      for (const key of ['pattern', 'inputmode', 'maxLength'] as const) {
        const onTextarea = key !== 'pattern' && field.type === 'textarea'
        if (field[key] === undefined || isInput || onTextarea) continue
        errors.push(fail(InertFieldKey, { path: path(key), ...locate(source, at(key), 'key') }, field.type, field.name, key))
      }
      const values = (field.options ?? []).map((o) => (typeof o === 'string' ? o : o.value))
      const repeated = values.find((v, j) => values.indexOf(v) !== j)
      if (repeated !== undefined) {
        errors.push(
          fail(
            RepeatedOption,
            { path: path('options'), ...locate(source, at(`options/${values.lastIndexOf(repeated)}`)) },
            field.name,
            repeated,
          ),
        )
      }
      const needsOptions = field.type === 'select' || field.type === 'checkboxes'
      if (needsOptions !== (field.options !== undefined)) {
        errors.push(
          needsOptions
            ? fail(MissingOptions, { path: path('type'), ...locate(source, at('type'), 'value') }, field.type, field.name)
            : fail(UnusedOptions, { path: path('options'), ...locate(source, at('options'), 'key') }, field.type, field.name),
        )
      }
    })
  }
  return errors
}
