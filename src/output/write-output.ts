import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { DerivedValues, OutputFile } from '../types.js'
import { sameFolders, type FolderListing } from './output-record.js'

export interface OutputWriter {
  /** Writes one file into the staging folder. */
  write(file: OutputFile): Promise<void>
  /**
   * Puts an existing file (a cached page) at `path` as a hard link: no bytes are copied or
   * rewritten. Falls back to a copy where links are impossible (another file system).
   * `contents` is the file's text when the caller has it in memory (a page just rendered), so
   * writers that inspect pages need not read it back; `derived`, what the checks take from it,
   * when the render worker worked that out already.
   */
  link(path: string, source: string, contents?: string, derived?: DerivedValues): Promise<void>
  /** Replaces the output folder with the staging folder. Call only when the whole build succeeded. */
  commit(): Promise<void>
  /** Deletes the staging folder; the previous output stays as it was. */
  abort(): Promise<void>
  /** Files written so far. */
  readonly count: number
}

export interface KeepOptions {
  /**
   * Where the replaced output goes on commit (in the build cache, on the output's file system),
   * instead of being deleted; the next build starts its staging folder from it.
   */
  readonly folder: string
  /** What `folder` held when it was the output (the output record's `previous`). */
  readonly listing?: FolderListing
}

/**
 * Stage 4, the only writer of the output folder. Files go to a staging folder first and the
 * output folder is swapped in only by commit(), so a failed build leaves the previous output
 * byte-for-byte intact, and a visitor of a served folder never sees a half-written site. Pages
 * are streamed in as they are rendered, so memory does not grow with the number of pages.
 *
 * With `keep`, the output that commit() replaces is kept instead of deleted, and the next build
 * turns it into its staging folder, changing only the files that differ: a page that is already
 * the hard link to the right cached page stays, every other file is replaced, files the build
 * does not write are deleted. After an edit to one city of 10,000 pages that is a few dozen file
 * operations instead of 10,000 links and 10,000 deletions (issue 8). The kept folder is trusted
 * only while it is the very folder its listing describes, unchanged since (sameFolders); anything
 * else starts from an empty staging folder as before.
 */
export async function createOutput(outDir: string, keep?: KeepOptions): Promise<OutputWriter> {
  const target = path.resolve(outDir)
  const parent = path.dirname(target)
  const base = path.basename(target)
  await mkdir(parent, { recursive: true })
  await removeLeftovers(parent, base)
  const staging = path.join(parent, `.${base}.staging-${randomBytes(4).toString('hex')}`)
  // Files already in the staging folder (from the kept output) that this build has not written yet, with their inodes.
  const present = new Map<string, number>()
  if (keep?.listing && sameFolders(keep.folder, keep.listing) && await rename(keep.folder, staging).then(() => true, () => false)) {
    for (const [file, , , ino] of keep.listing.files) present.set(file, ino)
  } else {
    if (keep) await rm(keep.folder, { recursive: true, force: true })
    await mkdir(staging)
  }
  const dirs = new Set<string>([staging])
  let count = 0

  /** The absolute staging path of an output file, its folder created. */
  async function prepare(file: string): Promise<string> {
    const destination = path.resolve(staging, file)
    // Paths come from plan/, which allows only [a-z0-9-] segments; this guards against a bug.
    if (!destination.startsWith(staging + path.sep)) throw new Error(`refusing to write outside the output folder: ${file}`)
    const dir = path.dirname(destination)
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true })
      dirs.add(dir)
    }
    return destination
  }
  /** Removes a kept file before its path is written anew: it may be a hard link to a cached page, which must not change. */
  async function clear(file: string, destination: string): Promise<void> {
    if (present.delete(file)) await unlink(destination).catch(ignoreMissing)
  }

  return {
    get count() {
      return count
    },
    async write(file) {
      const destination = await prepare(file.path)
      await clear(file.path, destination)
      await writeFile(destination, file.contents)
      count++
    },
    async link(file, source) {
      const destination = await prepare(file)
      const kept = present.get(file)
      if (kept !== undefined && statSync(source, { throwIfNoEntry: false })?.ino === kept) {
        // Already the hard link to this very cached page.
        present.delete(file)
        count++
        return
      }
      await clear(file, destination)
      try {
        await link(source, destination)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error
        await copyFile(source, destination)
      }
      count++
    },
    async commit() {
      // What the kept output had and this build did not write.
      const gone = [...present.keys()]
      await Promise.all(gone.map((file) => unlink(path.join(staging, file)).catch(ignoreMissing)))
      await removeEmptyFolders(staging, gone)
      let old: string | undefined
      if (existsSync(target)) {
        if (keep) await rm(keep.folder, { recursive: true, force: true })
        // The cache on another file system keeps nothing: the old output is deleted as without `keep`.
        const kept = keep && await rename(target, keep.folder).then(() => true, (error: NodeJS.ErrnoException) => {
          if (error.code === 'EXDEV') return false
          throw error
        })
        if (!kept) {
          old = path.join(parent, `.${base}.old-${randomBytes(4).toString('hex')}`)
          await rename(target, old)
        }
      }
      await rename(staging, target)
      if (old) await rm(old, { recursive: true, force: true })
    },
    async abort() {
      await rm(staging, { recursive: true, force: true })
    },
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error
}

/** Folders left empty by deleting `files` (relative to `root`), deepest first. */
async function removeEmptyFolders(root: string, files: readonly string[]): Promise<void> {
  const folders = new Set<string>()
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(dir)
  }
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) await rmdir(path.join(root, dir)).catch(() => {})
}

/** Staging or old folders left by a build that was killed midway. */
async function removeLeftovers(parent: string, base: string): Promise<void> {
  const names = await readdir(parent)
  const stale = names.filter((n) => n.startsWith(`.${base}.staging-`) || n.startsWith(`.${base}.old-`))
  await Promise.all(stale.map((n) => rm(path.join(parent, n), { recursive: true, force: true })))
}
