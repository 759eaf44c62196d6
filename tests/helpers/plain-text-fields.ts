import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Document, isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml'
import { repoRoot } from './site.js'

// The plain-text fields of the schemas, found from the schemas themselves: a description that
// starts "Plain text" marks one (tests/schema-text-policy.test.ts makes every text field say
// which it is), so no field is listed by hand.

type Schema = { [key: string]: unknown }
interface Located {
  readonly schema: Schema
  readonly file: string
}

const schemaDir = path.join(repoRoot, 'schemas')
const loaded = new Map<string, Schema>()
export const schemaFile = (file: string): Schema => {
  if (!loaded.has(file)) loaded.set(file, JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as Schema)
  return loaded.get(file)!
}

const isPlainText = (s: Schema) => typeof s.description === 'string' && s.description.startsWith('Plain text')
const isMarkdown = (s: Schema) => typeof s.description === 'string' && s.description.startsWith('Markdown')

const found = new Map<Schema, string>()

/**
 * Every plain-text field of every schema file, named `file#/json/pointer` of the schema node that
 * says "Plain text". A definition used in several places (an action's label) is one field.
 */
export function plainTextFields(): Map<Schema, string> {
  if (found.size > 0) return found
  const fields = found
  const walk = (node: unknown, pointer: string, file: string) => {
    if (!node || typeof node !== 'object') return
    if (!Array.isArray(node) && isPlainText(node as Schema)) fields.set(node as Schema, `${file}#${pointer}`)
    for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key}`, file)
  }
  const files = [...readdirSync(schemaDir), ...readdirSync(path.join(schemaDir, 'sections')).map((f) => `sections/${f}`)]
  for (const file of files.filter((f) => f.endsWith('.schema.json'))) walk(schemaFile(file), '', file)
  return fields
}

/** Follows `$ref`s (to another file and/or a JSON pointer), relative to the file the ref is in. */
function deref({ schema, file }: Located): Located {
  const ref = schema.$ref as string | undefined
  if (!ref) return { schema, file }
  const [target, pointer = ''] = ref.split('#')
  const nextFile = target ? path.posix.join(path.posix.dirname(file), target) : file
  let node = schemaFile(nextFile)
  for (const part of pointer.split('/').filter(Boolean)) node = node[part] as Schema
  return deref({ schema: node, file: nextFile })
}

/** The schemas a value is checked against: refs followed, allOf/anyOf/oneOf branches and if/then by the value's `type`. */
function candidates(start: Located, value: Node | null): Located[] {
  const out: Located[] = []
  const type = isMap(value) ? String(value.get('type') ?? '') : undefined
  const visit = (at: Located) => {
    out.push(at)
    const resolved = deref(at)
    if (resolved !== at) out.push(resolved)
    const s = resolved.schema
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const branch of (s[key] as Schema[] | undefined) ?? []) {
        const condition = (branch.if as Schema | undefined)?.properties as Record<string, Schema> | undefined
        if (branch.if && condition?.type?.const !== type) continue
        visit({ schema: (branch.then as Schema | undefined) ?? branch, file: resolved.file })
      }
    }
  }
  visit(start)
  return out
}

export interface Marks {
  next: number
  /** The plain-text fields (as named by plainTextFields) that got a marker. */
  readonly fields: Set<string>
  /** The field of each marker, by its number. */
  readonly fieldOf: Map<number, string>
  /** The marked text of each marker's string, by its number. */
  readonly textOf: Map<number, string>
}

/**
 * Rewrites every string of a YAML node that its schema (`schema`, a file of schemas/) calls plain
 * text (and Markdown, with `markdown`) as `rewrite(text, n)`, n numbered from `marks.next`, found
 * by walking the YAML along the schema, and records the plain-text fields it marked.
 */
export function markPlainText(
  node: Node | null,
  schema: string,
  marks: Marks,
  rewrite: (text: string, n: number) => string,
  { markdown = false } = {},
): void {
  const names = plainTextFields()
  const mark = (value: Node | null, at: Located[], inherited: string[]) => {
    const all = at.flatMap((a) => candidates(a, value))
    const own = all.flatMap((a) => (isPlainText(a.schema) ? [names.get(a.schema)!] : markdown && isMarkdown(a.schema) ? ['markdown'] : []))
    const fields = own.length > 0 ? own : inherited
    if (isScalar(value) && typeof value.value === 'string' && fields.length > 0) {
      marks.fieldOf.set(marks.next, fields[0]!)
      value.value = rewrite(value.value, marks.next)
      marks.textOf.set(marks.next++, value.value as string)
      for (const field of fields) marks.fields.add(field)
    } else if (isMap(value)) {
      for (const pair of value.items) {
        const key = String(isScalar(pair.key) ? pair.key.value : pair.key)
        const children = all.flatMap(({ schema: s, file }) => {
          const property = (s.properties as Record<string, Schema> | undefined)?.[key]
          if (property) return [{ schema: property, file }]
          const extra = s.additionalProperties
          return extra && typeof extra === 'object' ? [{ schema: extra as Schema, file }] : []
        })
        mark(pair.value as Node | null, children, [])
      }
    } else if (isSeq(value)) {
      // A list the schema calls plain text (badges) makes each of its strings plain text.
      const items = all.flatMap(({ schema: s, file }) => (s.items ? [{ schema: s.items as Schema, file }] : []))
      for (const item of value.items) mark(item as Node, items, isScalar(item) ? own : [])
    }
  }
  mark(node, [{ schema: schemaFile(schema), file: schema }], [])
}

/** The schema of each authored file of a site folder, by its path there. */
const schemaOfFile: [RegExp, string][] = [
  [/^site\.yaml$/, 'site.schema.json'],
  [/^areas\.yaml$/, 'areas.schema.json'],
  [/^landing\.yaml$/, 'landing.schema.json'],
  [/^forms\.yaml$/, 'forms.schema.json'],
  [/^services\/.*\.yaml$/, 'service.schema.json'],
  [/^pages\/.*\.yaml$/, 'page.schema.json'],
  [/^pages\/.*\.md$/, 'markdown-page.schema.json'],
  [/^blog\/.*\.md$/, 'post.schema.json'],
]

/**
 * Rewrites, in place, every file of a site folder that a schema describes: `yaml` turns its YAML
 * (a Markdown file's front matter) into the file's new YAML, and `body` a Markdown file's body
 * (kept as it is unless given).
 */
export function editSiteFiles(
  dir: string,
  yaml: (doc: Document, schema: string) => string,
  body: (text: string) => string = (text) => text,
): void {
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const schema = schemaOfFile.find(([pattern]) => pattern.test(name))?.[1]
    if (!schema) continue
    const file = path.join(dir, name)
    const text = readFileSync(file, 'utf8')
    const front = name.endsWith('.md') ? /^---\n([\s\S]*?)^---\n/m.exec(text) : null
    const written = yaml(parseDocument(front ? front[1]! : text), schema)
    writeFileSync(file, front ? `---\n${written}---\n${body(text.slice(front[0].length))}` : written)
  }
}
