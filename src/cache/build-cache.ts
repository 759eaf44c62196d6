import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { cachePaths, sitePaths } from '../site/paths.js'
import { hash } from './digest.js'
import { type LineShelf, lineShelf } from './line-shelf.js'
import { acquireLock, describeHolder, type Lock } from './lock.js'
import type { FolderListing } from './output-record.js'
import { type OutputRecord, outputUnchanged, readOutputRecord, writeOutputRecord } from './output-record.js'
import { openPageCache, type PageCache } from './page-cache.js'
import { openPageMemo, type PageMemo } from './page-memo.js'
import { openPrintStore, type SavedPrintStore } from './print-store.js'
import { ensureCacheFolder, removeLeftovers } from './sealed-file.js'

export interface BuildCacheOptions {
  /** The site folder. */
  readonly site: string
  /** The cache folder; undefined: nothing is cached. */
  readonly cacheDir: string | undefined
  /** The image variants' folder, cleared of leftovers with the rest. */
  readonly imageCacheDir: string | undefined
  readonly outDir: string
  /** Whether the build writes an output folder (then its record is kept: up to date, kept output). */
  readonly write: boolean
  /** The citypress version and a digest of its code: changed code trusts nothing cached. */
  readonly toolVersion: string
  /** Words of a landing page's print signature (plan/landing-similarity.ts). */
  readonly signatureLength: number
  /** Told once when another build holds the cache, with a sentence naming it. */
  readonly onWait?: (message: string) => void
}

/**
 * The one door to `<site>/.citypress/cache` for build(): it takes the cache's lock, opens each
 * store (starting the reads early, so they overlap the config's parsing), answers whether the
 * output is up to date, and saves everything once the output is committed. The stores check
 * every entry against the hash recorded with it (sealed-file.ts, page-cache.ts); `notes` holds a
 * line for each entry that could not be trusted.
 */
export interface BuildCache<Result> {
  readonly notes: readonly string[]
  /** Adds a line for an entry a store outside this module could not trust (image variants). */
  note(message: string): void
  /** Where loadSite keeps parsed files (config/read/read-cache.ts), under `schemas` besides the code. */
  configCache(schemas: string): { readonly file: string; readonly version: string; readonly note: (message: string) => void } | undefined
  /** The plan's print store, read while the config loaded. */
  prints(): Promise<SavedPrintStore | undefined>
  /** Writes what the plan printed, while the build goes on (entries are keyed by their inputs). */
  savePrints(): void
  /** Rendered pages of earlier builds; `shared` digests what every page depends on. */
  openPages(shared: string): Promise<PageCache | undefined>
  /** What the checks took from each cached page. */
  pageMemo(): Promise<PageMemo | undefined>
  /**
   * A file of the cache folder for lines only the end of this build reads (line-shelf.ts), removed
   * by `close` if not before; undefined without a cache folder.
   */
  shelf(name: string): LineShelf | undefined
  /**
   * The last build's result, when the output folder holds exactly what this build would write:
   * `parts` (every output file's name and content digest, settings) as the last build recorded,
   * its files untouched, and the cached pages they link to intact.
   */
  upToDate(parts: readonly string[], pages: PageCache | undefined, pageKeys: Iterable<string>): Promise<Result | undefined>
  /** Where the output this build replaces is kept, and what it held (write-output.ts `keep`). */
  keep(): Promise<{ readonly folder: string; readonly listing?: FolderListing; readonly current?: FolderListing } | undefined>
  /**
   * The last build's result, when it recorded the same `inputs` (site-inputs.ts) and the output
   * folder still holds exactly what it wrote: nothing it read changed, so neither would anything
   * it made. Asked before the config is loaded.
   */
  replay(inputs: string): Promise<Result | undefined>
  /** For an up-to-date output: records `inputs` and `result` with it, so the next build may replay it. */
  recordInputs(inputs: string, result: Result): Promise<void>
  /** Waits for the writes started early (the prints): before rendering, so they are let go of, and before the output is committed. */
  settle(): Promise<void>
  /** After the output was committed: prunes and stamps the pages, writes the memo and the output record. */
  save(done: {
    readonly pages: PageCache | undefined
    readonly keys: ReadonlySet<string>
    readonly committed?: { readonly output: FolderListing; readonly kept?: FolderListing; readonly linked?: ReadonlySet<string> }
    readonly result: Result
    readonly inputs?: string
  }): Promise<void>
  /** Gives the lock up; call once, whatever happened. */
  close(): Promise<void>
}

