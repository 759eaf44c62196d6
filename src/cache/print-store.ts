import { closeSync } from 'node:fs'
import { endianness } from 'node:os'
import path from 'node:path'
import { hash } from './digest.js'
import {
  appendSealed,
  type CacheNote,
  damagedNote,
  openSealedFile,
  readSealedChunks,
  type SealedWords,
  unreadableNote,
  writeSealed,
} from './sealed-file.js'
import { type ShelvedShingles, type ShingleSlots, type Shingles, shingleShelf, shingleSlots, shinglesOf } from './shingle-shelf.js'

/**
 * What the plan keeps of each landing page between builds, so a warm build neither composes nor
 * fingerprints a page whose inputs did not change (landing-quality.ts), and compares only the
 * pages whose print changed (landing-similarity.ts).
 *
 * `<cache>/prints.bin` is a sequence of 32-bit words, read a piece at a time (readPrints): a magic
 * word, the signature length and two words of the citypress version's digest (summaries made by
 * other code are not reused), then per page the 5 words of its SHA-1 key, its word count, local
 * word count and shingle count n, the n shingles, the signature, and its title, description and
 * h1 (each a length, then UTF-16 code units two to a word). About 30 MB at 10,000 pages, so a few
 * new pages are appended; the file is written anew once a tenth of it is unused.
 * `<cache>/siblings.bin` holds the last comparison of siblings (see writeSiblings). Both are
 * sealed (sealed-file.ts, each append a chunk of its own): a file whose bytes do not match the
 * hashes recorded with them is not used at all, and its work is done again.
 */
export interface SavedPrintStore {
  get(key: string): LandingSummary | undefined
  set(key: string, summary: LandingSummary): void
  /** The previous build's sibling candidates, so comparing pages starts from them. */
  readonly siblings?: SiblingCandidates
  keepSiblings(candidates: SiblingCandidates): void
  /** Puts a new print's shingles away in a file until the prints are saved (shingle-shelf.ts). */
  shelve(shingles: Uint32Array): ShelvedShingles
  /**
   * Writes the prints used by this build (and only those) when anything changed, then lets go of
   * every print: only the plan uses them, and a large build renders for many seconds after it.
   */
  save(): Promise<void>
  /** Lets go of every print unsaved (a build that stopped); nothing after save. */
  close(): void
}

// What is stored, in the shapes plan/ uses (landing-quality.ts, landing-similarity.ts), written out
// here so the cache knows no stage: the plan hands its values in and gets them back.

/** A landing page's summary: its text print, local words, title, description and h1. */
export interface LandingSummary {
  readonly print: {
    readonly words: number
    readonly fingerprint: { readonly shingles: Shingles; readonly signature: Uint32Array }
  }
  readonly localWords: number
  readonly title: string
  readonly description: string
  readonly h1: string
}

/** The last comparison of siblings. */
export interface SiblingCandidates {
  readonly keys: readonly string[]
  readonly groups: string
  readonly best: Int32Array
  readonly scores: Int32Array
  readonly nearest: readonly { readonly index: number; readonly similarity: number }[]
  readonly limit: number
  readonly over: readonly { readonly index: number; readonly similarity: number }[]
}

/** 'CPF1' and 'CPS2'; read byte-swapped (another machine's file) they do not match, and the file is ignored. */
const printsMagic = 0x43504631
const siblingsMagic = 0x43505332
const keyWords = 5

