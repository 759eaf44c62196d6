import { describe, expect, it } from 'vitest'
import { parseYaml } from '../../src/config/read/read-yaml.js'
import { collectNow } from '../../src/tool/heap-growth.js'
import { isOneByte } from '../helpers/string-width.js'

const problems = (text: string) => parseYaml(text, 'site.yaml').errors.map((e) => ({ line: e.line, column: e.column, message: e.message }))

describe('keys of a YAML mapping', () => {
  it('reports a key the mapping already has at the later key, in block and flow mappings, nested or not', () => {
    expect(problems('name: A\nphone: "+1"\nname: B\n')).toEqual([
      { line: 3, column: 1, message: 'Map keys must be unique. This file is not valid YAML, so nothing in it could be read.' },
    ])
    expect(problems('theme:\n  colors: { brand: "#123456", brand: "#654321" }\n')).toEqual([
      { line: 2, column: 31, message: 'Map keys must be unique. This file is not valid YAML, so nothing in it could be read.' },
    ])
    expect(problems('places:\n  Salem, OR:\n    local: x\n  Keizer, OR: {}\n  "Salem, OR": {}\n').map((p) => p.line)).toEqual([5])
    expect(problems('items:\n  - a: 1\n    b: 2\n    a: 3\n').map((p) => [p.line, p.column])).toEqual([[4, 5]])
  })

  it('takes keys of different types as different keys, as yaml does', () => {
    expect(problems('1: one\n"1": also one\ntrue: yes\n"true": also\n')).toEqual([])
  })

  it('lists every duplicate and the other mistakes of a file in the order they are written', () => {
    const found = problems('a: 1\na: 2\nb:\n\t- tabbed\n')
    expect(found.length).toBeGreaterThan(1)
    expect(found.map((p) => p.line ?? 0)).toEqual([...found.map((p) => p.line ?? 0)].sort((x, y) => x - y))
    expect(found[0]).toMatchObject({ line: 2, column: 1 })
  })

  it('reads a mapping of 20,000 names with one duplicate, the duplicate at its line', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `  Town ${i}, OR: {}`)
    names.push('  Town 7, OR: {}')
    expect(problems(`places:\n${names.join('\n')}\n`).map((p) => p.line)).toEqual([20_002])
  })
})

describe('values of a YAML file', () => {
  it('reads every string exactly, escapes and lone surrogates included, as copies made for keeping', () => {
    const text = 'a: "A place with a long name"\nb: "\\ud800 and a lone half"\nc: [Café au lait, "😀 a pair of halves here"]\nd: short\n'
    expect(parseYaml(text, 'site.yaml').source.data).toEqual({
      a: 'A place with a long name',
      b: '\ud800 and a lone half',
      c: ['Café au lait', '😀 a pair of halves here'],
      d: 'short',
    })
  })

  it('gives values that do not keep the text of their file in memory', () => {
    const heap = () => (collectNow(), process.memoryUsage().heapUsed)
    const before = heap()
    // 20 MB of text, gone once read; the value kept is a plain scalar, which yaml cuts out of it.
    const read = () => parseYaml(`# ${'-'.repeat(20_000_000)}\nkeep: A value long enough to be a view into the text\n`, 'areas.yaml')
    const kept = (read().source.data as { keep: string }).keep
    expect(kept).toBe('A value long enough to be a view into the text')
    expect(heap() - before).toBeLessThan(5_000_000)
  })

  it('keeps names and values one byte a character when a text elsewhere in the file is not Latin-1', () => {
    const text =
      'places:\n  Salem, OR:\n    local: The courthouse – and the mill\n    name: Keizer Station\n    tags: [Riverfront, Orchard Heights]\n'
    const data = parseYaml(text, 'areas.yaml').source.data as { places: Record<string, { name: string; tags: string[] }> }
    const [name] = Object.keys(data.places)
    const place = data.places[name!]!
    expect([name!, place.name, ...place.tags]).toEqual(['Salem, OR', 'Keizer Station', 'Riverfront', 'Orchard Heights'])
    expect([name!, place.name, ...place.tags].map(isOneByte)).toEqual([true, true, true, true])
  })
})
