import type { FormConfig } from '../config/site-model.js'
import { addTo } from '../tool/group.js'

/** A submitted body as field name → values (checkbox groups send one name several times). */
export type SubmittedFields = ReadonlyMap<string, readonly string[]>

/** Fields every citypress form sends besides its own (templates/components/Form.tsx). */
const formName = 'form-name'

/**
 * Parses a form body as the browser sent it. Returns undefined for a body that is not what its
 * content type says (bad percent escapes, broken multipart, JSON that is not an object of
 * strings), so the caller can answer 400 instead of guessing.
 */
export async function parseSubmission(body: Buffer, contentType: string): Promise<SubmittedFields | undefined> {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  try {
    if (type === 'application/x-www-form-urlencoded') return parseUrlEncoded(body.toString('utf8'))
    if (type === 'multipart/form-data') {
      const data = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
      const fields = new Map<string, string[]>()
      for (const [name, value] of data) {
        if (typeof value !== 'string') return undefined // our forms have no file inputs
        addTo(fields, name, value)
      }
      return fields
    }
    if (type === 'application/json') return parseJsonFields(JSON.parse(body.toString('utf8')))
  } catch {
    return undefined
  }
  return undefined
}

/**
 * Strict urlencoded parsing: URLSearchParams silently keeps malformed escapes such as `%E0%A4`,
 * which would store garbage; decodeURIComponent throws on them instead.
 */
function parseUrlEncoded(text: string): SubmittedFields {
  const fields = new Map<string, string[]>()
  for (const pair of text.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const [rawName, rawValue] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
    const name = decodeURIComponent(rawName.replaceAll('+', ' '))
    addTo(fields, name, decodeURIComponent(rawValue.replaceAll('+', ' ')))
  }
  return fields
}

function parseJsonFields(data: unknown): SubmittedFields | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const fields = new Map<string, string[]>()
  for (const [name, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value]
    if (!values.every((v) => typeof v === 'string')) return undefined
    fields.set(name, values as string[])
  }
  return fields
}

export interface Problem {
  readonly field: string
  readonly reason: string
}

export type Verdict =
  | { readonly kind: 'accepted'; readonly form: FormConfig; readonly values: Readonly<Record<string, string | readonly string[]>> }
  | { readonly kind: 'honeypot'; readonly form: FormConfig }
  | { readonly kind: 'unknown-form'; readonly name: string | undefined }
  | { readonly kind: 'invalid'; readonly form: FormConfig; readonly problems: readonly Problem[] }

export interface CheckOptions {
  readonly forms: Readonly<Record<string, FormConfig>>
  /** Hidden fields the built pages add to each form (e.g. a landing page's city and service). */
  readonly hiddenFields: ReadonlyMap<string, ReadonlySet<string>>
}

/**
 * Checks a submission against its form's definition in forms.yaml, as the production form
 * handler would see it: the form must exist, required fields must be filled, email fields must
 * hold an address, no value may pass its field's maxLength, and no field may be unknown. A filled
 * honeypot is reported as such before anything else, because bots fill every field and must be
 * answered like people.
 */
export function checkSubmission(fields: SubmittedFields, options: CheckOptions): Verdict {
  const name = fields.get(formName)?.[0]
  const form = name !== undefined && Object.hasOwn(options.forms, name) ? options.forms[name] : undefined
  if (!form) return { kind: 'unknown-form', name }
  const honeypot = form.honeypot
  if (honeypot !== undefined && (fields.get(honeypot) ?? []).some((v) => v.trim() !== '')) return { kind: 'honeypot', form }

  const problems: Problem[] = []
  const known = new Set([
    formName,
    ...(honeypot === undefined ? [] : [honeypot]),
    ...form.fields.map((f) => f.name),
    ...(options.hiddenFields.get(form.name) ?? []),
  ])
  for (const submitted of fields.keys()) {
    if (!known.has(submitted)) problems.push({ field: submitted, reason: `"${submitted}" is not a field of the form ${form.name}.` })
  }
  for (const field of form.fields) {
    const values = (fields.get(field.name) ?? []).filter((v) => v.trim() !== '')
    if (field.required && values.length === 0) problems.push({ field: field.name, reason: `"${field.label}" is required.` })
    if (field.type === 'email' && values.some((v) => !isEmail(v.trim()))) {
      problems.push({ field: field.name, reason: `"${field.label}" is not an email address.` })
    }
    // Browsers count UTF-16 code units for maxlength (HTML § 4.10.18.3 "Limiting user input length").
    if (field.maxLength !== undefined && values.some((v) => v.length > field.maxLength!)) {
      problems.push({ field: field.name, reason: `"${field.label}" is longer than ${field.maxLength} characters.` })
    }
  }
  if (problems.length > 0) return { kind: 'invalid', form, problems }

  const values: Record<string, string | readonly string[]> = {}
  for (const [key, list] of fields) {
    if (key === formName || key === honeypot) continue
    values[key] = list.length === 1 ? list[0]! : list
  }
  return { kind: 'accepted', form, values }
}

/** The rule browsers apply to `<input type="email">` (HTML Standard, "valid email address"). */
function isEmail(value: string): boolean {
  return /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(
    value,
  )
}

/**
 * Hidden inputs each form carries in the built pages, by form name. Pages may add attribution
 * fields to a form instance (templates/components/Form.tsx `hidden`), which forms.yaml does not
 * list; reading them from the output accepts exactly what the pages send.
 */
export function findHiddenFields(pages: Iterable<string>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  for (const html of pages) {
    for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
      const name = attributeOf(attributes!, 'name')
      if (!name) continue
      const set = found.get(name) ?? new Set<string>()
      for (const [input] of inner!.matchAll(/<input\b[^>]*>/g)) {
        const field = attributeOf(input, 'name')
        if (field && attributeOf(input, 'type') === 'hidden') set.add(field)
      }
      found.set(name, set)
    }
  }
  return found
}

function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return match?.[1]
    ?.replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
}
