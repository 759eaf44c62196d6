import path from 'node:path'
import { type FileKind, schemaDocument } from '../checks/schema-validators.js'
import { escapePointer } from '../read/locate.js'

/**
 * Which values of a site file a translation gives: the strings the schemas call text a visitor
 * reads. The schemas say it once, in the description every text field starts with ("Plain text."
 * or "Markdown.", which tests/schema-text-policy.test.ts requires of every text field), so a
 * field made translatable is one word in schemas/, and editors show the same words.
 */
export type TextKind = 'plain' | 'markdown'

type Schema = Readonly<Record<string, unknown>>
interface At {
  readonly schema: Schema
  /** The schema's `$id`, against which its `$ref`s resolve. */
  readonly file: string
}

/** A string of a file that a translation gives, by its JSON Pointer. */
export interface TextField {
  readonly pointer: string
  readonly kind: TextKind
}

/** What is wrong with one value of a translation file, at its JSON Pointer there. */
export type OverlayProblem =
  | { readonly pointer: string; readonly problem: 'not-text' }
  /** `known`: the keys of the base entry that hold text. */
  | { readonly pointer: string; readonly problem: 'no-base'; readonly key: string; readonly known: readonly string[] }
  | { readonly pointer: string; readonly problem: 'length'; readonly length: number; readonly baseLength: number }
  | { readonly pointer: string; readonly problem: 'not-a-string' }

/** Every string of `data` (a file of `kind`, as its schema validated it) that a translation gives. */
export function textFields(kind: FileKind, data: unknown): TextField[] {
  const fields: TextField[] = []
  const walk = (value: unknown, at: readonly At[], inherited: TextKind | undefined, pointer: string) => {
    const all = at.flatMap((a) => candidates(a, value))
    const kind = textKindOf(all) ?? inherited
    if (typeof value === 'string') {
      if (kind && value.trim() !== '') fields.push({ pointer, kind })
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        walk(item, itemsOf(all), kind, `${pointer}/${i}`)
      })
    } else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, propertyOf(all, key), undefined, `${pointer}/${escapePointer(key)}`)
    }
  }
  walk(data, [root(kind)], undefined, '')
  return fields
}

/**
 * What a translation file (`overlay`) holds that its base file does not let it: a value that is
 * not text, a key with no base entry, a list of another length than the base list (lists without
 * ids are matched by position).
 */
export function overlayProblems(kind: FileKind, base: unknown, overlay: unknown): OverlayProblem[] {
  const problems: OverlayProblem[] = []
  const walk = (mine: unknown, theirs: unknown, at: readonly At[], inherited: TextKind | undefined, pointer: string) => {
    const all = at.flatMap((a) => candidates(a, theirs))
    const kind = textKindOf(all) ?? inherited
    if (typeof mine === 'string') {
      if (!kind || typeof theirs !== 'string') problems.push({ pointer, problem: 'not-text' })
    } else if (Array.isArray(mine)) {
      if (!Array.isArray(theirs) || !holdsText(theirs, all, kind)) problems.push({ pointer, problem: 'not-text' })
      else if (mine.length !== theirs.length) problems.push({ pointer, problem: 'length', length: mine.length, baseLength: theirs.length })
      else
        mine.forEach((item, i) => {
          walk(item, theirs[i], itemsOf(all), kind, `${pointer}/${i}`)
        })
    } else if (isObject(mine)) {
      if (!isObject(theirs)) {
        problems.push({ pointer, problem: typeof theirs === 'string' && kind ? 'not-a-string' : 'not-text' })
        return
      }
      for (const [key, child] of Object.entries(mine)) {
        const at = `${pointer}/${escapePointer(key)}`
        if (!(key in theirs)) {
          const known = Object.keys(theirs).filter((k) => holdsText(theirs[k], propertyOf(all, k), undefined))
          problems.push({ pointer: at, problem: 'no-base', key, known })
        } else if (!holdsText(theirs[key], propertyOf(all, key), undefined)) problems.push({ pointer: at, problem: 'not-text' })
        else walk(child, theirs[key], propertyOf(all, key), undefined, at)
      }
    } else problems.push({ pointer, problem: typeof theirs === 'string' && kind ? 'not-a-string' : 'not-text' })
  }
  walk(overlay, base, [root(kind)], undefined, '')
  return problems
}

