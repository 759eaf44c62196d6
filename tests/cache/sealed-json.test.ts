import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSealedJson, unseal, writeSealedJson } from '../../src/cache/sealed-file.js'
import { JsonText, jsonChunks } from '../../src/tool/json-chunks.js'

/** A value written later than the rest, as the page memo's are: its own JSON under its key. */
class Unwritten {
  constructor(readonly value: unknown) {}
  toJSON(key: string) {
    return { key, value: this.value }
  }
}

const textOf = (value: unknown, chunkLength?: number, space?: number) =>
  Buffer.concat([...jsonChunks(value, chunkLength, space)]).toString('utf8')

describe('cache files written as JSON a chunk at a time', () => {
  const many = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`page-${i}`, new Unwritten([i, i * 2, `→ ${i}`])]))
  const value = {
    id: 'a1',
    values: { facts: many, empty: {}, none: [] },
    strings: { toJSON: () => Array.from({ length: 3000 }, (_, i) => `/lp/town-${i}`) },
    skipped: undefined,
    fn: () => 1,
    list: [1, undefined, () => 2, Symbol('s'), -0, Number.NaN, Number.POSITIVE_INFINITY, null, 'é “quoted” \u2028'],
    date: new Date(0),
    nested: { deeper: { deepest: { deepest2: [{ a: undefined, b: [new Unwritten(1)] }] } } },
    '2': 'an index-like key, which JSON.stringify writes first',
    noPrototype: Object.assign(Object.create(null), { a: 1 }),
  }

  it('gives exactly the text JSON.stringify gives, whatever the size of the chunks', () => {
    const whole = JSON.stringify(value)
    for (const chunkLength of [1, 7, 1000, 1 << 20]) expect(textOf(value, chunkLength), `chunks of ${chunkLength}`).toBe(whole)
    for (const plain of [1, 'text', null, [], {}, [[[]]], { a: [{ b: {} }] }]) expect(textOf(plain)).toBe(JSON.stringify(plain))
  })

  it('gives exactly the text JSON.stringify gives with its lines indented, for any indent', () => {
    for (const space of [1, 2, 4, 12])
      for (const chunkLength of [1, 1000]) {
        expect(textOf(value, chunkLength, space), `indent ${space}, chunks of ${chunkLength}`).toBe(JSON.stringify(value, null, space))
      }
    for (const plain of [1, 'text', null, [], {}, [[[]]], { a: [{ b: {} }] }, { a: undefined }, [undefined]])
      expect(textOf(plain, 1, 2)).toBe(JSON.stringify(plain, null, 2))
  })

  it('writes JSON made as it is written where the value holds it, piece by piece', () => {
    const pieces = function* () {
      yield '{'
      for (let i = 0; i < 2500; i++) yield `${i > 0 ? ',' : ''}"page-${i}":[${i},${i * 2}]`
      yield '}'
    }
    const made = { id: 'a1', values: { facts: new JsonText(pieces) }, strings: ['/'] }
    const plain = { id: 'a1', values: { facts: JSON.parse([...pieces()].join('')) }, strings: ['/'] }
    for (const chunkLength of [1, 1000, 1 << 20]) expect(textOf(made, chunkLength)).toBe(JSON.stringify(plain))
  })

  it('never makes a chunk much longer than asked, for a file of many entries', () => {
    const lengths = [...jsonChunks(value, 4096)].map((chunk) => chunk.toString('utf8').length)
    expect(lengths.length).toBeGreaterThan(20)
    // A chunk ends at the first piece past the length: one entry, at most a few dozen bytes here.
    expect(Math.max(...lengths)).toBeLessThan(4096 + 100)
  })

  it('reads back what was written, sealed', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'citypress-sealed-json-'))
    try {
      const file = path.join(folder, 'values.json')
      await writeSealedJson(file, value)
      expect(unseal(await readFile(file))?.toString('utf8')).toBe(JSON.stringify(value))
      expect(await readSealedJson(file)).toEqual(JSON.parse(JSON.stringify(value)))
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
