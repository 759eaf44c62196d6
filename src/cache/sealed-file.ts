import { createHmac, randomBytes } from 'node:crypto'
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, type Stats } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { naming } from '../errors/system-error.js'
import { close, fstat, open, readFile } from '../tool/file-calls.js'
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

/** The note on a sealed file whose bytes do not match their seal. */
export const damagedNote = (file: string) =>
  `${describe(file)} was damaged or not written here (its bytes do not match their seal); it is made again`

/** The note on a sealed file that could not be read. */
export const unreadableNote = (file: string, why: string | undefined) => `${describe(file)} could not be read (${why}); it is made again`

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
  const read = await readCacheFile(file, note)
  if (!read) return undefined
  const chunks = unsealChunks(read.bytes)
  if (!chunks) note?.(damagedNote(file))
  return chunks
}

/**
 * How every cache file is opened: without following a link, and without waiting for a writer
 * should it be a pipe. So a link or a pipe planted in a site's `.citypress` reads nothing outside
 * it and never blocks the build.
 */
const cacheFileFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK

/** Why a cache file could not be opened, for unreadableNote; undefined when it is missing. */
function whyUnopened(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' ? undefined : code === 'ELOOP' ? 'it is a link' : (code ?? String(error))
}

/**
 * A cache file's bytes and stats, read through one descriptor (cacheFileFlags) and only when it
 * is a regular file. Undefined when it is missing (silently), or not a regular file, or unreadable
 * (with a note).
 */
export async function readCacheFile(file: string, note?: CacheNote): Promise<{ bytes: Buffer; stats: Stats } | undefined> {
  let fd: number
  try {
    fd = await open(file, cacheFileFlags)
  } catch (error) {
    const why = whyUnopened(error)
    if (why !== undefined) note?.(unreadableNote(file, why))
    return undefined
  }
  try {
    const stats = await fstat(fd)
    if (!stats.isFile()) {
      note?.(unreadableNote(file, 'it is not a file'))
      return undefined
    }
    return { bytes: await readFile(fd), stats }
  } catch (error) {
    note?.(unreadableNote(file, (error as NodeJS.ErrnoException).code))
    return undefined
  } finally {
    await close(fd)
  }
}

/** A sealed file open to be read a little at a time (openSealedFile). */
export interface SealedFile {
  readonly fd: number
  /** One cursor per chunk, first to last. */
  readonly chunks: readonly SealedWords[]
}

/** A sealed chunk read from its start as 32-bit words. */
export interface SealedWords {
  /** Byte offset in the file of the next word. */
  readonly at: number
  /** Words left in the chunk. */
  readonly left: number
  /** The next `count` words, valid until the next call. */
  words(count: number): Uint32Array
  /** Passes over the next `count` words. */
  skip(count: number): void
  /** Reads the rest of the chunk; true when every byte of it matched its seal. */
  ended(): boolean
}

/** Bytes read from a sealed file at once. */
const pieceBytes = 1 << 20

/**
 * Opens a sealed file to be read a little at a time, for one too large to hold whole (prints.bin,
 * 150 MB at 50,000 pages, most of which a build never needs): each chunk is read from first to
 * last byte through a `SealedWords` cursor, which hashes what it reads, and is trusted only once
 * its cursor `ended` with the chunk matching its seal. Undefined when the file is missing
 * (silently), or unreadable, or its trailers do not fill it exactly (with a note). The caller
 * closes `fd` when done with it; what it reads at offsets after the check comes from the same
 * open file.
 */