/** `signatureLength`: words of a print's signature (plan/landing-similarity.ts `signatureBins`). */
export async function openPrintStore(dir: string, version: string, signatureLength: number, note?: CacheNote): Promise<SavedPrintStore> {
  const versionHash = hash(version)
  const versionWords = [parseInt(versionHash.slice(0, 8), 16), parseInt(versionHash.slice(8, 16), 16)]
  const header = [printsMagic, signatureLength, ...versionWords]
  const siblingsHeader = [siblingsMagic, ...versionWords]
  const printsFile = path.join(dir, 'prints.bin')
  const siblingsFile = path.join(dir, 'siblings.bin')
  const prints = readPrints(printsFile, header, signatureLength, note)
  const loaded = prints?.entries ?? new Map<string, LandingSummary>()
  const siblingChunks = await readWords(siblingsFile, siblingsHeader, note)
  const siblings = siblingChunks?.length === 1 ? readSiblings(siblingChunks[0]!, siblingsHeader.length) : undefined
  let keptSiblings: SiblingCandidates | undefined
  const used = new Map<string, LandingSummary>()
  let added = 0
  const shelf = shingleShelf(dir)
  const close = () => {
    loaded.clear()
    used.clear()
    keptSiblings = undefined
    prints?.close()
    shelf.close()
  }
  return {
    siblings,
    shelve: shelf.put,
    keepSiblings(candidates) {
      keptSiblings = candidates
    },
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
      try {
        await write()
      } finally {
        close()
      }
    },
    close,
  }

  async function write(): Promise<void> {
    if (keptSiblings && keptSiblings !== siblings) await writeWords(siblingsFile, [writeSiblings(siblingsHeader, keptSiblings)])
    const unused = loaded.size - (used.size - added)
    if (added === 0 && unused === 0) return
    // A few new pages (one city edited) are appended rather than rewriting 30 MB; the file is
    // written anew, with only the pages in use, once a tenth of it is unused.
    if (prints && unused <= loaded.size / 10) {
      const fresh = [...used].filter(([key]) => !loaded.has(key))
      if (await appendSealed(printsFile, asBytes(encodeEntries(fresh, [], signatureLength)))) return
    }
    await writeWords(printsFile, encodeEntries(used, header, signatureLength))
  }
}

/**
 * The entries as words, `header` first, in parts of about `partWords` (the last may be shorter,
 * an entry longer than that is a part of its own), each made when it is asked for: the whole file
 * is never in memory beside the prints it encodes.
 */
function* encodeEntries(
  entries: Iterable<readonly [string, LandingSummary]>,
  header: readonly number[],
  signatureLength: number,
  partWords = 1 << 18,
): Generator<Uint32Array> {
  let words = new Uint32Array(Math.max(partWords, header.length))
  words.set(header)
  let at = header.length
  for (const [key, summary] of entries) {
    const { print } = summary
    const size = keyWords + 3 + print.fingerprint.shingles.length + signatureLength + textWords(summary)
    if (at + size > words.length) {
      if (at > 0) yield words.subarray(0, at)
      words = new Uint32Array(Math.max(partWords, size))
      at = 0
    }
    const { shingles } = print.fingerprint
    at = writeKey(words, at, key)
    words[at++] = print.words
    words[at++] = summary.localWords
    words[at++] = shingles.length
    words.set(shinglesOf(shingles, 0), at)
    at += shingles.length
    words.set(print.fingerprint.signature, at)
    at += signatureLength
    for (const text of [summary.title, summary.description, summary.h1]) at = writeText(words, at, text)
  }
  if (at > 0) yield words.subarray(0, at)
}

/** The chunks of a sealed file of 32-bit words whose first chunk starts with `header`, or undefined. */
async function readWords(file: string, header: readonly number[], note?: CacheNote): Promise<Uint32Array[] | undefined> {
  const chunks = await readSealedChunks(file, note)
  if (!chunks || chunks.some((bytes) => bytes.length % 4 !== 0)) return undefined
  // Used in place when aligned (a large file gets a buffer of its own); else a copy aligned for
  // Uint32Array (a small one may start anywhere in a shared pool).
  const words = chunks.map((bytes) =>
    bytes.byteOffset % 4 === 0
      ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
      : new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
  )
  return header.every((word, i) => words[0]?.[i] === word) ? words : undefined
}

async function writeWords(file: string, words: Iterable<Uint32Array>): Promise<void> {
  await writeSealed(file, asBytes(words))
}

function* asBytes(parts: Iterable<Uint32Array>): Generator<Uint8Array> {
  for (const words of parts) yield new Uint8Array(words.buffer, words.byteOffset, words.byteLength)
}

