import { randomBytes } from 'node:crypto'
import { appendFile, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { JsonText, jsonChunks } from '../tool/json-chunks.js'
import { type LineShelf, lineShelf } from './line-shelf.js'
import { type CacheNote, readCacheFile, readSealed, sealDigest, writeSealedJson } from './sealed-file.js'
import { ownPath } from './site-folder.js'

/**
 * How a derived value travels through JSON. Strings that many pages share (navigation and footer
 * links, ids) go through `strings`: stored once in the file and referred to by number, which
 * makes the file a fifth of the size and quick to read and write.
 */
export interface MemoCodec<T> {
  encode(value: T, strings: StringTable): unknown
  decode(json: unknown, strings: StringTable): T
}

export interface StringTable {
  /** The number that stands for `text` in the file. */
  number(text: string): number
  text(number: number): string
}

/**
 * What the checks derive from each page (links, ids, forms, size), kept beside the page cache
 * and keyed like it: a page reused from the cache has exactly the HTML it had when its facts
 * were taken, so a warm build neither reads nor parses it again (at 10,000 pages, reading and
 * parsing every reused page cost about 6 s of a warm build).
 */
export interface PageMemo {
  /**
   * The value named `name` for the page whose cached file is `source`: remembered, or `known`
   * (worked out where the page was rendered), or computed from its HTML (`contents` when the
   * caller has it, else read from `source`), and remembered.
   */
  derive<T>(options: DeriveOptions<T>): Promise<T>
  /** Writes what this build derived, for the pages in `keep` only. */
  save(keep: ReadonlySet<string>): Promise<void>
  /** Lets go of what this build derived and did not save (a build that stopped). */
  close(): void
}

export interface DeriveOptions<T> {
  readonly name: string
  readonly source: string
  readonly contents?: string
  readonly known?: T
  readonly codec: MemoCodec<T>
  readonly compute: (html: string) => T
}

interface Stored {
  /** Names this writing of the file: lines of the journal carry it. */
  readonly id: string
  readonly strings: string[]
  /** How many strings the table had when it was last written from scratch. */
  readonly compacted: number
  readonly values: Record<string, Record<string, unknown>>
}

/**
 * One line of the journal: what one build changed. `from` is the table's length before its
 * strings, so a line is applied only onto the very table it was written against.
 */
interface JournalLine {
  readonly id: string
  readonly from: number
  readonly strings: string[]
  readonly set: Record<string, Record<string, unknown>>
  readonly drop: string[]
}

/**
 * `derived.json` is written whole (5 MB at 10,000 pages) only now and then: a build that changed
 * a few pages appends what it changed as one line to `derived.log`, and the file is written whole
 * once the journal has grown to a quarter of it. Both are checked against hashes recorded when
 * they were written (the file sealed, each line prefixed with its own keyed digest): a line that does
 * not fit (damaged, cut short by a killed build, or written against another writing of the
 * file) ends the reading there; values are keyed by the page's cache key, so a value lost is
 * only worked out again, never wrong.
 */
export async function openPageMemo(pagesDir: string, note?: CacheNote): Promise<PageMemo> {
  const file = path.join(pagesDir, 'derived.json')
  const journalFile = path.join(pagesDir, 'derived.log')
  const text = (await readSealed(file, note))?.toString('utf8') ?? ''
  const read = parseJson<Partial<Stored>>(text) ?? {}
  let stored: Stored =
    Array.isArray(read.strings) && read.values && typeof read.id === 'string'
      ? (read as Stored)
      : { id: '', strings: [], compacted: 0, values: {} }
  const startedEmpty = stored.strings.length === 0
  const journal = startedEmpty ? '' : ((await readCacheFile(journalFile, note))?.bytes.toString('utf8') ?? '')
  let journalFits = true
  for (const line of journal.split('\n')) {
    if (!line) continue
    const entry = checkedLine(line)
    if (entry?.id !== stored.id || entry.from !== stored.strings.length) {
      if (!entry)
        note?.(
          'the cache file pages/derived.log was damaged or not written here (a line does not match its seal); what it held is worked out again',
        )
      journalFits = false
      break
    }
    for (const string of entry.strings) stored.strings.push(string)
    for (const [name, byKey] of Object.entries(entry.set)) Object.assign((stored.values[name] ??= {}), byKey)
    for (const key of entry.drop) for (const byKey of Object.values(stored.values)) delete byKey[key]
  }
  const stringsAtOpen = stored.strings.length
  const journaling = !startedEmpty && journalFits
  let table = tableOf(stored.strings)
  const codecs = new Map<string, MemoCodec<unknown>>()
  /**
   * What this build works out, by name: encoded as it comes and put away (line-shelf.ts), one
   * line `<key> <json>` each, since only `save` reads it. (Kept as objects until then, at 50,000
   * pages they were about a fifth of what the main thread held at the end of rendering.)
   */
  const added = new Map<string, LineShelf>()
  const shelfOf = (name: string) => {
    let shelf = added.get(name)
    if (!shelf) added.set(name, (shelf = lineShelf(pagesDir, 'derived')))
    return shelf
  }
  const close = () => {
    for (const shelf of added.values()) shelf.close()
    added.clear()
  }
  let changed = false
  /**
   * Strings of pages that are gone stay in the table until it has half again as many as when it
   * was last written from scratch; then the file is written whole, every value encoded anew.
   */
  const tableOutgrown = () => stored.strings.length > Math.max(1000, stored.compacted * 1.5)
  return {
    async derive<T>({ name, source, contents, known, codec, compute }: DeriveOptions<T>): Promise<T> {
      codecs.set(name, codec as MemoCodec<unknown>)
      // Only files of the page cache are named by their key; anything else is computed each time.
      const key = path.dirname(source) === pagesDir ? path.basename(source, '.html') : undefined
      const remembered = key === undefined ? undefined : stored.values[name]?.[key]
      if (remembered !== undefined) return codec.decode(remembered, table)
      const computed = known ?? compute(contents ?? (await readFile(source, 'utf8')))
      if (key === undefined) return computed
      const encoded = codec.encode(computed, table)
      shelfOf(name).put(`${key} ${JSON.stringify(encoded)}`)
      changed = true
      // A value from another thread is a copy of every string: read back, it shares the table's.
      return known === undefined ? computed : codec.decode(encoded, table)
    },
    async save(keep) {
      try {
        await saveKept(keep)
      } finally {
        close()
      }
    },
    close,
  }

  async function saveKept(keep: ReadonlySet<string>): Promise<void> {
    const dropped = new Set<string>()
    for (const byKey of Object.values(stored.values)) {
      for (const key in byKey) {
        if (!keep.has(key)) {
          delete byKey[key]
          dropped.add(key)
          changed = true
        }
      }
    }
    if (!changed) return
    /** Each name's values as one JSON object: those read (unless `onlyAdded`), then this build's, each key once and kept. */
    const valuesOf = (name: string, recode?: (json: unknown) => unknown, onlyAdded = false) =>
      new JsonText(function* () {
        const seen = new Set<string>()
        let first = true
        const entry = (key: string, json: string) => {
          const text = `${first ? '{' : ','}${JSON.stringify(key)}:${json}`
          first = false
          return text
        }
        const byKey = stored.values[name] ?? {}
        if (!onlyAdded)
          for (const key in byKey) {
            seen.add(key)
            yield entry(key, JSON.stringify(recode ? recode(byKey[key]) : byKey[key]))
          }
        for (const line of added.get(name)?.lines() ?? []) {
          const key = line.slice(0, line.indexOf(' '))
          if (!keep.has(key) || seen.has(key)) continue
          seen.add(key)
          const json = line.slice(key.length + 1)
          yield entry(key, recode ? JSON.stringify(recode(JSON.parse(json))) : json)
        }
        yield first ? '{}' : '}'
      })
    const names = [...new Set([...Object.keys(stored.values), ...added.keys()])]
    const addedLength = [...added.values()].reduce((sum, shelf) => sum + shelf.length, 0)
    // A few pages' changes go on the journal; a file started empty in this build is written whole.
    if (journaling && journal.length + addedLength < text.length / 4 && !tableOutgrown()) {
      const json = Buffer.concat([
        ...jsonChunks({
          id: stored.id,
          from: stringsAtOpen,
          set: Object.fromEntries([...added.keys()].map((name) => [name, valuesOf(name, undefined, true)])),
          drop: [...dropped],
          strings: stored.strings.slice(stringsAtOpen),
        }),
      ]).toString('utf8')
      const line = `${sealDigest(json).toString('hex')} ${json}\n`
      // A journal that cannot be appended to (a folder in its place) is replaced by writing the file whole.
      if (
        journal.length + line.length < text.length / 4 &&
        (await appendFile(ownPath(journalFile), line).then(
          () => true,
          () => false,
        ))
      )
        return
    }
    let values: Record<string, JsonText>
    let recompacted = startedEmpty
    // An outgrown table is made afresh from the values kept, each encoded anew.
    if (!startedEmpty && tableOutgrown()) {
      const fresh = tableOf([])
      const old = table
      values = {}
      for (const name of names) {
        const codec = codecs.get(name)
        if (codec) values[name] = valuesOf(name, (json) => codec.encode(codec.decode(json, old), fresh))
      }
      stored = { ...stored, strings: fresh.strings }
      table = fresh
      recompacted = true
    } else values = Object.fromEntries(names.map((name) => [name, valuesOf(name)]))
    // The journal goes first: lines left over from a killed build must not meet the new file
    // (its id would turn them away anyway).
    await rm(ownPath(journalFile), { recursive: true, force: true })
    await writeSealedJson(file, {
      id: randomBytes(6).toString('hex'),
      values,
      // Both taken after `values` is written: encoding anew adds strings. A table started empty
      // in this build holds only what its values use.
      strings: { toJSON: () => stored.strings },
      compacted: { toJSON: () => (recompacted ? stored.strings.length : stored.compacted) },
    })
  }
}

/** A journal line's entry, when the line starts with its keyed digest (sealed-file.ts). */
function checkedLine(line: string): JournalLine | undefined {
  const json = line.slice(41)
  return line[40] === ' ' && sealDigest(json).toString('hex') === line.slice(0, 40) ? parseJson<JournalLine>(json) : undefined
}

function parseJson<T>(text: string): T | undefined {
  try {
    return text ? (JSON.parse(text) as T) : undefined
  } catch {
    return undefined
  }
}

function tableOf(strings: string[]): StringTable & { readonly strings: string[] } {
  let numbers: Map<string, number> | undefined
  return {
    strings,
    number(text) {
      // Built on first use: a warm build only reads.
      numbers ??= new Map(strings.map((s, i) => [s, i]))
      let n = numbers.get(text)
      if (n === undefined) {
        n = strings.push(text) - 1
        numbers.set(text, n)
      }
      return n
    },
    text: (n) => strings[n]!,
  }
}

/** Remembers nothing: every value is computed from the page (builds without a page cache). */
export const noPageMemo: PageMemo = {
  async derive({ source, contents, known, compute }) {
    return known ?? compute(contents ?? (await readFile(source, 'utf8')))
  },
  async save() {},
  close() {},
}

/**
 * For values that many pages have alike (a page's forms): the value's JSON goes into the string
 * table, so the file holds it once and each page a number (a fifth of derived.json was 10,000
 * copies of two forms), and pages with the same value share one object, which must not change.
 */
export function sharedJsonCodec<T>(): MemoCodec<T> {
  const parsed = new Map<string, T>()
  return {
    encode: (value, strings) => strings.number(JSON.stringify(value)),
    decode: (json, strings) => {
      const text = strings.text(json as number)
      let value = parsed.get(text)
      if (value === undefined) parsed.set(text, (value = JSON.parse(text) as T))
      return value
    },
  }
}