export function openSealedFile(file: string, note?: CacheNote): SealedFile | undefined {
  let fd: number
  try {
    fd = openSync(file, cacheFileFlags)
  } catch (error) {
    const why = whyUnopened(error)
    if (why !== undefined) note?.(unreadableNote(file, why))
    return undefined
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) {
      closeSync(fd)
      note?.(unreadableNote(file, 'it is not a file'))
      return undefined
    }
    const chunks: SealedWords[] = []
    const trailer = Buffer.alloc(trailerLength)
    let end = stats.size
    while (end > 0) {
      if (end < trailerLength || readSync(fd, trailer, 0, trailerLength, end - trailerLength) !== trailerLength) break
      if (trailer.readUInt32LE(24) !== magic) break
      const length = trailer.readUInt32LE(20)
      const start = end - trailerLength - length
      if (start < 0 || length % 4 !== 0) break
      chunks.push(sealedWords(fd, start, length, Buffer.from(trailer.subarray(0, digestLength))))
      end = start
    }
    if (end === 0) return { fd, chunks: chunks.reverse() }
  } catch (error) {
    closeSync(fd)
    note?.(unreadableNote(file, (error as NodeJS.ErrnoException).code))
    return undefined
  }
  closeSync(fd)
  note?.(damagedNote(file))
  return undefined
}

function sealedWords(fd: number, start: number, length: number, digest: Buffer): SealedWords {
  const hmac = sealHmac()
  const end = start + length
  // Bytes [from, to) of the file are in `buffer` (made at the first read); `at` is the next one to hand out.
  let buffer = new Uint8Array(0)
  let from = start
  let to = start
  let at = start
  /** Reads on until bytes [at, at + bytes) are in the buffer; every byte read is hashed once. */
  const fill = (bytes: number) => {
    if (at + bytes <= to) return
    if (at + bytes > end) throw new Error('A sealed chunk was read past its end.')
    if (buffer.length === 0) buffer = new Uint8Array(Math.min(pieceBytes, length))
    // Bytes skipped over are read and hashed, then let go.
    while (to < at) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, at - to), to)
      if (read === 0) throw new Error('A sealed file ended early.')
      hmac.update(buffer.subarray(0, read))
      to += read
      from = to
    }
    // What is read but not handed out yet moves to the front.
    if (buffer.length < bytes) {
      const grown = new Uint8Array(bytes)
      grown.set(buffer.subarray(at - from, to - from))
      buffer = grown
    } else buffer.copyWithin(0, at - from, to - from)
    from = at
    while (to < at + bytes) {
      const read = readSync(fd, buffer, to - from, Math.min(buffer.length - (to - from), end - to), to)
      if (read === 0) throw new Error('A sealed file ended early.')
      hmac.update(buffer.subarray(to - from, to - from + read))
      to += read
    }
  }
  return {
    get at() {
      return at
    },
    get left() {
      return (end - at) / 4
    },
    words(count) {
      fill(count * 4)
      const view = new Uint32Array(buffer.buffer, at - from, count)
      at += count * 4
      return view
    },
    skip(count) {
      at += count * 4
      if (at > end) throw new Error('A sealed chunk was skipped past its end.')
    },
    ended() {
      at = end
      fill(0)
      buffer = new Uint8Array(0)
      return hmac.digest().subarray(0, digestLength).equals(digest)
    },
  }
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

/**
 * A temporary name beside `file`: a dot name, which no reader of the folder takes for an entry,
 * with this process's id, by which removeLeftovers clears those of builds that died.
 */
function temporaryName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`)
}

/**
 * A new file under a temporary name in `dir`, open for reading and writing, for what a build puts
 * away until its end (shingle-shelf.ts, line-shelf.ts); its caller removes it. Made exclusively,
 * so nothing in its place is followed or overwritten. Undefined when the folder cannot take it (a
 * file in its place, no space): then what would go in it stays in memory, which costs memory, not
 * the build.
 */
export function openScratchFile(dir: string, name: string): { readonly file: string; readonly fd: number } | undefined {
  const file = ownPath(temporaryName(path.join(dir, name)))
  try {
    mkdirSync(dir, { recursive: true })
    return { file, fd: openSync(file, 'wx+', 0o600) }
  } catch {
    return undefined
  }
}

/** Writes buffers under a temporary name and renames them over `file`, clearing the way first if needed. */
export async function replaceInCache(file: string, parts: Iterable<Uint8Array>): Promise<void> {
  ownPath(file)
  const temporary = temporaryName(file)
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
