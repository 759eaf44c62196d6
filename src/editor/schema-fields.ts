import { readFileSync } from 'node:fs'
import path from 'node:path'
import { textKind } from '../config/languages/text-fields.js'
import { patternRules, patternRuleUnknown } from '../errors/catalogue.js'
import { packageRoot } from '../tool/package.js'

/**
 * Decap CMS fields made from our JSON Schemas, by walking them: every key a schema gains maps
 * without code here. Shapes Decap cannot express are either served as virtual entries (maps keyed
 * by name, see `namedMaps`) or left out on purpose (`leftOut`, below).
 */
export type Schema = {
  readonly $ref?: string
  readonly type?: string | string[]
  readonly properties?: Record<string, Schema>
  readonly additionalProperties?: boolean | Schema
  readonly patternProperties?: Record<string, Schema>
  readonly propertyNames?: Schema
  readonly items?: Schema
  readonly required?: readonly string[]
  readonly enum?: readonly unknown[]
  readonly const?: unknown
  readonly pattern?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly default?: unknown
  readonly description?: string
  readonly title?: string
  readonly citypressRef?: string
  /** The editor's name for the key (a map's: its collection, plural), in a marketer's words. */
  readonly editorLabel?: string
  /** The editor's hint for the key, written for a marketer; `description` is for editors of YAML. */
  readonly editorHint?: string
  readonly allOf?: readonly { readonly if?: Schema; readonly then?: Schema }[]
  readonly oneOf?: readonly Schema[]
  readonly anyOf?: readonly Schema[]
}

export type Field = Record<string, unknown>

/**
 * What the live site gives the editor's fields: the names references choose from (select
 * options), and the words a town's local paragraph needs for its pages to show in search.
 */
export interface LiveNames {
  readonly service: readonly string[]
  readonly form: readonly string[]
  readonly areaList: readonly string[]
  readonly scheduler: readonly string[]
  readonly icon: readonly string[]
  readonly href: readonly string[]
  readonly minLocalWords: number
  /** The site's languages (BCP 47 codes), its default first: with more than one, the editor edits translations. */
  readonly languages?: readonly string[]
  /** Each other language's minimum for a local paragraph (its landing.yaml may set its own), by code. */
  readonly minLocalWordsIn?: Readonly<Record<string, number>>
}

/**
 * Keys left out of the editor, by schema file and property path (`*` for any list item or name).
 * Expert settings whose mistakes break a build or a deployment rather than a page's text; they
 * stay editable in the YAML file, and Decap keeps their values untouched on save.
 */
export const leftOut: readonly string[] = [
  // Size limits of the build's quality gate: tuned by developers, not marketers.
  'site.schema.json#budgets',
  // Hashes of inline code that a site's own templates/ write: a mistake breaks every page's CSP.
  'site.schema.json#csp',
  // Where the live sitemap is read from: a deployment setting.
  'site.schema.json#published',
  // The landing-page quality gate and its thresholds.
  'landing.schema.json#quality',
  // Redirect rules are host configuration, checked against every route.
  'site.schema.json#redirects',
]

/** Every property schema the walk mapped or left out (for the test that no key is forgotten). */
export const seenProperties = new WeakSet<Schema>()

const files = new Map<string, Schema>()

export function readSchema(file: string): Schema {
  let schema = files.get(file)
  if (!schema) {
    schema = JSON.parse(readFileSync(path.join(packageRoot, 'schemas', file), 'utf8')) as Schema
    files.set(file, schema)
  }
  return schema
}

