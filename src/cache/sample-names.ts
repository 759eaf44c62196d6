import path from 'node:path'
import { toolStoreDir } from '../tool/package.js'
import { hash } from './digest.js'
import { type CacheNote, readSealedJson, writeSealedJson } from './sealed-file.js'

/**
 * The selector names each page sampled for the stylesheet cuts was found to use
 * (render/page-stylesheets.ts), by the page's text: an edit to one sampled page (a service's first
 * town is one) renders that page again to cut the stylesheets anew, not every sample. Null for a
 * page whose template threw. Kept in the tool store, as the cuts are: the names decide which rules
 * a page is published with. One file for each `scope` (citypress, the templates and the render
 * context, all of which a page's names follow from), holding the last cut's samples only.
 */
export interface SampleNames {
  get(text: string): readonly string[] | null | undefined
  set(text: string, names: readonly string[] | null): void
  /** Writes the names of the samples asked for or set since it was opened, when any was new. */
  save(): Promise<void>
}

type Stored = Record<string, readonly string[] | null>

export async function openSampleNames(scope: string, note?: CacheNote): Promise<SampleNames> {
  const file = path.join(toolStoreDir(), 'page-names', `${hash(scope)}.json`)
  const stored = (await readSealedJson<Stored>(file, note)) ?? {}
  const used: Stored = {}
  let added = false
  return {
    get(text) {
      const key = hash(text)
      const names = Object.hasOwn(stored, key) ? stored[key] : undefined
      if (names === null || (Array.isArray(names) && names.every((name) => typeof name === 'string'))) {
        used[key] = names
        return names
      }
      return undefined
    },
    set(text, names) {
      used[hash(text)] = names
      added = true
    },
    async save() {
      if (!added) return
      // Not ours to write (a read-only store): the names only save work.
      await writeSealedJson(file, used).catch(() => undefined)
    },
  }
}
