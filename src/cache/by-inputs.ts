import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { sitePaths } from '../site/paths.js'
import { packageRoot, toolStoreDir } from '../tool/package.js'
import { hash } from './digest.js'
import { type FileStamp, isAsStamped, stampOf } from './file-stamp.js'
import { type CacheNote, readSealedJson, removeLeftovers, writeSealedJson } from './sealed-file.js'

export interface InputsCacheOptions<T> {
  /** Names the entry's kind, e.g. `templates`: its entries go in the tool store's folder of that name. */
  name: string
  /** The site folder: its files are named relative to it, so copies of a site share entries. */
  siteRoot: string
  /**
   * Everything besides file contents that the result depends on (options, versions), with no
   * path of the site folder in it (`portablePath`), so copies of a site in other folders share it.
   */
  key: string
  /** The site's own files the result follows from (its templates/): their contents name the entry. */
  siteFiles?: readonly string[]
  /** Does the work; returns its result (plain JSON data) and the absolute paths of every file it read. */
  compute: () => Promise<{ value: T; inputs: readonly string[] }>
  /** Whether what a held result points at is still whole (a bundle's bytes); when not, the work is done again. */
  verify?: (value: T) => Promise<boolean>
  /** Told when the entry was damaged (the build's --verbose cache lines). */
  note?: CacheNote
}

/**
 * Returns the cached result of `compute` when `key` and the contents of every file it read last
 * time are unchanged, else runs it and remembers the result. For esbuild bundles: checking the
 * 200-odd input files listed in esbuild's metafile takes a few milliseconds, bundling 150.
 *
 * Results are kept in the tool store (tool/package.ts `toolStoreDir`), never in the site folder: they
 * are code the build runs and bytes it publishes. An entry is named by a digest of `name`, `key`
 * and the site's own files, none of which holds a path, and it lists every file it read by its
 * path in the site folder or in citypress's, with the hash of its contents. The site's cache
 * keeps only a sealed pointer to the entry its last build used (`heldEntryDigest`).
 */
export async function cachedByInputs<T>({ name, siteRoot, key, siteFiles = [], compute, verify, note }: InputsCacheOptions<T>): Promise<T> {
  const digest = hash(
    JSON.stringify([
      name,
      key,
      await Promise.all(siteFiles.map(async (f) => [portablePath(f, siteRoot), await readFile(f).then(hash, () => '')])),
    ]),
  )
  const file = entryFile(name, digest)
  const entry = await readSealedJson<Entry<T>>(file, note)
  const held = entry?.key === key ? await checkInputs(entry, siteRoot, await readStamps(file)) : undefined
  if (held?.unchanged && (!verify || (await verify(entry!.value)))) {
    // Files written again with the same bytes, or another copy of the site: stamped anew, so the next build need not read them.
    if (held.restamped) await save(stampsFile(file), held.stamps)
    await point(siteRoot, name, digest, note)
    return entry!.value
  }
  const { value, inputs } = await compute()
  const read = await readInputs(
    inputs.map((p) => portablePath(p, siteRoot)),
    siteRoot,
  )
  await removeLeftovers(path.dirname(file))
  await save(file, { key, inputs: read.hashes, value } satisfies Entry<T>)
  await save(stampsFile(file), read.stamps)
  await point(siteRoot, name, digest, note)
  await pruneEntries(path.dirname(file))
  return value
}

/**
 * A digest of the entry `name` that the site's last build used (its key and the hashes of what it
 * read), when every file it read is unchanged since: what a build that reuses it would get.
 * Undefined when it is missing, damaged or out of date.
 */
export async function heldEntryDigest(name: string, siteRoot: string): Promise<string | undefined> {
  const pointer = await readSealedJson<Pointer>(pointerFile(siteRoot, name))
  if (typeof pointer?.entry !== 'string' || !/^[0-9a-f]{40}$/.test(pointer.entry)) return undefined
  const file = entryFile(name, pointer.entry)
  const entry = await readSealedJson<Entry<unknown>>(file)
  if (!entry?.inputs || !(await checkInputs(entry, siteRoot, await readStamps(file))).unchanged) return undefined
  return hash(JSON.stringify([entry.key, entry.inputs]))
}

/**
 * A path as an entry names it: `site:<relative>` inside the site folder, `pkg:<relative>` inside
 * citypress's, `site:../<…>/node_modules/<…>` in the node_modules of a folder above the site
 * (where font packages are looked for), else absolute (a package found elsewhere). The deeper
 * folder wins: the example sites live inside a checkout. A folder above the site is named from
 * the site, so two copies of a site at the same depth share an entry, and each checks its own.
 */