/** The base value with a translation's strings in place of its own (overlayProblems found none). */
export function withTranslation<T>(base: T, overlay: unknown): T {
  if (typeof overlay === 'string') return overlay as T
  if (Array.isArray(overlay) && Array.isArray(base)) return base.map((item, i) => withTranslation(item, overlay[i])) as T
  if (isObject(overlay) && isObject(base)) {
    const merged: Record<string, unknown> = { ...base }
    for (const [key, value] of Object.entries(overlay)) merged[key] = withTranslation(base[key], value)
    return merged as T
  }
  return base
}

/** Whether `value` holds any string a translation gives. */
function holdsText(value: unknown, at: readonly At[], inherited: TextKind | undefined): boolean {
  const all = at.flatMap((a) => candidates(a, value))
  const kind = textKindOf(all) ?? inherited
  if (typeof value === 'string') return kind !== undefined
  if (Array.isArray(value)) return value.some((item) => holdsText(item, itemsOf(all), kind))
  if (isObject(value)) return Object.entries(value).some(([key, child]) => holdsText(child, propertyOf(all, key), undefined))
  return false
}

function root(kind: FileKind): At {
  const file = `${kind}.schema.json`
  return { schema: schemaDocument(file), file }
}

function textKindOf(all: readonly At[]): TextKind | undefined {
  for (const { schema } of all) {
    const kind = textKind(schema)
    if (kind) return kind
  }
  return undefined
}

/** Whether a schema describes text a visitor reads, and which: the start of its description says. */
export function textKind(schema: Schema): TextKind | undefined {
  const description = typeof schema.description === 'string' ? schema.description : ''
  if (description.startsWith('Plain text')) return 'plain'
  if (description.startsWith('Markdown')) return 'markdown'
  return undefined
}

function propertyOf(all: readonly At[], key: string): At[] {
  return all.flatMap(({ schema, file }) => {
    const property = (schema.properties as Record<string, Schema> | undefined)?.[key]
    if (property) return [{ schema: property, file }]
    const extra = schema.additionalProperties
    return extra && typeof extra === 'object' ? [{ schema: extra as Schema, file }] : []
  })
}

function itemsOf(all: readonly At[]): At[] {
  return all.flatMap(({ schema, file }) =>
    schema.items && typeof schema.items === 'object' ? [{ schema: schema.items as Schema, file }] : [],
  )
}

/** The schemas a value is checked against: `$ref`s followed, and the branches that apply to it. */
function candidates(start: At, value: unknown): At[] {
  const out: At[] = []
  const type = isObject(value) ? value.type : undefined
  const visit = (at: At) => {
    out.push(at)
    const resolved = deref(at)
    if (resolved !== at) visit(resolved)
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const branch of (resolved.schema[key] as Schema[] | undefined) ?? []) {
        const condition = branch.if as Schema | undefined
        if (condition) {
          const properties = condition.properties as Record<string, Schema> | undefined
          if (properties?.type?.const !== type) continue
          if (branch.then) visit({ schema: branch.then as Schema, file: resolved.file })
        } else if (fits(branch, value)) visit({ schema: branch, file: resolved.file })
      }
    }
  }
  visit(start)
  return out
}

/** Whether a branch of `oneOf`/`anyOf` is for this kind of value (a string or an object form). */
function fits(branch: Schema, value: unknown): boolean {
  const type = branch.type
  if (type === undefined) return true
  const types = Array.isArray(type) ? type : [type]
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value
  return types.some((t) => t === actual || (t === 'integer' && actual === 'number'))
}

/** Follows a `$ref` (to another schema and/or a JSON pointer in it), relative to the schema it is in. */
function deref(at: At): At {
  const ref = at.schema.$ref
  if (typeof ref !== 'string') return at
  const [target, pointer = ''] = ref.split('#')
  const file = target ? path.posix.join(path.posix.dirname(at.file), target) : at.file
  let node: Schema = schemaDocument(file)
  for (const part of pointer.split('/').filter(Boolean)) node = node[part] as Schema
  return { schema: node, file }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