/**
 * After the header: n, the groups digest (5 words), then n keys, 2n candidates, 2n estimates, per
 * page its nearest sibling (index, then the similarity as a little-endian float64), the
 * similarity limit (a float64), and per page its closest sibling over the limit (the same way).
 */
function writeSiblings(header: readonly number[], candidates: SiblingCandidates): Uint32Array {
  const n = candidates.keys.length
  const words = new Uint32Array(header.length + 1 + keyWords + n * keyWords + 4 * n + 3 * n + 2 + 3 * n)
  words.set(header)
  let at = header.length
  words[at++] = n
  for (const key of [candidates.groups, ...candidates.keys]) at = writeKey(words, at, key)
  words.set(new Uint32Array(candidates.best.buffer, candidates.best.byteOffset, 2 * n), at)
  words.set(new Uint32Array(candidates.scores.buffer, candidates.scores.byteOffset, 2 * n), at + 2 * n)
  at += 4 * n
  const view = new DataView(words.buffer)
  const writeSibling = ({ index, similarity }: SiblingCandidates['nearest'][number]) => {
    words[at] = index >>> 0
    view.setFloat64((at + 1) * 4, similarity, true)
    at += 3
  }
  candidates.nearest.forEach(writeSibling)
  view.setFloat64(at * 4, candidates.limit, true)
  at += 2
  candidates.over.forEach(writeSibling)
  return words
}

function readSiblings(words: Uint32Array, at: number): SiblingCandidates | undefined {
  const n = words[at++]!
  if (words.length !== at + keyWords + n * keyWords + 7 * n + 2 + 3 * n) return undefined
  const groups = readKey(words, at)
  const keys = Array.from({ length: n }, (_, i) => readKey(words, at + (i + 1) * keyWords))
  at += keyWords + n * keyWords
  const best = new Int32Array(words.buffer, words.byteOffset + at * 4, 2 * n)
  const scores = new Int32Array(words.buffer, words.byteOffset + (at + 2 * n) * 4, 2 * n)
  at += 4 * n
  const view = new DataView(words.buffer, words.byteOffset)
  const readSiblingList = (from: number) =>
    Array.from({ length: n }, (_, i) => ({
      index: words[from + 3 * i]! | 0,
      similarity: view.getFloat64((from + 3 * i + 1) * 4, true),
    }))
  const nearest = readSiblingList(at)
  at += 3 * n
  const limit = view.getFloat64(at * 4, true)
  const over = readSiblingList(at + 2)
  return { keys, groups, best, scores, nearest, limit, over }
}

/**
 * The summaries of prints.bin, read a piece at a time and checked against its seals as they are
 * read. Each page's shingles, most of the file (150 MB at 50,000 pages), stay in it: they are read
 * at their offset when the page is compared (in a warm build, the pages whose print changed and
 * their candidates), from the file as it was checked (the one open file). Undefined when the file
 * is missing, damaged or another citypress's.
 */
function readPrints(
  file: string,
  header: readonly number[],
  signatureLength: number,
  note?: CacheNote,
): { readonly entries: Map<string, LandingSummary>; close(): void } | undefined {
  const sealed = openSealedFile(file, note)
  if (!sealed) return undefined
  let fd: number | undefined = sealed.fd
  const close = () => {
    if (fd !== undefined) closeSync(fd)
    fd = undefined
  }
  const slots = shingleSlots(() => {
    if (fd === undefined) throw new Error('The landing prints were let go of before their shingles were read.')
    return fd
  })
  const entries = new Map<string, LandingSummary>()
  try {
    for (const [i, chunk] of sealed.chunks.entries()) {
      // Another citypress's file (or another machine's byte order) is not read on.
      const head = i === 0 && chunk.left >= header.length ? chunk.words(header.length) : undefined
      const ours = i > 0 || header.every((word, at) => head?.[at] === word)
      if (ours) readEntries(chunk, signatureLength, slots, entries)
      const intact = chunk.ended()
      if (!intact) note?.(damagedNote(file))
      if (!intact || !ours) {
        close()
        return undefined
      }
    }
  } catch (error) {
    close()
    note?.(unreadableNote(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message))
    return undefined
  }
  return { entries, close }
}

