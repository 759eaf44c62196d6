import { describe, expect, it } from 'vitest'
import { shinglesOf } from '../../src/cache/shingle-shelf.js'
import { partPrinter, printText, type QualityInput, scoreLandingPages, weakestPages } from '../../src/plan/landing-quality.js'
import { findNearestSiblings, fingerprintWords, updateNearestSiblings } from '../../src/plan/landing-similarity.js'
import { wordsOf } from '../../src/plan/landing-text.js'
import { jaccard } from '../../src/plan/similar-pairs.js'
import { wordBlocks } from '../../src/tool/word-blocks.js'

const print = (text: string) => fingerprintWords(wordsOf(text))
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${(i * 7919) % 1009}`).join(' ')

describe('word 5-gram similarity', () => {
  it('is 1 for the same text and 0 for texts with no five words in a row in common', () => {
    expect(
      jaccard(
        print('the quick brown fox jumps over the lazy dog').shingles,
        print('The quick brown fox jumps over the lazy dog.').shingles,
      ),
    ).toBe(1)
    expect(jaccard(print(words(50, 'a')).shingles, print(words(50, 'b')).shingles)).toBe(0)
  })

  it('drops as a shared text gets its own words', () => {
    const shared = words(200, 'x')
    const a = print(`${shared} ${words(20, 'a')}`)
    const b = print(`${shared} ${words(20, 'b')}`)
    const c = print(`${shared} ${words(200, 'c')}`)
    expect(jaccard(a.shingles, b.shingles)).toBeGreaterThan(0.75)
    expect(jaccard(a.shingles, c.shingles)).toBeLessThan(0.55)
  })

  it('prints a text part by part exactly as it prints the whole text', () => {
    const printer = partPrinter()
    const pages = [
      [
        'Office cleaning in Dayton',
        'We clean **offices** & lobbies every night.',
        'What’s included? Floors, desks and kitchens.',
        'ΟΔΟΣ ΣΟΦΟΚΛΕΟΥΣ',
      ],
      [
        'Office cleaning in Xenia',
        'We clean **offices** & lobbies every night.',
        'What’s included? Floors, desks and kitchens.',
        'it’s',
        "one'",
        'two',
      ],
      ['Short'],
    ].map((parts) => parts.map(printer.toText))
    for (const parts of pages) expect(printer.print(parts)).toEqual(printText(parts.join(' ')))
  })

  it('keeps the prints of one printer in shared blocks that the C allocator maps on their own', () => {
    const printer = partPrinter()
    const a = printer.print([words(300, 'a')])
    const b = printer.print([words(300, 'b')])
    expect(a).toEqual(printText(words(300, 'a')))
    expect(b).toEqual(printText(words(300, 'b')))
    const block = shinglesOf(a.fingerprint.shingles, 0).buffer
    for (const array of [a.fingerprint.signature, shinglesOf(b.fingerprint.shingles, 0), b.fingerprint.signature])
      expect(array.buffer).toBe(block)
    expect(block.byteLength).toBeGreaterThanOrEqual(32 * 2 ** 20)
    // Another printer's prints are let go with it: blocks of its own.
    expect(shinglesOf(partPrinter().print([words(300, 'a')]).fingerprint.shingles, 0).buffer).not.toBe(block)
  })

  it('cuts word arrays from blocks without overlap, a new block when one is full, and a longer array on its own', () => {
    const allocate = wordBlocks()
    const first = allocate(3)
    const second = allocate(5)
    second.fill(7)
    expect([...first]).toEqual([0, 0, 0])
    expect(second.buffer).toBe(first.buffer)
    expect(second.byteOffset).toBe(first.byteOffset + 3 * 4)
    const rest = allocate(first.buffer.byteLength / 4 - 8)
    expect(rest.buffer).toBe(first.buffer)
    expect(allocate(1).buffer).not.toBe(first.buffer)
    const long = allocate(first.buffer.byteLength / 4 + 1)
    expect(long.byteOffset).toBe(0)
    expect(long.buffer.byteLength).toBe(long.byteLength)
  })

  it('finds each page’s most similar sibling within its groups only', () => {
    const shared = words(300, 'x')
    const prints = [
      print(`${shared} ${words(10, 'a')}`),
      print(`${shared} ${words(10, 'b')}`),
      print(words(300, 'c')),
      print(`${shared} ${words(12, 'd')}`),
    ]
    // Page 3 is as alike page 0 as page 1 is, but shares no group with it.
    const nearest = findNearestSiblings(prints, [['s:1'], ['s:1', 'a:x'], ['s:1'], ['s:2', 'a:x']], 0.9)
    expect(nearest.map((n) => n.index)).toEqual([1, 0, 0, 1])
    expect(nearest[0]!.similarity).toBeCloseTo(jaccard(prints[0]!.shingles, prints[1]!.shingles), 10)
    expect(nearest[2]!.similarity).toBe(0)
  })
})

describe('updating the comparison after some pages changed', () => {
  // 60 pages in 3 services × 20 cities; texts share a service part and a city part, as landing
  // pages do, so there are many near-ties.
  const text = (service: number, city: number, edit = '') => `${words(120, `s${service}x`)} ${words(40, `c${city}x`)} ${edit}`
  const pages = Array.from({ length: 60 }, (_, i) => ({ service: i % 3, city: Math.floor(i / 3) }))
  const groups = pages.map((p) => [`service:${p.service}`, `city:${p.city}`])
  const keysOf = (edits: Map<number, string>) =>
    pages.map((_, i) => `${i.toString(16).padStart(8, '0')}${(edits.get(i) ?? '').length.toString(16).padStart(32, '0')}`)
  const printsOf = (edits: Map<number, string>) => pages.map((p, i) => print(text(p.service, p.city, edits.get(i))))

  it('finds the same nearest siblings as comparing every pair again', () => {
    // Pages 31 and 34 (one service, two cities) get the same long text, over the limit; then 34
    // loses it, so 31, unchanged, must look for its closest sibling again.
    const copy = new Map([
      [0, words(5, 'f')],
      [31, words(1000, 'z')],
      [34, words(1000, 'z')],
      [59, words(200, 'g')],
    ])
    let previous = updateNearestSiblings(printsOf(new Map()), groups, keysOf(new Map()), 0.9).candidates
    const copyLost = new Map([...copy].filter(([page]) => page !== 34))
    for (const edits of [new Map([[7, words(30, 'e')]]), copy, copyLost, new Map([[7, words(30, 'e')]]), new Map()]) {
      const prints = printsOf(edits)
      const updated = updateNearestSiblings(prints, groups, keysOf(edits), 0.9, previous)
      const fresh = updateNearestSiblings(prints, groups, keysOf(edits), 0.9)
      expect(updated.nearest).toEqual(findNearestSiblings(prints, groups, 0.9))
      expect(updated.candidates).toEqual(fresh.candidates)
      previous = updated.candidates
    }
    expect(findNearestSiblings(printsOf(copy), groups, 0.9)[31], 'the copy is over the limit').toMatchObject({ index: 34 })
    expect(findNearestSiblings(printsOf(copy), groups, 0.9)[31]!.similarity).toBeGreaterThan(0.9)
  })

  it('finds the same nearest siblings in a group too large to compare every pair', () => {
    // 300 towns of one service: each page is estimated against its `neighbours` only.
    const towns = Array.from({ length: 300 }, (_, city) => text(0, city))
    const large = towns.map(() => ['service:0'])
    const keys = (edited: number) => towns.map((_, i) => `${i.toString(16).padStart(8, '0')}${i === edited ? '1' : '0'}`.padEnd(40, '0'))
    const before = updateNearestSiblings(towns.map(print), large, keys(-1), 0.9)
    const edited = towns.map((t, i) => print(i === 150 ? `${t} ${words(30, 'e')}` : t))
    const updated = updateNearestSiblings(edited, large, keys(150), 0.9, before.candidates)
    expect(updated.nearest).toEqual(findNearestSiblings(edited, large, 0.9))
    expect(updated.candidates.best).toEqual(updateNearestSiblings(edited, large, keys(150), 0.9).candidates.best)
  })

  it('starts afresh when the pages or their groups are not the ones compared before', () => {
    const before = updateNearestSiblings(printsOf(new Map()), groups, keysOf(new Map()), 0.9)
    const regrouped = groups.map((g, i) => (i === 5 ? [g[0]!] : g))
    const prints = printsOf(new Map())
    expect(updateNearestSiblings(prints, regrouped, keysOf(new Map()), 0.9, before.candidates).nearest).toEqual(
      findNearestSiblings(prints, regrouped, 0.9),
    )
  })
})

describe('the quality score', () => {
  const page = (url: string, text: string, localWords: number, extra: Partial<QualityInput> = {}): QualityInput => ({
    url,
    area: 'Springfield, IL',
    print: printText(text),
    localWords,
    groups: ['service:x'],
    unique: { title: url, description: url, h1: url },
    ...extra,
  })
  const settings = { minLocalWords: 40, maxSimilarity: 0.9, minWords: 0 }

  it('fails a page for each reason it has, and lists failing pages first in the report', () => {
    const shared = words(400, 'x')
    const pages = scoreLandingPages(
      [
        page('/lp/a', `${shared} ${words(100, 'a')}`, 60),
        page('/lp/b', `${shared} ${words(3, 'b')}`, 60),
        page('/lp/c', `${shared} ${words(3, 'c')}`, 12),
        page('/lp/d', words(500, 'd'), 80, { unique: { title: '/lp/a', description: '/lp/d', h1: '/lp/d' } }),
      ],
      settings,
    )
    expect(pages.map((p) => [p.url, p.indexable, p.reasons.map((r) => r.replace(/\d+%/, 'N%'))])).toEqual([
      ['/lp/a', true, []],
      ['/lp/b', false, ['main text N% identical to /lp/c (limit 90%)']],
      ['/lp/c', false, ['local paragraph has 12 words, fewer than 40', 'main text N% identical to /lp/b (limit 90%)']],
      ['/lp/d', false, ['same title as /lp/a']],
    ])
    expect(weakestPages(pages, 4).at(-1)!.url).toBe('/lp/a')
  })

  it('follows a stricter similarity limit set in landing.yaml', () => {
    const shared = words(400, 'x')
    const inputs = [page('/lp/a', `${shared} ${words(100, 'a')}`, 60), page('/lp/b', `${shared} ${words(100, 'b')}`, 60)]
    expect(scoreLandingPages(inputs, settings).every((p) => p.indexable)).toBe(true)
    expect(scoreLandingPages(inputs, { ...settings, maxSimilarity: 0.5 }).some((p) => p.indexable)).toBe(false)
  })
})
