import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { hash } from './digest.js'
import { isAsStamped, stampOf, type FileStamp } from './file-stamp.js'
import { readSealedJson, writeSealedJson, type CacheNote } from './sealed-file.js'

export interface InputsCacheOptions<T> {
  /** Names the entry, e.g. `templates`. */
  name: string
  /** The folder it is kept in: the site's (toolCacheDir in src/paths.ts), never the package's. */
  dir: string
  /** Everything besides file contents that the result depends on (options, versions). */
  key: string
  /** Does the work; returns its result (plain JSON data) and the absolute paths of every file it read. */
  compute: () => Promise<{ value: T; inputs: readonly string[] }>
  /** Told when the entry was damaged (the build's --verbose cache lines). */
  note?: CacheNote
}

/**
 * Returns the cached result of `compute` when `key` and the contents of every file it read last
 * time are unchanged, else runs it and remembers the result. For esbuild bundles: checking the
 * 200-odd input files listed in esbuild's metafile takes a few milliseconds, bundling 150.
 */
export async function cachedByInputs<T>({ name, dir, key, compute, note }: InputsCacheOptions<T>): Promise<T> {
  const file = path.join(dir, `${name}.json`)
  const entry = await readSealedJson<Entry<T>>(file, note)
  const held = entry?.key === key ? await checkInputs(entry) : undefined
  if (held?.unchanged) {
    // Files written again with the same bytes: stamped anew, so the next build need not read them.
    if (held.restamped) await save(file, { ...entry!, stamps: held.stamps })
    return entry!.value
  }
  const { value, inputs } = await compute()
  const read = await readInputs(inputs)
  await save(file, { key, inputs: read.hashes, stamps: read.stamps, value })
  return value
}

/**
 * A digest of the entry `name` as kept in `dir` (its key and the hashes of what it read), when
 * every file it read is unchanged since: what a build that reuses it would get. Undefined when
 * it is missing, damaged or out of date.
 */
export async function heldEntryDigest(name: string, dir: string): Promise<string | undefined> {
  const entry = await readSealedJson<Entry<unknown>>(path.join(dir, `${name}.json`))
  if (!entry?.inputs || !(await checkInputs(entry)).unchanged) return undefined
  return hash(JSON.stringify([entry.key, entry.inputs]))
}

interface Entry<T> {
  key: string
  /** Absolute path → sha1 of its contents ('' when it could not be read). */
  inputs: Record<string, string>
  /** Absolute path → the file's stat when it was hashed, so an unchanged file is not read again. */
  stamps?: Record<string, FileStamp>
  value: T
}

/**
 * Each file's hash and its stamp, taken before it is read: a write during the read changes the
 * stamp, so the next check reads it again. `restamped`: some file found has a stamp other than
 * the known one.
 */
async function readInputs(paths: readonly string[], known?: Pick<Entry<unknown>, 'inputs' | 'stamps'>): Promise<{ hashes: Record<string, string>; stamps: Record<string, FileStamp>; restamped: boolean }> {
  const hashes: Record<string, string> = {}
  const stamps: Record<string, FileStamp> = {}
  let restamped = false
  await Promise.all(paths.map(async (p) => {
    const stats = await stat(p).catch(() => undefined)
    if (!stats) return void (hashes[p] = '')
    const was = known?.stamps?.[p]
    const same = was !== undefined && isAsStamped(stats, was)
    stamps[p] = stampOf(stats)
    if (!same) restamped = true
    hashes[p] = same && known!.inputs[p] ? known!.inputs[p]! : await readFile(p).then(hash, () => '')
  }))
  return { hashes, stamps, restamped }
}

/** Whether every file the entry read holds the bytes it read (read only where its stamp changed). */
async function checkInputs(entry: Entry<unknown>): Promise<{ unchanged: boolean; restamped: boolean; stamps: Record<string, FileStamp> }> {
  const { hashes, stamps, restamped } = await readInputs(Object.keys(entry.inputs), entry)
  return { unchanged: Object.entries(entry.inputs).every(([p, h]) => hashes[p] === h), restamped, stamps }
}

async function save(file: string, entry: Entry<unknown>): Promise<void> {
  try {
    await writeSealedJson(file, entry)
  } catch {
    // Not ours to write (another user's install, a read-only one): the entry only saves work.
  }
}

/** Absolute input paths from an esbuild metafile (virtual modules such as `citypress:icons` left out). */
export function metafileInputs(metafile: { inputs: Record<string, unknown> }, workingDir: string): string[] {
  return Object.keys(metafile.inputs).filter((p) => !p.includes(':')).map((p) => path.resolve(workingDir, p))
}
