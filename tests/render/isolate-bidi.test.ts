import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml'
import { isolateBidi } from '../../templates/isolate-bidi.js'
import { buildInMemory, type BuiltSite } from '../landing/helpers.js'
import { repoRoot, siteFrom } from '../helpers/site.js'

// Right-to-left text is isolated wherever a plain-text field is shown.

type Schema = { [key: string]: unknown }
interface Located { readonly schema: Schema; readonly file: string }

const schemaDir = path.join(repoRoot, 'schemas')
const loaded = new Map<string, Schema>()
const schemaFile = (file: string): Schema => {
  if (!loaded.has(file)) loaded.set(file, JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as Schema)
  return loaded.get(file)!
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

const isPlainText = (s: Schema) => typeof s.description === 'string' && s.description.startsWith('Plain text')

/**
 * Appends a numbered Hebrew marker with punctuation to every string the schemas call plain text
 * ("Plain text." starts its description), found by walking the YAML along its schema: no field is
 * listed by hand. Returns the schema paths it marked.
 */
function markPlainText(node: Node | null, at: Located[], marks: { next: number; fields: Set<string> }, where: string, inherited = false): void {
  const all = at.flatMap((a) => candidates(a, node))
  const plain = inherited || all.some((a) => isPlainText(a.schema))
  if (isScalar(node) && typeof node.value === 'string' && plain) {
    node.value = `${node.value} ${marker(marks.next++)}`
    marks.fields.add(where)
  } else if (isMap(node)) {
    for (const pair of node.items) {
      const key = String(isScalar(pair.key) ? pair.key.value : pair.key)
      const children = all.flatMap(({ schema, file }) => {
        const own = (schema.properties as Record<string, Schema> | undefined)?.[key]
        if (own) return [{ schema: own, file }]
        const extra = schema.additionalProperties
        return extra && typeof extra === 'object' ? [{ schema: extra as Schema, file }] : []
      })
      markPlainText(pair.value as Node | null, children, marks, `${where}.${key}`)
    }
  } else if (isSeq(node)) {
    const items = all.flatMap(({ schema, file }) => (schema.items ? [{ schema: schema.items as Schema, file }] : []))
    for (const item of node.items) markPlainText(item as Node, items, marks, `${where}[]`, plain && isScalar(item))
  }
}

const marker = (n: number) => `«מבחן ${n}, כן!»`
const markerIds = (text: string) => [...text.matchAll(/מבחן (\d+)/g)].map((m) => m[1]!)

const schemaOf: [RegExp, string][] = [
  [/^site\.yaml$/, 'site.schema.json'], [/^areas\.yaml$/, 'areas.schema.json'], [/^landing\.yaml$/, 'landing.schema.json'],
  [/^forms\.yaml$/, 'forms.schema.json'], [/^services\//, 'service.schema.json'], [/^pages\//, 'page.schema.json'],
]

let site: BuiltSite
let fields: Set<string>
beforeAll(async () => {
  const dir = await siteFrom('landing')
  const marks = { next: 1, fields: new Set<string>() }
  for (const file of readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.yaml'))) {
    const schema = schemaOf.find(([pattern]) => pattern.test(file))?.[1]
    if (!schema) continue
    const doc = parseDocument(readFileSync(path.join(dir, file), 'utf8'))
    markPlainText(doc.contents as Node, [{ schema: schemaFile(schema), file: schema }], marks, file)
    writeFileSync(path.join(dir, file), doc.toString())
  }
  fields = marks.fields
  site = await buildInMemory(dir)
}, 60_000)

describe('right-to-left text in plain-text fields', () => {
  it('is inside an isolating element of its own (`<bdi>` or `dir`) at every occurrence on every page', () => {
    const loose: string[] = []
    let occurrences = 0
    for (const route of site.routes) {
      const { document } = new JSDOM(site.page(route.url)).window
      const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const ids = markerIds(text.textContent ?? '')
        // Structured data and code are not shown.
        if (ids.length === 0 || text.parentElement?.closest('script, style')) continue
        occurrences += ids.length
        const isolating = (text.parentElement as Element | null)?.closest('bdi, [dir]')
        // Its own: the isolating element holds this field's marker and no other field's.
        if (!isolating || isolating === document.body || markerIds(isolating.textContent ?? '').some((id) => !ids.includes(id))) {
          loose.push(`${route.url}: <${text.parentElement?.tagName.toLowerCase()}> ${text.textContent?.trim().slice(0, 60)}`)
        }
      }
    }
    expect(fields.size).toBeGreaterThan(30)
    expect(occurrences).toBeGreaterThan(100)
    expect(loose).toEqual([])
  })

  it('leaves a page without right-to-left letters as it is, and wraps only the text nodes that have one', () => {
    const html = '<p class="x">Plain “quote”</p><ul><li>שלום, עולם!</li><li>Two</li></ul><script>var a = "שלום"</script><select><option dir="auto">שלום</option></select>'
    expect(isolateBidi('<p>Plain “quote”</p>')).toBe('<p>Plain “quote”</p>')
    expect(isolateBidi(html)).toBe('<p class="x">Plain “quote”</p><ul><li><bdi>שלום, עולם!</bdi></li><li>Two</li></ul><script>var a = "שלום"</script><select><option dir="auto">שלום</option></select>')
  })
})
