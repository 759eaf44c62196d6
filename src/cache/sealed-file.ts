import { createHmac, randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { naming } from '../errors/system-error.js'
import { readFile } from '../tool/file-calls.js'
import { jsonChunks } from '../tool/json-chunks.js'
import { machineKey } from './machine-key.js'
import { ownPath } from './site-folder.js'

/**
 * Cache files that carry a keyed hash of their own bytes, so a file that was garbled, cut short,
 * replaced or written anywhere but on this machine is never trusted: it reads as absent, the work
 * is done again, and the build never fails over it. The key (machine-key.ts) is kept outside the
 * site folder: a `.citypress` folder copied from elsewhere, whatever hashes it carries, holds
 * nothing this build will use.
 *
 * A sealed file is one or more chunks, each its bytes followed by a 28-byte trailer: the
 * HMAC-SHA256 of the bytes under the machine key, cut to 20 bytes (`sealDigest`), their length
 * (4, little-endian) and a magic word (4). A file written whole has one chunk; a file appended to
 * (prints.bin, a journal) gains one chunk per append. The trailer keeps a chunk's length a
 * multiple of 4 when its bytes are, so 32-bit words stay aligned.
 */
const trailerLength = 28
/** 'CPK1', little-endian. */
const magic = 0x314b5043

/** How much of the HMAC a seal keeps: the first 20 bytes. */
const digestLength = 20

/** The keyed hash every seal is made with: HMAC-SHA256 under the machine key. */
const sealHmac = () => createHmac('sha256', machineKey())

/** The keyed digest a sealed chunk (or a journal line, page-memo.ts) carries. */
export function sealDigest(bytes: string | Uint8Array): Buffer {
  return sealHmac().update(bytes).digest().subarray(0, digestLength)
}

/** Why a cache entry could not be used, for the one `--verbose` line about it. */
export type CacheNote = (message: string) => void

/**
 * `contents` as one sealed chunk: its parts in turn, each hashed as it passes, then the trailer.
 * Nothing is joined or copied, and parts made as they are asked for need not all exist at once:
 * prints.bin (150 MB at 50,000 pages) is encoded a part at a time as it is written.
 */
export function* seal(contents: string | Uint8Array | Iterable<Uint8Array>): Generator<Uint8Array> {
  const parts = typeof contents === 'string' ? [Buffer.from(contents)] : contents instanceof Uint8Array ? [contents] : contents
  const hmac = sealHmac()
  let length = 0
  for (const part of parts) {
    hmac.update(part)
    length += part.byteLength
    yield part
  }
  const trailer = Buffer.alloc(trailerLength)
  hmac.digest().copy(trailer, 0, 0, digestLength)
  trailer.writeUInt32LE(length, 20)
  trailer.writeUInt32LE(magic, 24)
  yield trailer
}

/**
 * The chunks of a sealed file, first to last, each a view into `bytes`; undefined when any chunk
 * does not hash to its trailer, or the chunks do not fill the file exactly.
 */
export function unsealChunks(bytes: Buffer): Buffer[] | undefined {
  const chunks: Buffer[] = []
  let end = bytes.length
  while (end > 0) {
    if (end < trailerLength || bytes.readUInt32LE(end - 4) !== magic) return undefined
    const length = bytes.readUInt32LE(end - 8)
    const start = end - trailerLength - length
    if (start < 0) return undefined
    const chunk = bytes.subarray(start, start + length)
    if (!bytes.subarray(end - trailerLength, end - 8).equals(sealDigest(chunk))) return undefined
    chunks.push(chunk)
    end = start
  }
  return chunks.reverse()
}

/** The bytes of a sealed file written whole, or undefined when it is damaged. */
export function unseal(bytes: Buffer): Buffer | undefined {
  const chunks = unsealChunks(bytes)
  return chunks?.length === 1 ? chunks[0] : undefined
}

/**
 * Reads a sealed file: its chunks, or undefined when it is missing (silently) or damaged, not a
 * file, or unreadable (with a note: it is replaced when the cache is saved).
 */
export async function readSealedChunks(file: string, note?: CacheNote): Promise<Buffer[] | undefined> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT') note?.(`${describe(file)} could not be read (${code}); it is made again`)
    return undefined
  }
  const chunks = unsealChunks(bytes)
  if (!chunks) note?.(`${describe(file)} was damaged or not written here (its bytes do not match their seal); it is made again`)
  return chunks
}