/** A page's shingles at a byte offset of prints.bin. */
class StoredShingles implements ShelvedShingles {
  constructor(
    private readonly slots: ShingleSlots,
    private readonly at: number,
    readonly length: number,
  ) {}

  read(slot: 0 | 1): Uint32Array {
    return this.slots.read(this, this.at, slot)
  }
}

/** Signatures read are copied into blocks of this many, rather than each into an array of its own. */
const signaturesPerBlock = 4096

function readEntries(chunk: SealedWords, signatureLength: number, slots: ShingleSlots, into: Map<string, LandingSummary>): void {
  let block = new Uint32Array(0)
  let inBlock = 0
  while (chunk.left >= keyWords + 3) {
    const head = chunk.words(keyWords + 3)
    const key = readKey(head, 0)
    const count = head[keyWords]!
    const localWords = head[keyWords + 1]!
    const n = head[keyWords + 2]!
    if (n + signatureLength > chunk.left) return // truncated: keep what was whole
    const shingles = new StoredShingles(slots, chunk.at, n)
    chunk.skip(n)
    if (inBlock === block.length) {
      block = new Uint32Array(signaturesPerBlock * signatureLength)
      inBlock = 0
    }
    const signature = block.subarray(inBlock, inBlock + signatureLength)
    signature.set(chunk.words(signatureLength))
    inBlock += signatureLength
    const texts: string[] = []
    for (let t = 0; t < 3; t++) {
      if (chunk.left < 1) return
      const length = chunk.words(1)[0]!
      if (Math.ceil(length / 2) > chunk.left) return
      texts.push(readText(chunk.words(Math.ceil(length / 2)), 0, length))
    }
    into.set(key, {
      print: { words: count, fingerprint: { shingles, signature } },
      localWords,
      title: texts[0]!,
      description: texts[1]!,
      h1: texts[2]!,
    })
  }
}

/** A 40-digit hex key (SHA-1) as 5 words; returns the offset after it. */
function writeKey(words: Uint32Array, at: number, key: string): number {
  for (let i = 0; i < keyWords; i++) words[at++] = parseInt(key.slice(i * 8, i * 8 + 8), 16)
  return at
}

const hexBytes = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

function readKey(words: Uint32Array, at: number): string {
  let key = ''
  for (let i = 0; i < keyWords; i++) {
    const word = words[at + i]!
    key += hexBytes[word >>> 24]! + hexBytes[(word >>> 16) & 0xff]! + hexBytes[(word >>> 8) & 0xff]! + hexBytes[word & 0xff]!
  }
  return key
}

/** Words a summary's three texts take: a length each, then their UTF-16 code units, two per word. */
function textWords(summary: LandingSummary): number {
  return 3 + [summary.title, summary.description, summary.h1].reduce((n, t) => n + Math.ceil(t.length / 2), 0)
}

function writeText(words: Uint32Array, at: number, text: string): number {
  words[at++] = text.length
  for (let i = 0; i < text.length; i += 2) words[at++] = text.charCodeAt(i) | ((i + 1 < text.length ? text.charCodeAt(i + 1) : 0) << 16)
  return at
}

// Two code units to a word, the first in the low half: on a little-endian machine (the file is
// only ever read where it was written, see the magic word) that is UTF-16LE in memory.
const utf16 = endianness() === 'LE' ? new TextDecoder('utf-16le') : undefined

function readText(words: Uint32Array, at: number, length: number): string {
  if (utf16) return utf16.decode(new Uint8Array(words.buffer, words.byteOffset + at * 4, length * 2))
  let text = ''
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < length; start += 4096) {
    const codes: number[] = []
    for (let i = start; i < Math.min(length, start + 4096); i++) codes.push((words[at + (i >> 1)]! >>> ((i & 1) * 16)) & 0xffff)
    text += String.fromCharCode(...codes)
  }
  return text
}
