import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './helpers/site.js'

// The schema says of every text field whether it takes Markdown or plain text,
// at the start of its description, which is what an editor shows on hover.
const schemaDir = path.join(repoRoot, 'schemas')
// section.schema.json only dispatches to schemas/sections/, which are checked themselves.
const skipped = new Set(['section.schema.json'])
/** Keys whose strings are names, addresses or codes, not text a visitor reads. */
const identifiers = new Set([
  'id',
  'name',
  'path',
  'slug',
  'type',
  'form',
  'list',
  'landingService',
  'service',
  'area',
  'href',
  'src',
  'icon',
  'image',
  'url',
  'email',
  'phone',
  'number',
  'country',
  'region',
  'county',
  'width',
  'height',
  'heroHeight',
  'scheduler',
  'menu',
  'tone',
  'layout',
  'value',
  'autocomplete',
  'pattern',
  'inputmode',
  'date',
  'updated',
  'opens',
  'closes',
  'titleTemplate',
  'language',
  'trailingSlash',
  'provider',
  'endpoint',
  'level',
  'size',
  'at',
  'columns',
  'state',
  'code',
  'published',
])

type Schema = {
  [key: string]: unknown
  properties?: Record<string, Schema>
  items?: Schema
  description?: string
  $ref?: string
  type?: unknown
}

function unlabelled(node: unknown, where: string, found: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) unlabelled(item, where, found)
    return
  }
  if (!node || typeof node !== 'object') return
  const schema = node as Schema
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const target = property.type === 'array' && property.items ? property.items : property
    const description = property.description ?? ''
    // landing.yaml's texts with {city} tokens: #/definitions/markdownText and #/definitions/text.
    const isMarkdown = target.$ref?.endsWith('/markdown') || target.$ref?.endsWith('/markdownText')
    const isTokenText = target.$ref?.endsWith('/definitions/text')
    const isText =
      isTokenText ||
      (target.type === 'string' &&
        !['pattern', 'enum', 'format', 'const', 'citypressRef'].some((k) => k in target) &&
        !identifiers.has(key))
    if (isMarkdown && !description.startsWith('Markdown')) found.push(`${where}.${key} (Markdown)`)
    if (isText && !description.startsWith('Plain text') && !description.startsWith('Markdown')) found.push(`${where}.${key} (plain text)`)
  }
  for (const [key, value] of Object.entries(schema)) unlabelled(value, key === 'properties' ? where : `${where}/${key}`, found)
}

describe('the text policy of the schemas', () => {
  it('labels every text field "Markdown" or "Plain text" at the start of its description', () => {
    const found: string[] = []
    const files = [...readdirSync(schemaDir), ...readdirSync(path.join(schemaDir, 'sections')).map((f) => `sections/${f}`)]
    for (const file of files.filter((f) => f.endsWith('.schema.json') && !skipped.has(f))) {
      unlabelled(JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')), file, found)
    }
    expect(found).toEqual([])
  })
})