export async function readSealed(file: string, note?: CacheNote): Promise<Buffer | undefined> {
  const chunks = await readSealedChunks(file, note)
  if (!chunks) return undefined
  if (chunks.length === 1) return chunks[0]
  note?.(`${describe(file)} was damaged (it holds ${chunks.length} parts where one was written); it is made again`)
  return undefined
}

/** A sealed JSON file's data, or undefined (missing, damaged, not JSON). */
export async function readSealedJson<T>(file: string, note?: CacheNote): Promise<T | undefined> {
  const bytes = await readSealed(file, note)
  if (!bytes) return undefined
  try {
    return JSON.parse(bytes.toString('utf8')) as T
  } catch {
    note?.(`${describe(file)} is not JSON although its seal matches; it is made again`)
    return undefined
  }
}

/**
 * Writes `file` sealed, whole or not at all: under a temporary name first, then renamed over it,
 * so a run killed mid-write never leaves a truncated file. Whatever is in the way (a folder where
 * the file belongs, a file where a folder above it belongs) is removed: it is the cache's own.
 */
export async function writeSealed(file: string, contents: string | Uint8Array | Iterable<Uint8Array>): Promise<void> {
  await replaceInCache(file, seal(contents))
}

/** Writes `value` as JSON, sealed, a chunk at a time (tool/json-chunks.ts). */
export async function writeSealedJson(file: string, value: unknown): Promise<void> {
  await writeSealed(file, jsonChunks(value))
}

/** Adds one sealed chunk at the end of `file`; false when that failed (then write it whole). */
export async function appendSealed(file: string, contents: string | Uint8Array | Iterable<Uint8Array>): Promise<boolean> {
  return writeFile(ownPath(file), seal(contents), { flag: 'a' }).then(
    () => true,
    () => false,
  )
}

/** Writes buffers under a temporary name and renames them over `file`, clearing the way first if needed. */
export async function replaceInCache(file: string, parts: Iterable<Uint8Array>): Promise<void> {
  // A dot name, which no reader of the folder takes for an entry; removeLeftovers clears those of
  // builds that died.
  ownPath(file)
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`)
  await ensureCacheFolder(path.dirname(file))
  await writeFile(temporary, parts).catch(naming(file))
  try {
    await rename(temporary, file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error
    await rm(file, { recursive: true, force: true })
    await rename(temporary, file)
  }
}

/**
 * Makes sure `dir` is a folder. A file in its place, or in place of a folder above it, is a
 * damaged cache (a cache folder replaced by a file): it is removed. Only ever called with folders
 * inside the cache, so what is removed is the cache's own.
 */
export async function ensureCacheFolder(dir: string): Promise<void> {
  ownPath(dir)
  try {
    await mkdir(dir, { recursive: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error
    // The nearest path that exists is the one in the way (stat: a symlink to a folder is a folder).
    for (let at = dir; at !== path.dirname(at); at = path.dirname(at)) {
      const stats = await stat(at).catch(() => undefined)
      if (!stats) continue
      if (!stats.isDirectory()) await rm(at, { force: true })
      break
    }
    await mkdir(dir, { recursive: true })
  }
}

/** A cache file as a --verbose line names it: the last two parts of its path. */
export function describe(file: string): string {
  return `the cache file ${path.basename(path.dirname(file))}/${path.basename(file)}`
}

/**
 * Deletes the temporary files (`*.<pid>….tmp`) that processes which died mid-write left in `dir`.
 * Those of a live process are its writes in progress and are left alone.
 */
export async function removeLeftovers(dir: string): Promise<number> {
  const names = await readdir(ownPath(dir)).catch(() => [] as string[])
  const dead = names.filter((name) => {
    const pid = Number(/\.(\d+)(?:-[0-9a-f]+)?\.tmp$/.exec(name)?.[1])
    if (!pid) return false
    try {
      process.kill(pid, 0)
      return false
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH'
    }
  })
  await Promise.all(dead.map((name) => rm(path.join(dir, name), { recursive: true, force: true })))
  return dead.length
}
