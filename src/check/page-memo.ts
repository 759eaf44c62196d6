import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** How a derived value travels through JSON (a Set becomes an array, and back). */
export interface MemoCodec<T> {
  encode(value: T): unknown
  decode(json: unknown): T
}

/**
 * What the checks derive from each page (links, ids, forms, size), kept beside the page cache
 * and keyed like it: a page reused from the cache has exactly the HTML it had when its facts
 * were taken, so a warm build neither reads nor parses it again (at 10,000 pages, reading and
 * parsing every reused page cost about 6 s of a warm build; issue 8).
 */
export interface PageMemo {
  /**
   * The value named `name` for the page whose cached file is `source`: remembered, or computed
   * from its HTML (`contents` when the caller has it, else read from `source`) and remembered.
   */
  derive<T>(options: { name: string; source: string; contents?: string; codec: MemoCodec<T>; compute: (html: string) => T }): Promise<T>
  /** Writes what this build derived, for the pages in `keep` only. */
  save(keep: ReadonlySet<string>): Promise<void>
}

type Stored = Record<string, Record<string, unknown>>

export async function openPageMemo(pagesDir: string): Promise<PageMemo> {
  const file = path.join(pagesDir, 'derived.json')
  const stored: Stored = await readFile(file, 'utf8').then((t) => JSON.parse(t) as Stored, () => ({}))
  let changed = false
  return {
    async derive({ name, source, contents, codec, compute }) {
      // Only files of the page cache are named by their key; anything else is computed each time.
      const key = path.dirname(source) === pagesDir ? path.basename(source, '.html') : undefined
      const known = key === undefined ? undefined : stored[name]?.[key]
      if (known !== undefined) return codec.decode(known)
      const value = compute(contents ?? await readFile(source, 'utf8'))
      if (key !== undefined) {
        ;(stored[name] ??= {})[key] = codec.encode(value)
        changed = true
      }
      return value
    },
    async save(keep) {
      for (const byKey of Object.values(stored)) {
        for (const key of Object.keys(byKey)) {
          if (!keep.has(key)) {
            delete byKey[key]
            changed = true
          }
        }
      }
      if (!changed) return
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, JSON.stringify(stored))
      await rename(temporary, file)
    },
  }
}

/** Remembers nothing: every value is computed from the page (builds without a page cache). */
export const noPageMemo: PageMemo = {
  async derive({ source, contents, compute }) {
    return compute(contents ?? await readFile(source, 'utf8'))
  },
  async save() {},
}

/** For values that are plain JSON already. */
export function plainCodec<T>(): MemoCodec<T> {
  return { encode: (value) => value, decode: (json) => json as T }
}
