import { decodeHTMLAttribute } from 'entities/decode'

/** A <form> as found in built HTML. */
export interface FoundForm {
  /** The `name` attribute, else the value of its hidden `form-name` field (what Netlify reads). */
  readonly name: string | undefined
  /** Lower-case; '' when absent (a GET form). */
  readonly method: string
  /** Names of the controls that submit a value, in order, without repeats. */
  readonly fields: readonly string[]
}

const FORM = /<form\b([^>]*)>([\s\S]*?)<\/form>/gi
const CONTROL = /<(input|select|textarea|button)\b([^>]*)>/gi
/** Controls that never add a field to a urlencoded submission. */
const NOT_DATA = new Set(['submit', 'button', 'reset', 'image', 'file'])

/**
 * Finds every form of a page and the fields it submits. A scanner, not an HTML parser: it reads
 * markup as React and src/output/form-pages.ts write it (double-quoted attributes, no nested
 * forms), which is all the build ever checks.
 */
export function findForms(html: string): FoundForm[] {
  // Searched from the first form on: the head before it holds the whole inline stylesheet.
  const first = html.indexOf('<form')
  if (first === -1) return []
  const forms: FoundForm[] = []
  FORM.lastIndex = first
  for (let form = FORM.exec(html); form; form = FORM.exec(html)) {
    const [, attributes = '', body = ''] = form
    const fields: string[] = []
    let formName: string | undefined
    for (const [, tag, controlAttributes = ''] of body.matchAll(CONTROL)) {
      const name = attribute(controlAttributes, 'name')
      if (!name || tag === 'button' || NOT_DATA.has(attribute(controlAttributes, 'type') ?? '')) continue
      if (name === 'form-name') formName = attribute(controlAttributes, 'value')
      if (!fields.includes(name)) fields.push(name)
    }
    forms.push({ name: attribute(attributes, 'name') ?? formName, method: (attribute(attributes, 'method') ?? '').toLowerCase(), fields })
  }
  return forms
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`, 'i').exec(attributes)
  // Decoded as the browser reads an attribute (every character reference of HTML): the name Netlify receives.
  return match ? decodeHTMLAttribute(match[1]!) : undefined
}
