import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPrintStore } from '../../src/cache/print-store.js'
import { readSealed } from '../../src/cache/sealed-file.js'
import { shinglesOf } from '../../src/cache/shingle-shelf.js'
import { type LandingSummary, printText } from '../../src/plan/landing-quality.js'
import { signatureBins } from '../../src/plan/landing-similarity.js'
import { tempDir } from '../helpers/site.js'

const summary = (i: number): LandingSummary => ({
  print: printText(
    `Page ${i} about commercial cleaning in Town ${i}, with its own ${i % 3 === 0 ? 'long ' : ''}words and numbers ${i * 7}.`,
  ),
  localWords: 40 + i,
  title: `Cleaning in Town ${i}, IL`,
  description: `Offices in Town ${i} — “quoted” and ünïcödé.`,
  h1: `Town ${i}`,
})
const key = (i: number) => i.toString(16).padStart(40, '0')
/** A summary read back, its shingles read from the file (each read reuses one buffer: copied). */
const readBack = (summary: LandingSummary | undefined) =>
  summary && {
    ...summary,
    print: {
      ...summary.print,
      fingerprint: { ...summary.print.fingerprint, shingles: shinglesOf(summary.print.fingerprint.shingles, 0).slice() },
    },
  }

/** A folder whose prints.bin holds the summaries of pages 0 to `count` − 1, as a build saves them. */
async function savedSummaries(count: number): Promise<string> {
  const dir = await tempDir()
  const store = await openPrintStore(dir, 'v1', signatureBins)
  for (let i = 0; i < count; i++) store.set(key(i), summary(i))
  await store.save()
  return dir
}

describe('the landing summaries kept between builds', () => {
  it('reads back every summary as written, after a full write and after appending a few', async () => {
    const dir = await savedSummaries(100)
    const size = (await stat(path.join(dir, 'prints.bin'))).size

    // A later build uses 98 of them and adds 3: appended, not rewritten.
    const second = await openPrintStore(dir, 'v1', signatureBins)
    for (let i = 2; i < 100; i++) expect(readBack(second.get(key(i)))).toEqual(summary(i))
    for (let i = 100; i < 103; i++) second.set(key(i), summary(i))
    await second.save()
    expect((await stat(path.join(dir, 'prints.bin'))).size).toBeGreaterThan(size)

    const third = await openPrintStore(dir, 'v1', signatureBins)
    for (let i = 0; i < 103; i++) expect(readBack(third.get(key(i)))).toEqual(summary(i))
    // Another citypress trusts none of them.
    expect((await openPrintStore(dir, 'v2', signatureBins)).get(key(5))).toBeUndefined()
  })

  it('writes a file larger than one part of its encoding as one sealed whole that reads back', async () => {
    // About 100 words a summary: several parts of 2^18 words.
    const dir = await savedSummaries(8000)
    const file = path.join(dir, 'prints.bin')
    expect((await stat(file)).size).toBeGreaterThan(3 * 4 * 2 ** 18)
    // Written whole: one sealed chunk, not one per part.
    expect(await readSealed(file)).toBeDefined()
    const second = await openPrintStore(dir, 'v1', signatureBins)
    for (let i = 0; i < 8000; i++) expect(readBack(second.get(key(i)))).toEqual(summary(i))
  })

  it('writes the file anew with only the summaries in use once many are unused', async () => {
    const dir = await savedSummaries(100)
    const second = await openPrintStore(dir, 'v1', signatureBins)
    for (let i = 0; i < 50; i++) second.get(key(i))
    await second.save()
    const third = await openPrintStore(dir, 'v1', signatureBins)
    expect(readBack(third.get(key(10)))).toEqual(summary(10))
    expect(third.get(key(60))).toBeUndefined()
  })

  it('leaves each page’s shingles in the file, reads them when asked, and lets go of the file once saved', async () => {
    const dir = await tempDir()
    const first = await openPrintStore(dir, 'v1', signatureBins)
    // One page whose shingles are longer than a piece read at once (2^20 bytes), among short ones.
    const long = Uint32Array.from({ length: 300_000 }, (_, i) => i * 3 + 1)
    const longSummary = { ...summary(1), print: { ...summary(1).print, fingerprint: { ...summary(1).print.fingerprint, shingles: long } } }
    first.set(key(0), summary(0))
    first.set(key(1), longSummary)
    first.set(key(2), summary(2))
    await first.save()

    const second = await openPrintStore(dir, 'v1', signatureBins)
    const stored = second.get(key(1))!.print.fingerprint.shingles
    expect(stored).not.toBeInstanceOf(Uint32Array)
    expect(stored.length).toBe(long.length)
    expect(shinglesOf(stored, 1)).toEqual(long)
    expect(readBack(second.get(key(2)))).toEqual(summary(2))
    await second.save()
    expect(() => shinglesOf(stored, 0)).toThrow(/let go of/)
  })

  it('uses nothing of a file one byte of which changed, in its header or far into its shingles, and says so', async () => {
    const dir = await savedSummaries(8000)
    const file = path.join(dir, 'prints.bin')
    const written = await readFile(file)
    // The version's words, then a byte past the first piece read, inside a page's words: only the seal tells.
    for (const at of [9, 2 * 2 ** 20 + 1]) {
      const bytes = Buffer.from(written)
      bytes[at] = bytes[at]! ^ 0x40
      await writeFile(file, bytes)
      const notes: string[] = []
      const second = await openPrintStore(dir, 'v1', signatureBins, (note) => notes.push(note))
      expect(second.get(key(0))).toBeUndefined()
      expect(second.get(key(7999))).toBeUndefined()
      expect(notes).toEqual([expect.stringMatching(/prints\.bin was damaged or not written here/)])
      second.close()
    }
  })
})