/** `{file, schema}` a `$ref` leads to, relative to `file`. */
export function resolveRef(file: string, ref: string): { file: string; schema: Schema } {
  const [target, pointer = ''] = ref.split('#')
  const nextFile = target ? path.posix.join(path.posix.dirname(file), target) : file
  let schema: unknown = readSchema(nextFile)
  for (const part of pointer.split('/').filter(Boolean))
    schema = (schema as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return { file: nextFile, schema: schema as Schema }
}

/** The schema with its `$ref` followed (keys beside the `$ref`, like a description, win). */
export function deref(file: string, schema: Schema): { file: string; schema: Schema } {
  if (!schema.$ref) return { file, schema }
  const inner = deref(...(Object.values(resolveRef(file, schema.$ref)) as [string, Schema]))
  const { $ref: _ref, ...own } = schema
  return { file: inner.file, schema: { ...inner.schema, ...own } }
}

/** A map keyed by name (places, forms, schedulers): names are data, so Decap has no field for them. */
export function isNamedMap(schema: Schema): boolean {
  return !schema.properties && (typeof schema.additionalProperties === 'object' || schema.patternProperties !== undefined)
}

export function valueSchemaOfMap(schema: Schema): Schema {
  return typeof schema.additionalProperties === 'object'
    ? schema.additionalProperties
    : (Object.values(schema.patternProperties ?? {})[0] ?? {})
}

interface Walk {
  readonly file: string
  /** Where in the file, as `a.b.*.c`, for the left-out list. */
  readonly at: string
  readonly names: LiveNames
  /** Maps keyed by name met inside: served as virtual entries by the caller. */
  readonly maps: { at: string; file: string; schema: Schema }[]
  /**
   * Inside an optional object: Decap checks an absent object's required fields too, so they are
   * optional there (citypress's own check on save still requires them once the object is given).
   */
  readonly optional?: boolean
}

/** The fields of an object schema's properties. */
export function fieldsOf(schema: Schema, walk: Walk): Field[] {
  const required = new Set(schema.required ?? [])
  const fields: Field[] = []
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = walk.at ? `${walk.at}.${name}` : name
    const key = `${walk.file}#${at}`
    seenProperties.add(property)
    if (leftOut.includes(key)) continue
    const field = fieldOf(name, property, required.has(name) && !walk.optional, { ...walk, at })
    if (field) fields.push(field)
  }
  return fields
}

/** The schemas' rule for a day, YYYY-MM-DD (config checks that it is one of the calendar). */
const dayPattern = '^\\d{4}-\\d{2}-\\d{2}$'

/** The schemas' rule for a colour, `#rrggbb` or `#rgb`. */
export const colourPattern = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'

/** One Decap field for one property, or undefined when it is served elsewhere (a map by name). */
export function fieldOf(name: string, raw: Schema, required: boolean, walk: Walk): Field | undefined {
  const { file, schema } = deref(walk.file, raw)
  const hint = schema.editorHint ?? schema.description
  const base: Field = {
    name,
    label: schema.editorLabel ?? labelOf(name),
    required,
    ...(hint ? { hint } : {}),
    // Decap's i18n: a text a visitor reads is edited in each language of a site with more than one.
    ...(textKind(schema) && (walk.names.languages?.length ?? 0) > 1 ? { i18n: true } : {}),
  }
  if (schema.default !== undefined && typeof schema.default !== 'object') base.default = schema.default
  const kind = schema.citypressRef
  if (kind === 'markdown') return { ...base, widget: 'markdown', modes: ['raw'], sanitize_preview: true }
  if (kind === 'image') return { ...base, widget: 'image', choose_url: true }
  if (kind === 'href') return { ...base, widget: 'citypress-href', options: '@href', ...patternOf(schema) }
  if (kind === 'service' || kind === 'form' || kind === 'areaList' || kind === 'scheduler' || kind === 'icon') {
    return { ...base, widget: 'select', options: `@${kind}` }
  }
  if (schema.type === 'string' && schema.pattern === dayPattern) {
    // The browser's own date picker; Decap writes the day picked as YYYY-MM-DD, today's for a new
    // entry's required day (a post's date). UTC, so the day picked is the day written in every time zone.
    return {
      ...base,
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
      picker_utc: true,
      ...(required ? { default: '{{now}}' } : {}),
    }
  }
  if (schema.type === 'string' && schema.pattern === colourPattern) {
    // Decap's colour picker, a hex typed in too, with the contrast against each colour the site
    // puts it with under it (client/admin.js).
    return { ...base, widget: 'citypress-colour', allowInput: true, ...patternOf(schema) }
  }
  if (schema.enum) return { ...base, widget: 'select', options: schema.enum.map(String) }
  if (schema.const !== undefined) return { ...base, widget: 'hidden', default: schema.const }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (type === 'boolean') return { ...base, widget: 'boolean' }
  if (type === 'number' || type === 'integer') {
    return {
      ...base,
      widget: 'number',
      value_type: type === 'integer' ? 'int' : 'float',
      ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
    }
  }
  if (type === 'array' || schema.items) return listOf(base, schema, { ...walk, file })
  if (isNamedMap(schema)) {
    walk.maps.push({ at: walk.at, file, schema })
    return undefined
  }
  if (type === 'object' || schema.properties)
    return { ...base, widget: 'object', collapsed: true, fields: fieldsOf(schema, { ...walk, file, optional: walk.optional || !required }) }
  if (schema.oneOf || schema.anyOf) {
    // A value of several shapes (a text or an object): Decap has no field for it; keep it as text when it may be one.
    const options = (schema.oneOf ?? schema.anyOf)!.map((o) => deref(file, o).schema)
    if (options.some((o) => o.type === 'string')) return { ...base, widget: 'string' }
    return { ...base, widget: 'code', output_code_only: true, default_language: 'yaml' }
  }
  return { ...base, widget: 'string', ...patternOf(schema) }
}

