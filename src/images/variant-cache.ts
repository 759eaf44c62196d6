import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { type CacheNote, damagedNote, readCacheFile, readSealed, replaceInCache, sealDigest } from '../cache/sealed-file.js'
import { ownPath } from '../cache/site-folder.js'

/**
 * The image cache: one file per encoded variant, holding exactly the bytes that are published,
 * named `<output name>~<seal>`, the seal being the keyed hash of those bytes (sealDigest, under
 * the machine key) in hex. A variant that matches its name is hard-linked into the output rather
 * than copied: creating a file costs about 0.55 ms here and a link 15 µs, and a site has a share
 * image per page. A file whose bytes do not match its name (garbled, cut short, forged, made on
 * another machine) is never used, and is removed.
 *
 * The seal is in the name, not at the end of the file as other cache files carry it
 * (sealed-file.ts), because a linked file is the published file: it can carry nothing else.
 */
export interface ImageCacheListing {
  /** The entry of each variant, by its output name. */
  readonly entries: ReadonlyMap<string, string>
  /** The folder's other names: variants in the older form, locks, half-written files, a second entry of a variant. */
  readonly others: ReadonlySet<string>
}

/** A variant read from the cache and found to match its name. */
export interface CachedVariant {
  readonly bytes: Buffer
  /** The entry's path, to link into the output, with its inode and change time as read. */
  readonly file: string
  readonly ino?: number
  readonly ctimeMs?: number
}

const entryPattern = /^(.+)~[0-9a-f]{40}$/

/** The name of the entry that holds `bytes` as the variant `key`. */
const entryName = (key: string, bytes: Uint8Array) => `${key}~${sealDigest(bytes).toString('hex')}`

/** The names in `cacheDir` (none when there is no folder): one readdir a build. */
export async function listImageCache(cacheDir: string | false): Promise<ImageCacheListing> {
  const entries = new Map<string, string>()
  const others = new Set<string>()
  for (const name of cacheDir ? await readdir(cacheDir).catch(() => [] as string[]) : []) {
    const key = entryPattern.exec(name)?.[1]
    if (key === undefined || entries.has(key)) others.add(name)
    else entries.set(key, name)
  }
  return { entries, others }
}

/** Whether the cache holds something to try for the variant `key` (an output name). */
export function isListed(listing: ImageCacheListing, key: string): boolean {
  return listing.entries.has(key) || listing.others.has(key)
}

/**
 * The variant `key` from the cache, when its entry is there (a regular file, read as every cache
 * file is: sealed-file.ts readCacheFile) and matches its name.
 *
 * A variant in the older form, named by its output name alone with its seal at its end
 * (sealed-file.ts), is taken over once: its bytes are checked and written as an entry of their
 * own, so an image cache that CI keeps is not encoded again after an upgrade.
 */
export async function readVariant(
  cacheDir: string,
  key: string,
  listing: ImageCacheListing,
  note?: CacheNote,
): Promise<CachedVariant | undefined> {
  const name = listing.entries.get(key)
  if (name !== undefined) {
    const file = path.join(cacheDir, name)
    const read = await readCacheFile(file, note)
    if (!read) return undefined
    const { bytes, stats } = read
    if (name === entryName(key, bytes)) return { bytes, file, ino: stats.ino, ctimeMs: stats.ctimeMs }
    note?.(damagedNote(file))
    await rm(ownPath(file), { force: true })
    return undefined
  }
  if (!listing.others.has(key)) return undefined
  const bytes = await readSealed(path.join(cacheDir, key), note)
  return bytes && { bytes, file: await writeVariant(cacheDir, key, bytes) }
}

/** Writes the variant `key` into the cache, whole or not at all; returns its entry's path. */
export async function writeVariant(cacheDir: string, key: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(cacheDir, entryName(key, bytes))
  await replaceInCache(file, [bytes])
  return file
}

/** The variant `key` as another process wrote it meanwhile (it held the claim), when it did. */
export async function findVariant(cacheDir: string, key: string, note?: CacheNote): Promise<CachedVariant | undefined> {
  const name = (await readdir(cacheDir).catch(() => [] as string[])).find((n) => entryPattern.exec(n)?.[1] === key)
  return name === undefined ? undefined : readVariant(cacheDir, key, { entries: new Map([[key, name]]), others: new Set() }, note)
}

/**
 * The entries a build of `variants` (their output paths) leaves unused: those of replaced or
 * deleted images, and entries of another form. Worked out from the folder as listed before the
 * build, so that one another process adds meanwhile is left to a later build, and so the
 * listing (two strings a page) need not be held until the build ends.
 */
export function staleVariants(listed: ImageCacheListing, variants: readonly string[]): string[] {
  const keep = new Set(variants.map((outputPath) => path.basename(outputPath)))
  const unused = [...listed.entries].flatMap(([key, name]) => (keep.has(key) ? [] : [name]))
  // Dot files are other builds' locks and half-written entries: never touch them.
  return [...unused, ...[...listed.others].filter((name) => !name.startsWith('.') && !keep.has(entryPattern.exec(name)?.[1] ?? ''))]
}

/**
 * Removes the `stale` entries (staleVariants), so the folder a CI keeps between runs does not
 * grow forever. Call after a successful build only: a failed one may not have taken over an
 * entry of another form yet. Returns how many were removed.
 */
export async function pruneImageCache(cacheDir: string, stale: readonly string[]): Promise<number> {
  await Promise.all(stale.map((name) => rm(ownPath(path.join(cacheDir, name)), { force: true })))
  return stale.length
}
