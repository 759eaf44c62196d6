import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { hash } from './digest.js'
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
 * time are unchanged, else runs it and remembers the result. For esbuild bundles: hashing the
 * 60-odd input files listed in esbuild's metafile takes a few milliseconds, bundling 150.
 */
export async function cachedByInputs<T>({ name, dir, key, compute, note }: InputsCacheOptions<T>): Promise<T> {
  const file = path.join(dir, `${name}.json`)
  const entry = await readSealedJson<Entry<T>>(file, note)
  if (entry?.key === key && (await hashInputs(Object.keys(entry.inputs))).every(([p, h]) => entry.inputs[p] === h)) return entry.value
  const { value, inputs } = await compute()
  const fresh: Entry<T> = { key, inputs: Object.fromEntries(await hashInputs(inputs)), value }
  try {
    await writeSealedJson(file, fresh)
  } catch {
    // Not ours to write (another user's install, a read-only one): the entry only saves work.
  }
  return value
}

/**
 * A digest of the entry `name` as kept in `dir` (its key and the hashes of what it read), when
 * every file it read is unchanged since: what a build that reuses it would get. Undefined when
 * it is missing, damaged or out of date.
 */
export async function heldEntryDigest(name: string, dir: string): Promise<string | undefined> {
  const entry = await readSealedJson<Entry<unknown>>(path.join(dir, `${name}.json`))
  if (!entry?.inputs || (await hashInputs(Object.keys(entry.inputs))).some(([p, h]) => entry.inputs[p] !== h)) return undefined
  return hash(JSON.stringify([entry.key, entry.inputs]))
}

interface Entry<T> {
  key: string
  /** Absolute path → sha1 of its contents ('' when it could not be read). */
  inputs: Record<string, string>
  value: T
}

async function hashInputs(paths: readonly string[]): Promise<[string, string][]> {
  return Promise.all(paths.map(async (p) => [p, await readFile(p).then(hash, () => '')] as [string, string]))
}

/** Absolute input paths from an esbuild metafile (virtual modules such as `citypress:icons` left out). */
export function metafileInputs(metafile: { inputs: Record<string, unknown> }, workingDir: string): string[] {
  return Object.keys(metafile.inputs).filter((p) => !p.includes(':')).map((p) => path.resolve(workingDir, p))
}