export async function openBuildCache<Result>(options: BuildCacheOptions): Promise<BuildCache<Result>> {
  const dir = options.cacheDir
  const outPath = path.resolve(options.outDir)
  const notes: string[] = []
  const note = (message: string) => void notes.push(message)
  // One build at a time per cache folder: two would replace each other's cached pages and output
  // folders mid-way. The second waits; neither fails.
  let lock: Lock | undefined
  if (dir !== undefined) {
    const lockFile = cachePaths(dir).lock
    await ensureCacheFolder(path.dirname(lockFile))
    lock = await acquireLock(lockFile, (holder) =>
      options.onWait?.(`Waiting for ${describeHolder(holder)}, which is building this site with the same cache…`),
    )
    // Holding the lock, no other build writes here: temporary files of dead processes are leftovers.
    await Promise.all([dir, ...(options.imageCacheDir ? [options.imageCacheDir] : [])].map((folder) => removeLeftovers(folder)))
  }
  const recordFile = dir !== undefined && options.write ? path.join(dir, 'output.json') : undefined
  // Read while the config loads. Until awaited, a failure must not count as unhandled (a failed
  // config ends the build first); awaiting rethrows it.
  const early = <T>(work: Promise<T>): Promise<T> => (work.catch(() => {}), work)
  // The stores are read once the config starts loading (a build that replays the last one loads nothing).
  let stores: { readonly prints: Promise<SavedPrintStore>; readonly memo: Promise<PageMemo> } | undefined
  const read = () =>
    dir === undefined
      ? undefined
      : (stores ??= {
          prints: early(openPrintStore(dir, options.toolVersion, options.signatureLength, note)),
          memo: early(openPageMemo(cachePaths(dir).pages, note)),
        })
  const recordRead = recordFile === undefined ? undefined : early(readOutputRecord<Result>(recordFile, note))
  let printsSaved: Promise<void> | undefined
  const shelves: LineShelf[] = []
  let madeOf: string | undefined
  // With the published-URL record as it is when asked: the build may add to it after the commit.
  const fingerprint = async (siteRoot: string) =>
    hash(`${madeOf}\n${await readFile(sitePaths(siteRoot).publishedUrls, 'utf8').catch(() => '')}`)
  const own = async (): Promise<OutputRecord<Result> | undefined> => {
    const record = await recordRead
    // A record of another output folder says nothing about this one.
    return record?.outDir === outPath ? record : undefined
  }

  return {
    notes,
    note,
    configCache(schemas) {
      if (dir === undefined) return undefined
      read()
      return { file: path.join(dir, 'config.json'), version: `${options.toolVersion}+${schemas}`, note }
    },
    prints: async () => read()?.prints,
    savePrints() {
      const prints = read()?.prints
      printsSaved = prints && early(prints.then((store) => store.save()))
    },
    openPages: async (shared) => (dir === undefined ? undefined : openPageCache({ dir, shared, note })),
    pageMemo: async () => read()?.memo,
    shelf(name) {
      if (dir === undefined) return undefined
      const shelf = lineShelf(dir, name)
      shelves.push(shelf)
      return shelf
    },
    async upToDate(parts, pages, pageKeys) {
      if (recordFile === undefined) return undefined
      madeOf = hash([options.toolVersion, outPath, ...parts].join('\n'))
      const record = await recordRead
      const siteRoot = path.resolve(options.site)
      // The output's pages are hard links to the cached ones: they are as built only while those are.
      if (record?.fingerprint !== (await fingerprint(siteRoot)) || !outputUnchanged(record, options.outDir) || !pages?.intact(pageKeys))
        return undefined
      await printsSaved
      return record.result
    },
    async keep() {
      if (recordFile === undefined) return undefined
      const ownRecord = await own()
      // Beside the cache, not in it: a CI that keeps the cache would store every page twice (its
      // copy has no hard links) for a folder a fresh checkout cannot use (its inodes differ).
      return { folder: sitePaths(options.site).previousOutput, listing: ownRecord?.previous, current: ownRecord?.listing }
    },
    async replay(inputs) {
      const record = await own()
      return record?.inputs === inputs && outputUnchanged(record, options.outDir) ? record.result : undefined
    },
    async recordInputs(inputs, result) {
      const record = await own()
      if (recordFile && record && record.inputs !== inputs) await writeOutputRecord(recordFile, { ...record, inputs, result })
    },
    async settle() {
      await printsSaved
    },
    async save({ pages, keys, committed, result, inputs }) {
      await pages?.save(keys, committed?.linked)
      await (await stores?.memo)?.save(keys)
      if (recordFile && madeOf !== undefined && committed) {
        await writeOutputRecord(recordFile, {
          outDir: outPath,
          fingerprint: await fingerprint(path.resolve(options.site)),
          result,
          inputs,
          listing: committed.output,
          previous: committed.kept,
        })
      }
    },
    async close() {
      // A build that stopped before saving its prints still removes their shelf's file.
      await printsSaved?.catch(() => {})
      await stores?.prints.then(
        (store) => store.close(),
        () => {},
      )
      await stores?.memo.then(
        (memo) => memo.close(),
        () => {},
      )
      for (const shelf of shelves) shelf.close()
      await lock?.release()
    },
  }
}
