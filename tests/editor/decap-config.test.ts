import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { editorConfig } from '../../src/editor/decap-config.js'
import {
  deref,
  type Field,
  fieldOf,
  type LiveNames,
  labelOf,
  leftOut,
  readSchema,
  type Schema,
  seenProperties,
} from '../../src/editor/schema-fields.js'
import { repoRoot } from '../helpers/site.js'

const names: LiveNames = {
  service: ['roofing'],
  form: ['quote'],
  areaList: ['main'],
  scheduler: ['walkthrough'],
  icon: ['sun'],
  href: ['/', '/contact'],
  minLocalWords: 40,
}
const walk = { file: 'common.schema.json', at: 't', names, maps: [] }
const map = (schema: Schema, required = false): Field => fieldOf('x', schema, required, walk)!

/** What a label or a hint meant for a marketer never holds, each rule with the pattern that finds it. */
const notForMarketers: readonly { readonly rule: string; readonly pattern: RegExp }[] = [
  // A page's address ("/services/…") is what a marketer sees; a folder of the site is not.
  { rule: 'a file', pattern: /\.(ya?ml|md|json)\b|(?<!\/)\b(services|pages|blog|images)\// },
  // A {token} is what a marketer types into a landing text ("{serviceLower}"), not a key.
  { rule: 'a key path or code', pattern: /`|\b\w+\.\w+\.\w+|(?<!\{)\b[a-z]+[A-Z]\w*\b(?!\})/ },
  { rule: 'a schema.org type', pattern: /schema\.org|\b(LocalBusiness|WebPage|BreadcrumbList|FAQPage|PostalAddress)\b/ },
]

describe('the editor configuration', () => {
  it('maps each schema shape to the Decap field that keeps its rules', () => {
    expect(map({ type: 'string', enum: ['a', 'b'], default: 'a' })).toMatchObject({
      widget: 'select',
      options: ['a', 'b'],
      default: 'a',
      required: false,
    })
    expect(map({ type: 'integer', minimum: 1, maximum: 9 }, true)).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
      max: 9,
      required: true,
    })
    expect(map({ type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', description: 'A key.' })).toMatchObject({
      widget: 'string',
      hint: 'A key.',
      pattern: ['^[a-z0-9]+(-[a-z0-9]+)*$', expect.stringMatching(/^It must be /)],
    })
    // A day: the browser's date picker, written YYYY-MM-DD; a required one starts at today.
    const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
    expect(map(day, true)).toMatchObject({
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
      default: '{{now}}',
    })
    expect(map(day)).not.toHaveProperty('default')
    // A label made from a key says its abbreviations as a marketer says them.
    expect(['siteId'].map(labelOf)).toEqual(['Site ID'])
    expect(['ctaHeading', 'faqs', 'lat', 'lng', 'sms', 'url', 'menuLabel'].map(labelOf)).toEqual([
      'Call to action heading',
      'Questions',
      'Latitude',
      'Longitude',
      'Text messages',
      'Web address',
      'Menu label',
    ])
    // A colour: Decap's picker, a hex typed in too, with its contrast under it.
    expect(map({ $ref: 'site.schema.json#/definitions/color' })).toMatchObject({ widget: 'citypress-colour', allowInput: true })
    expect(
      map({ type: 'array', minItems: 2, items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } }),
    ).toMatchObject({ widget: 'list', min: 2, fields: [{ name: 'a', required: true }] })
    expect(map({ type: 'boolean', default: true })).toMatchObject({ widget: 'boolean', default: true })
    expect(map({ $ref: '#/definitions/markdown' })).toMatchObject({ widget: 'markdown', modes: ['raw'] })
    expect(map({ $ref: '#/definitions/image' })).toMatchObject({ widget: 'image' })
    expect(map({ $ref: '#/definitions/href' })).toMatchObject({ widget: 'citypress-href', options: '@href' })
    expect(map({ $ref: '#/definitions/icon' })).toMatchObject({ widget: 'select', options: '@icon' })
    for (const kind of ['service', 'form', 'areaList', 'scheduler'])
      expect(map({ type: 'string', citypressRef: kind })).toMatchObject({ widget: 'select', options: `@${kind}` })
  })

  it('makes page sections a list of types keyed by `type`, one per section schema', () => {
    const sections = fieldOf('sections', readSchema('page.schema.json').properties!.sections!, true, {
      ...walk,
      file: 'page.schema.json',
      at: 'sections',
    })!
    const sectionFiles = readdirSync(path.join(repoRoot, 'schemas', 'sections')).length
    expect(sections).toMatchObject({ widget: 'list', typeKey: 'type' })
    expect((sections.types as Field[]).map((t) => t.name)).toHaveLength(sectionFiles)
  })

  it('serves maps keyed by name (places, forms) as virtual entries, and never templates/ or published-urls.json', () => {
    const { config, maps } = editorConfig(path.join(repoRoot, 'sites', 'system4'), names, '/admin/api/', 'http://localhost/')
    expect(maps.map((m) => `${m.file}#${m.key}`)).toEqual(
      expect.arrayContaining(['areas.yaml#places', 'areas.yaml#lists', 'areas.yaml#regions', 'forms.yaml#forms']),
    )
    const text = JSON.stringify(config)
    expect(text).not.toMatch(/templates\/|published-urls/)
    expect(config).toMatchObject({ publish_mode: 'simple', media_folder: 'images', backend: { name: 'proxy', proxy_url: '/admin/api/' } })
  })

  it("says each pattern's rule in words, as validate does, never as its regular expression", () => {
    const messages: string[] = []
    JSON.stringify(
      editorConfig(path.join(repoRoot, 'sites', 'system4'), names, '/admin/api/', 'http://localhost/').config,
      (key, value: unknown) => {
        if (key === 'pattern' && Array.isArray(value)) messages.push(String(value[1]))
        return value
      },
    )
    expect(messages.length).toBeGreaterThan(20)
    expect(messages.filter((m) => /[\^$]|\\[dws]|\(\?:/.test(m) || (!m.startsWith('It must') && !m.startsWith('It may')))).toEqual([])
  })

  it('lets a marketer create the virtual entries, named by a required Name field first that no value field shadows', () => {
    const { config } = editorConfig(path.join(repoRoot, 'sites', 'system4'), names, '/admin/api/', 'http://localhost/')
    const virtual = (
      config.collections as { name: string; folder?: string; create?: boolean; identifier_field?: string; fields: Field[] }[]
    ).filter((c) => c.folder?.startsWith('_editor/'))
    expect(virtual.map((c) => c.name)).toEqual(
      expect.arrayContaining(['areas-places', 'areas-lists', 'areas-regions', 'forms-forms', 'site-schedulers', 'landing-services']),
    )
    // Named as a marketer names them; the create button names one entry: "+ Town", "+ Service".
    const collection = (name: string) =>
      (config.collections as { name: string; label: string; label_singular?: string }[]).find((c) => c.name === name)
    expect(['areas-places', 'areas-lists', 'site-schedulers', 'settings'].map((name) => collection(name)?.label)).toEqual([
      'Towns',
      'Area lists',
      'Booking links',
      'Site settings',
    ])
    expect(['areas-places', 'forms-forms', 'services', 'blog'].map((name) => collection(name)?.label_singular)).toEqual([
      'Town',
      'Form',
      'Service',
      'Post',
    ])
    for (const collection of virtual) {
      expect(collection, collection.name).toMatchObject({ create: true, identifier_field: 'key' })
      expect(collection.fields[0], collection.name).toMatchObject({ name: 'key', widget: 'string', required: true })
      expect(
        collection.fields.filter((f) => f.name === 'key'),
        collection.name,
      ).toHaveLength(1)
    }
    // A list's or a form's name follows its file's rule for names; Decap checks it as it is typed.
    expect(virtual.find((c) => c.name === 'areas-lists')!.fields[0]).toMatchObject({
      pattern: ['^[a-z0-9]+(-[a-z0-9]+)*$', expect.any(String)],
    })
    expect(virtual.find((c) => c.name === 'areas-places')!.fields[0]).not.toHaveProperty('pattern')
  })

  it('writes every label and hint meant for a marketer without a file name, a key path or a schema.org type', () => {
    const written: string[] = []
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect)
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if ((key === 'editorLabel' || key === 'editorHint') && typeof inner === 'string') written.push(inner)
          else collect(inner)
        }
      }
    }
    for (const file of readdirSync(path.join(repoRoot, 'schemas'), { recursive: true }) as string[])
      if (file.endsWith('.schema.json')) collect(readSchema(file))
    // The editor's own fields, written for a marketer too.
    const { config } = editorConfig(path.join(repoRoot, 'sites', 'system4'), names, '/admin/api/', 'http://localhost/')
    const fields = (config.collections as { fields?: Field[] }[]).flatMap((c) => c.fields ?? [])
    for (const name of ['address', 'inLists']) written.push(...fields.filter((f) => f.name === name).map((f) => String(f.hint)))
    expect(written.length).toBeGreaterThan(10)
    for (const text of written) for (const { rule, pattern } of notForMarketers) expect(text, rule).not.toMatch(pattern)
  })

  it('shows a marketer only hints written for them, on every field of every example site', () => {
    // The hint each field shows: its editorHint, else its description (a YAML editor's words).
    const hints: { field: string; hint: string }[] = []
    const collect = (fields: readonly Field[] | undefined, at: string): void => {
      for (const field of fields ?? []) {
        const name = `${at} › ${String(field.name)}`
        if (typeof field.hint === 'string') hints.push({ field: name, hint: field.hint })
        collect(field.fields as Field[] | undefined, name)
        if (field.field) collect([field.field as Field], name)
        for (const type of (field.types as { name: string; fields?: Field[] }[] | undefined) ?? [])
          collect(type.fields, `${name} › ${type.name}`)
      }
    }
    for (const site of ['system4', 'greenway', 'brightline', 'starter']) {
      const { config } = editorConfig(path.join(repoRoot, 'sites', site), names, '/admin/api/', 'http://localhost/')
      for (const collection of config.collections as { name: string; fields?: Field[]; files?: { name: string; fields?: Field[] }[] }[]) {
        collect(collection.fields, `${site}: ${collection.name}`)
        for (const file of collection.files ?? []) collect(file.fields, `${site}: ${collection.name} › ${file.name}`)
      }
    }
    expect(hints.length).toBeGreaterThan(500)
    for (const { field, hint } of hints)
      for (const { rule, pattern } of notForMarketers) expect(hint, `${rule} in the hint of ${field}: "${hint}"`).not.toMatch(pattern)
  })

  it('maps every key of every schema, or leaves it out on the commented list', () => {
    for (const site of ['system4', 'greenway', 'starter'])
      editorConfig(path.join(repoRoot, 'sites', site), names, '/admin/api/', 'http://localhost/')
    const missing: string[] = []
    const visited = new Set<Schema>()
    const visit = (file: string, schema: Schema, at: string, skipped: boolean) => {
      if (!schema || typeof schema !== 'object' || visited.has(schema)) return
      visited.add(schema)
      const resolved = deref(file, schema)
      if (resolved.schema !== schema) return visit(resolved.file, resolved.schema, at, skipped)
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const key = `${file}#${at ? `${at}.` : ''}${name}`
        const out = skipped || leftOut.includes(key)
        if (!out && !seenProperties.has(property)) missing.push(key)
        visit(file, property, `${at ? `${at}.` : ''}${name}`, out)
      }
      if (schema.items) visit(file, schema.items, `${at}.*`, skipped)
      if (typeof schema.additionalProperties === 'object') visit(file, schema.additionalProperties, `${at}.*`, skipped)
      for (const branch of schema.allOf ?? []) if (branch.then) visit(file, branch.then, at, skipped)
    }
    for (const file of ['site', 'page', 'service', 'areas', 'forms', 'landing', 'post', 'markdown-page'])
      visit(`${file}.schema.json`, readSchema(`${file}.schema.json`), '', false)
    expect(missing).toEqual([])
  })
})
