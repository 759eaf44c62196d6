import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { hash } from './digest.js'
import path from 'node:path'
import type { PrintStore, TextPrint } from '../plan/landing-quality.js'
import { signatureBins } from '../plan/landing-similarity.js'

/**
 * The landing quality gate's text prints, kept between builds in one binary file
 * (`<cache>/prints.bin`), so a warm build fingerprints only the pages whose text changed.
 *
 * The file is a sequence of little 32-bit words, read in one go and used in place (no parsing
 * per entry): a magic word, then per entry the 5 words of its SHA-1 key, the word count, the
 * shingle count n, n shingles and the signature. 10,000 pages make about 30 MB.
 */
export interface SavedPrintStore extends PrintStore {
  /** Writes the prints used by this build (and only those) when anything changed. */
  save(): Promise<void>
}

/** 'CPF1'; read byte-swapped (another machine's file) it does not match, and the file is ignored. */
const magic = 0x43504631
const keyWords = 5

export async function openPrintStore(file: string, version: string): Promise<SavedPrintStore> {
  const signatureLength = signatureBins
  const header = [magic, signatureLength, parseInt(hash(version).slice(0, 8), 16), parseInt(hash(version).slice(8, 16), 16)]
  const loaded = new Map<string, TextPrint>()
  const bytes = await readFile(file).catch(() => undefined)
  if (bytes && bytes.length % 4 === 0) {
    // A copy aligned for Uint32Array (readFile's buffer may start anywhere in a shared pool).
    const words = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
    if (header.every((word, i) => words[i] === word)) readEntries(words, header.length, signatureLength, loaded)
  }
  const used = new Map<string, TextPrint>()
  let added = 0
  return {
    get(key) {
      const print = loaded.get(key)
      if (print) used.set(key, print)
      return print
    },
    set(key, print) {
      used.set(key, print)
      added++
    },
    async save() {
      if (added === 0 && used.size === loaded.size) return
      const size = header.length + [...used.values()].reduce((n, p) => n + keyWords + 2 + p.fingerprint.shingles.length + signatureLength, 0)
      const words = new Uint32Array(size)
      words.set(header)
      let at = header.length
      for (const [key, print] of used) {
        for (let i = 0; i < keyWords; i++) words[at++] = parseInt(key.slice(i * 8, i * 8 + 8), 16)
        words[at++] = print.words
        words[at++] = print.fingerprint.shingles.length
        words.set(print.fingerprint.shingles, at)
        at += print.fingerprint.shingles.length
        words.set(print.fingerprint.signature, at)
        at += signatureLength
      }
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, words)
      await rename(temporary, file)
    },
  }
}

function readEntries(words: Uint32Array, at: number, signatureLength: number, into: Map<string, TextPrint>): void {
  while (at + keyWords + 2 <= words.length) {
    let key = ''
    for (let i = 0; i < keyWords; i++) key += words[at + i]!.toString(16).padStart(8, '0')
    at += keyWords
    const count = words[at++]!
    const n = words[at++]!
    if (at + n + signatureLength > words.length) return // truncated: keep what was whole
    const shingles = words.subarray(at, at + n)
    const signature = words.subarray(at + n, at + n + signatureLength)
    at += n + signatureLength
    into.set(key, { words: count, fingerprint: { shingles, signature } })
  }
}
