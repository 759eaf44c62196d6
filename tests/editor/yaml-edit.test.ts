import { readFileSync } from 'node:fs'
import fg from 'fast-glob'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { editYaml, renameKey } from '../../src/editor/yaml-edit.js'

const sample = `# yaml-language-server: $schema=../schemas/service.schema.json
title: Roof Repair  # shown in the menu
tags: [a, b]
items:
  # the first one
  - title: One
    text: First
  - title: Two
body: |
  Line one
  line two
last: 3
`

/** The lines between the common first and last lines of two texts, before and after. */
function changedRegion(before: string, after: string): [string[], string[]] {
  const a = before.split('\n')
  const b = after.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  return [a.slice(head, a.length - tail), b.slice(head, b.length - tail)]
}

function changedLines(before: string, after: string): string[] {
  const a = before.split('\n')
  const b = after.split('\n')
  return b.filter((line, i) => a[i] !== line)
}

describe('editYaml', () => {
  it('changes one scalar on its own line and keeps its comment', () => {
    const data = parse(sample)
    const out = editYaml(sample, { ...data, title: 'Roofing' })!
    expect(out).toBe(sample.replace('title: Roof Repair ', 'title: Roofing '))
  })

  it('keeps a block scalar a block scalar', () => {
    const data = parse(sample)
    const out = editYaml(sample, { ...data, body: 'Line one\nline three\n' })!
    expect(out).toContain('body: |\n  Line one\n  line three\n')
    expect(parse(out).body).toBe('Line one\nline three\n')
  })

  it('keeps a folded paragraph folded, its lines as wide as they were', () => {
    const text = [
      'places:',
      '  Salem, OR:',
      '    local: >-',
      '      We have mowed Salem lawns since 2009, from the older streets near the capitol',
      '      to the new subdivisions in the south hills, where clay soil holds water into June.',
      '    county: Marion County',
      '',
    ].join('\n')
    const paragraph = `${parse(text).places['Salem, OR'].local} Our crew lives in town, so a visit starts on time.`
    const out = editYaml(text, { places: { 'Salem, OR': { local: paragraph, county: 'Marion County' } } })!
    expect(parse(out).places['Salem, OR'].local).toBe(paragraph)
    const lines = out.split('\n')
    expect(lines[2]).toBe('    local: >-')
    expect(lines.slice(3, -2).length).toBeGreaterThan(2)
    for (const line of lines.slice(3, -2)) expect(line.trim().length).toBeLessThanOrEqual(82)
    expect(lines.at(-2)).toBe('    county: Marion County')
  })

  it('quotes a string that would read as another type', () => {
    const out = editYaml(sample, { ...parse(sample), title: 'true' })!
    expect(parse(out).title).toBe('true')
  })

  it('adds and removes list items in the file indentation', () => {
    const data = parse(sample)
    const added = editYaml(sample, { ...data, items: [...data.items, { title: 'Three' }] })!
    expect(added).toContain('  - title: Two\n  - title: Three\nbody')
    const removed = editYaml(sample, { ...data, items: [data.items[1]] })!
    expect(removed).toContain('items:\n  # the first one\n  - title: Two\n')
  })

  it('keeps a flow list in flow style', () => {
    const out = editYaml(sample, { ...parse(sample), tags: ['a', 'b', 'c'] })!
    expect(changedLines(sample, out)).toEqual(['tags: [a, b, c]'])
  })

  it('edits a value inside a flow map where it stands, the map keeping its spacing', () => {
    const text = 'links:\n  - { label: "Covington, KY", href: /lp/covington-cleaning }  # footer\n'
    const target = { links: [{ label: 'Covington, KY', href: '/lp/covington-city-cleaning' }] }
    expect(editYaml(text, target)).toBe('links:\n  - { label: "Covington, KY", href: /lp/covington-city-cleaning }  # footer\n')
  })

  it('adds a new key after its neighbour and removes an emptied one', () => {
    const { last, ...rest } = parse(sample)
    const out = editYaml(sample, { ...rest, subtitle: 'New', last })!
    expect(parse(out)).toEqual({ ...rest, subtitle: 'New', last })
    const gone = editYaml(sample, rest)!
    expect(gone).toBe(sample.replace('last: 3\n', ''))
  })

  it('adds a key above the blank line that parts its map from the next section', () => {
    const text = 'lists:\n  main:\n    - A\n\n# Places\nplaces: {}\n'
    const out = editYaml(text, { lists: { main: ['A'], north: ['B'] }, places: {} })!
    expect(out).toBe('lists:\n  main:\n    - A\n  north:\n    - B\n\n# Places\nplaces: {}\n')
  })

  it('parts a new key by a blank line where the map parts its keys so', () => {
    const text = 'forms:\n  a:\n    x: 1\n\n  b:\n    x: 2\nmessages: {}\n'
    const out = editYaml(text, { forms: { a: { x: 1 }, b: { x: 2 }, c: { x: 3 } }, messages: {} })!
    expect(out).toBe('forms:\n  a:\n    x: 1\n\n  b:\n    x: 2\n\n  c:\n    x: 3\nmessages: {}\n')
  })

  it('writes an emptied nested map as `{}` rather than a key without value', () => {
    const text = 'places:\n  A:\n    county: X\n  B:\n    county: Y\n'
    expect(editYaml(text, { places: { A: {}, B: { county: 'Y' } } })).toBe('places:\n  A: {}\n  B:\n    county: Y\n')
  })

  it('renames a key in place, its quoting, comment and value lines kept', () => {
    const text = 'places:\n  # the first\n  "Springfield, IL": {}  # home\n  Shelbyville, IL:\n    county: Shelby County\nlists: {}\n'
    expect(renameKey(text, 'places', 'Springfield, IL', 'Springfield Township, IL')).toBe(
      text.replace('"Springfield, IL"', '"Springfield Township, IL"'),
    )
    expect(renameKey(text, 'places', 'Shelbyville, IL', 'Shelbyville: North')).toBe(
      text.replace('Shelbyville, IL:', '"Shelbyville: North":'),
    )
    expect(renameKey(text, 'places', 'Nowhere', 'Else')).toBeUndefined()
  })

  it('edits every scalar of every example YAML file changing only that line', () => {
    const files = fg.sync(['sites/*/**/*.yaml'], { ignore: ['**/node_modules/**'] })
    let edits = 0
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const data = parse(text)
      expect(editYaml(text, data)).toBe(text)
      const strings = [...scalars(data, [])].filter(([, value]) => typeof value === 'string' && !value.includes('\n'))
      // Spread over each file: a dozen edits per file keep the test within its CPU budget.
      const step = Math.max(1, Math.floor(strings.length / 12))
      for (const [path, value] of strings.filter((_, i) => i % step === 0)) {
        const target = structuredClone(data)
        setAt(target, path, `${value} x`)
        const out = editYaml(text, target)
        expect(out, `${file} ${path.join('.')}`).toBeDefined()
        expect(parse(out!)).toEqual(target)
        // A block scalar's text may span other lines than before (a folded one may gain a line);
        // no other key's line moves.
        const [before, after] = changedRegion(text, out!)
        const depth = (line: string) => /^ */.exec(line)![0].length
        expect(before.length + after.length, `${file} ${path.join('.')}`).toBeGreaterThan(0)
        expect(
          before.slice(1).every((line) => depth(line) >= depth(before[0]!)),
          `${file} ${path.join('.')}`,
        ).toBe(true)
        edits++
      }
    }
    expect(edits).toBeGreaterThan(200)
  })
})

function* scalars(value: unknown, path: (string | number)[]): Generator<[(string | number)[], unknown]> {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* scalars(v, [...path, i])
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* scalars(v, [...path, k])
  else yield [path, value]
}

// biome-ignore lint/suspicious/noExplicitAny: walks any parsed YAML value by its path
function setAt(target: any, path: (string | number)[], value: unknown): void {
  let at = target
  for (const key of path.slice(0, -1)) at = at[key]
  at[path.at(-1)!] = value
}