export function portablePath(file: string, siteRoot: string): string {
  const roots = [
    ['site', path.resolve(siteRoot)],
    ['pkg', packageRoot],
  ] as const
  const [kind, root] = [...roots].sort((a, b) => b[1].length - a[1].length).find(([, root]) => file.startsWith(root + path.sep)) ?? []
  if (kind) return `${kind}:${path.relative(root!, file).split(path.sep).join('/')}`
  const above = path.relative(path.resolve(siteRoot), file).split(path.sep).join('/')
  return /^(\.\.\/)+node_modules\//.test(above) ? `site:${above}` : file
}

function absolutePath(portable: string, siteRoot: string): string {
  const [, kind, relative] = /^(site|pkg):(.*)$/s.exec(portable) ?? []
  if (!kind) return portable
  return path.join(kind === 'site' ? path.resolve(siteRoot) : packageRoot, relative!)
}

interface Entry<T> {
  key: string
  /** Portable path (portablePath) → sha1 of its contents ('' when it could not be read). */
  inputs: Record<string, string>
  value: T
}

/** The site's pointer to the entry its last build used (tool/<name>.json in its cache). */
interface Pointer {
  entry: string
}

/** Absolute path → the file's stat when it was hashed: a hint that an unchanged file need not be read again. */
type Stamps = Record<string, FileStamp>

const entryFile = (name: string, digest: string) => path.join(toolStoreDir(), name, `${digest}.json`)
const stampsFile = (entry: string) => entry.replace(/\.json$/, '.stamps.json')
// In the site's build cache, whichever cache folder the build uses: a build that loads nothing can vouch for the entries its last build used.
const pointerFile = (siteRoot: string, name: string) => path.join(sitePaths(siteRoot).cache.tool, `${name}.json`)

async function readStamps(entry: string): Promise<Stamps> {
  return (await readSealedJson<Stamps>(stampsFile(entry))) ?? {}
}

/**
 * Each file's hash and its stamp, taken before it is read: a write during the read changes the
 * stamp, so the next check reads it again. `restamped`: some file found has a stamp other than
 * the known one.
 */
async function readInputs(
  portables: readonly string[],
  siteRoot: string,
  known?: { inputs: Record<string, string>; stamps: Stamps },
): Promise<{ hashes: Record<string, string>; stamps: Stamps; restamped: boolean }> {
  const hashes: Record<string, string> = {}
  const stamps: Stamps = {}
  let restamped = false
  await Promise.all(
    portables.map(async (p) => {
      const file = absolutePath(p, siteRoot)
      const stats = await stat(file).catch(() => undefined)
      if (!stats) return void (hashes[p] = '')
      const was = known?.stamps[file]
      const same = was !== undefined && isAsStamped(stats, was)
      stamps[file] = stampOf(stats)
      if (!same) restamped = true
      hashes[p] = same && known!.inputs[p] ? known!.inputs[p]! : await readFile(file).then(hash, () => '')
    }),
  )
  return { hashes, stamps, restamped }
}

/** Whether every file the entry read holds the bytes it read (read only where its stamp changed). */
async function checkInputs(
  entry: Entry<unknown>,
  siteRoot: string,
  stamps: Stamps,
): Promise<{ unchanged: boolean; restamped: boolean; stamps: Stamps }> {
  if (typeof entry.inputs !== 'object' || entry.inputs === null) return { unchanged: false, restamped: false, stamps: {} }
  const read = await readInputs(Object.keys(entry.inputs), siteRoot, { inputs: entry.inputs, stamps })
  return { unchanged: Object.entries(entry.inputs).every(([p, h]) => read.hashes[p] === h), restamped: read.restamped, stamps: read.stamps }
}

async function point(siteRoot: string, name: string, digest: string, note?: CacheNote): Promise<void> {
  const file = pointerFile(siteRoot, name)
  if ((await readSealedJson<Pointer>(file, note))?.entry !== digest) await save(file, { entry: digest } satisfies Pointer)
}

async function save(file: string, value: unknown): Promise<void> {
  try {
    await writeSealedJson(file, value)
  } catch {
    // Not ours to write (a read-only store or site folder): the entry only saves work.
  }
}

/** Entries of other inputs (a theme tried, a template edited in preview) pile up: keep the 50 newest of a kind. */
async function pruneEntries(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^[0-9a-f]{40}\.json$/.test(n))
  if (names.length <= 50) return
  const byAge = await Promise.all(
    names.map(async (n) => [n, (await stat(path.join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0] as const),
  )
  byAge.sort((a, b) => b[1] - a[1])
  await Promise.all(
    byAge.slice(50).flatMap(([n]) => [rm(path.join(dir, n), { force: true }), rm(stampsFile(path.join(dir, n)), { force: true })]),
  )
}

/** Absolute input paths from an esbuild metafile (virtual modules such as `citypress:icons` left out). */
export function metafileInputs(metafile: { inputs: Record<string, unknown> }, workingDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((p) => !p.includes(':'))
    .map((p) => path.resolve(workingDir, p))
}