function listOf(base: Field, schema: Schema, walk: Walk): Field {
  const limits = {
    ...(schema.minItems !== undefined ? { min: schema.minItems } : {}),
    ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
  }
  const { file, schema: items } = deref(walk.file, schema.items ?? {})
  const itemWalk = { ...walk, file, at: `${walk.at}.*`, optional: false }
  const unions = (items.allOf ?? []).filter((branch) => branch.if?.properties?.type?.const !== undefined && branch.then)
  if (unions.length > 0) {
    // The union's own `type` is Decap's typeKey: the type a marketer picks when adding a section.
    if (items.properties?.type) seenProperties.add(items.properties.type)
    const types = unions.map((branch) => {
      const name = String(branch.if!.properties!.type!.const)
      const target = deref(file, branch.then!)
      const fields = fieldsOf(target.schema, { ...itemWalk, file: target.file, at: `${itemWalk.at}` }).filter((f) => f.name !== 'type')
      return {
        name,
        label: labelOf(name),
        widget: 'object',
        fields,
        ...(target.schema.description ? { summary: `{{fields.heading}}` } : {}),
      }
    })
    return { ...base, widget: 'list', typeKey: 'type', types, ...limits }
  }
  if (items.type === 'object' || items.properties)
    return { ...base, widget: 'list', collapsed: true, fields: fieldsOf(items, itemWalk), ...limits }
  // One input per item, never Decap's comma-separated box: that splits "No contract, cancel
  // anytime" in two and drops the spaces at an item's end while the marketer types.
  const field = fieldOf(base.name as string, schema.items ?? {}, true, itemWalk)
  return { ...base, widget: 'list', field: field ?? { name: 'value', widget: 'string' }, ...limits }
}

/**
 * Decap shows "<label> didn't match the pattern: <message>": the rule in words, as `validate`
 * says it (the catalogue's patternRules), never the regular expression.
 */
export function patternOf(schema: Schema): Field {
  if (!schema.pattern) return {}
  // Decap says "<label> didn't match the pattern: <this>." itself, full stop included.
  return { pattern: [schema.pattern, `It ${patternRules[schema.pattern] ?? patternRuleUnknown}`] }
}

/** `imageAlt` → "Image alt". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => spelledOut[word] ?? word)
    .join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Words of key names a marketer does not say, as they say them ("ctaHeading": "Call to action heading"). */
const spelledOut: Readonly<Record<string, string>> = {
  cta: 'call to action',
  faq: 'questions',
  faqs: 'questions',
  geo: 'map position',
  href: 'link',
  id: 'ID',
  lat: 'latitude',
  lng: 'longitude',
  nav: 'navigation',
  sms: 'text messages',
  url: 'web address',
}
