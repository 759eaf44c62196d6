import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPrintStore } from '../../src/cache/print-store.js'
import { removeLeftovers } from '../../src/cache/sealed-file.js'
import { shingleShelf, shinglesOf } from '../../src/cache/shingle-shelf.js'
import { type LandingSummary, partPrinter } from '../../src/plan/landing-quality.js'
import { findNearestSiblings, signatureBins } from '../../src/plan/landing-similarity.js'
import { closestAbove } from '../../src/plan/similar-pairs.js'
import { tempDir } from '../helpers/site.js'

/** Sorted distinct words, as a page's shingles are: `length` of them from `seed`. */
const shinglesFrom = (seed: number, length: number) => Uint32Array.from({ length }, (_, i) => seed * 1_000_003 + i * 7)

const shelfFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('.shingles.'))

describe('the shelf that keeps landing prints in a file while the plan compares them', () => {
  it('reads back every page put away, in either slot, across its write buffer, and removes its file when closed', async () => {
    const dir = await tempDir()
    const shelf = shingleShelf(dir)
    // 300 pages of 1,000 shingles: past the 2^18 words written at once.
    const pages = Array.from({ length: 300 }, (_, i) => shinglesFrom(i, 1000 + (i % 7)))
    const shelved = pages.map((shingles) => shelf.put(shingles))
    expect(shelved.every((s) => !(s instanceof Uint32Array))).toBe(true)
    expect(await shelfFiles(dir)).toHaveLength(1)
    for (const [i, s] of shelved.entries()) {
      expect(s.length).toBe(pages[i]!.length)
      // Two pages at once, as a pair is compared.
      const other = shelved[(i * 37) % shelved.length]!
      const [a, b] = [s.read(0), other.read(1)]
      expect(a).toEqual(pages[i])
      expect(b).toEqual(pages[(i * 37) % shelved.length])
    }
    shelf.close()
    expect(await shelfFiles(dir)).toEqual([])
    expect(() => shelved[0]!.read(1)).toThrow()
  })

  it('makes no file until a page is put away', async () => {
    const dir = await tempDir()
    shingleShelf(dir).close()
    expect(await readdir(dir)).toEqual([])
  })

  it('keeps the shingles in memory where the cache folder cannot take a file', async () => {
    const dir = await tempDir()
    const inTheWay = path.join(dir, 'cache')
    await writeFile(inTheWay, 'a file where the cache folder belongs')
    const shelf = shingleShelf(inTheWay)
    const shelved = shelf.put(shinglesFrom(1, 50))
    expect(shelved.read(0)).toEqual(shinglesFrom(1, 50))
    shelf.close()
  })

  it('is a leftover once its process is gone, as every temporary file of the cache', async () => {
    const dir = await tempDir()
    const shelf = shingleShelf(dir)
    shelf.put(shinglesFrom(1, 10))
    // This process is alive: its shelf is not a leftover.
    expect(await removeLeftovers(dir)).toBe(0)
    const [name] = await shelfFiles(dir)
    expect(name).toMatch(new RegExp(`^\\.shingles\\.${process.pid}-[0-9a-f]+\\.tmp$`))
    shelf.close()
  })

  it('gives the gate the same verdicts as prints kept in memory', async () => {
    const dir = await tempDir()
    const words = (town: number, n: number) =>
      Array.from({ length: n }, (_, i) => (i % 9 === 4 ? `town${town}word${i}` : `common${i}`)).join(' ')
    const texts = Array.from({ length: 60 }, (_, i) => [words(i % 20, 200 + (i % 5) * 10)])
    const groups = texts.map((_, i) => [`service:${i % 3}`, `town:${i % 20}`])
    const store = await openPrintStore(dir, 'v1', signatureBins)
    const shelvedPrinter = partPrinter(store.shelve)
    const inMemoryPrinter = partPrinter()
    const shelved = texts.map((parts) => shelvedPrinter.print(parts).fingerprint)
    const inMemory = texts.map((parts) => inMemoryPrinter.print(parts).fingerprint)
    expect(shelved[0]!.shingles).not.toBeInstanceOf(Uint32Array)
    expect(shelved.map((p) => [...shinglesOf(p.shingles, 0)])).toEqual(inMemory.map((p) => [...shinglesOf(p.shingles, 0)]))
    expect(findNearestSiblings(shelved, groups, 0.5)).toEqual(findNearestSiblings(inMemory, groups, 0.5))
    expect(closestAbove(shelved, groups, 0.5)).toEqual(closestAbove(inMemory, groups, 0.5))
    store.close()
  })

  it('writes shelved prints into prints.bin, which a later build reads back whole', async () => {
    const dir = await tempDir()
    const text = (i: number) => [`Page ${i} about cleaning in Town ${i} with words ${i * 7}`]
    const first = await openPrintStore(dir, 'v1', signatureBins)
    const shelvedPrinter = partPrinter(first.shelve)
    for (let i = 0; i < 20; i++) {
      const summary: LandingSummary = {
        print: shelvedPrinter.print(text(i)),
        localWords: i,
        title: `T${i}`,
        description: `D${i}`,
        h1: `H${i}`,
      }
      first.set(String(i).padStart(40, '0'), summary)
    }
    await first.save()
    expect(await shelfFiles(dir)).toEqual([])
    const second = await openPrintStore(dir, 'v1', signatureBins)
    const printer = partPrinter()
    for (let i = 0; i < 20; i++) {
      const kept = second.get(String(i).padStart(40, '0'))!
      const print = printer.print(text(i))
      expect([...shinglesOf(kept.print.fingerprint.shingles, 0)]).toEqual([...shinglesOf(print.fingerprint.shingles, 0)])
      expect(kept.print.fingerprint.signature).toEqual(print.fingerprint.signature)
    }
    second.close()
  })
})
