import { lstatSync } from 'node:fs'
import path from 'node:path'
import { type CacheNote, readSealedJson, writeSealedJson } from './sealed-file.js'
import { walkFolder } from './walk-folder.js'

/**
 * What the last successful build wrote, so the next one can tell that its output would be the
 * same and leave the output folder as it is (`<cache>/output.json`).
 *
 * `fingerprint` digests everything the output is made of: every page's cache key (which covers
 * its data, the shared context, the templates and the citypress version), every other file's
 * contents, and the settings the checks used. `listing` is the output folder as the build left
 * it, each file with its size, modification time, inode and change time: if anyone changed, added
 * or removed a file there since, the folder no longer matches and the build writes it anew. The
 * change time is what no one can set back: a page or an image is the very file its cache entry
 * is (a hard link), so damage to the entry, even with its modification time put back, shows
 * here. `previous` is the listing of the output before that one, which the build kept to start
 * the next output from (write-output.ts).
 */
export interface OutputRecord<Result> {
  readonly outDir: string
  readonly fingerprint: string
  /** What the build reported (warnings, sizes, counts), to report again. */
  readonly result: Result
  readonly listing: FolderListing
  readonly previous?: FolderListing
  /**
   * The digest of everything the build read (site-inputs.ts), when it could vouch for it: a build
   * whose inputs digest the same, finding the output folder as listed, reports `result` again
   * without loading the site.
   */
  readonly inputs?: string
}

/** A folder as a build left it (src/cache/output-record.ts). */
export interface FolderListing {
  /** Every file (relative, sorted) with size, mtime, inode and ctime. */
  readonly files: readonly (readonly [path: string, size: number, mtimeMs: number, ino: number, ctimeMs: number])[]
  /** Every folder, the top one as '.', with mtime and inode: adding, removing or renaming a file changes its folder's mtime. */
  readonly dirs: readonly (readonly [path: string, mtimeMs: number, ino: number])[]
}

export async function readOutputRecord<Result>(file: string, note?: CacheNote): Promise<OutputRecord<Result> | undefined> {
  const record = await readSealedJson<OutputRecord<Result>>(file, note)
  return record?.listing ? record : undefined
}

/** Whether `outDir` holds exactly the files the record lists, untouched since. */
export function outputUnchanged(record: OutputRecord<unknown>, outDir: string): boolean {
  if (record.outDir !== path.resolve(outDir)) return false
  const found = listFolder(outDir)
  if (!found || found.files.length !== record.listing.files.length) return false
  return found.files.every((entry, i) => entry.every((value, k) => value === record.listing.files[i]![k]))
}

/**
 * Whether `dir` is still the very folder `listing` describes, with the same files in it: the same
 * folders (by inode), none of them changed since (by mtime). One stat per folder, not per file.
 * A file edited in place keeps its folder's mtime; callers must not trust file contents from it.
 */
export function sameFolders(dir: string, listing: FolderListing): boolean {
  return (
    listing.dirs.length > 0 &&
    listing.dirs.every(([name, mtimeMs, ino]) => {
      const stats = lstatSync(path.join(dir, name), { throwIfNoEntry: false })
      return stats?.isDirectory() && stats.mtimeMs === mtimeMs && stats.ino === ino
    })
  )
}

/** `record.listing` is what the output writer's commit() returned (write-output.ts). */
export async function writeOutputRecord<Result>(file: string, record: OutputRecord<Result>): Promise<void> {
  await writeSealedJson(file, record)
}

/** The order of a listing's entries: by relative path. */
export function compareListed(a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0
}

/** Every file and folder under `dir`, or undefined when it cannot be read whole. */
export function listFolder(dir: string): FolderListing | undefined {
  const root = path.resolve(dir)
  const files: [string, number, number, number, number][] = []
  const dirs: [string, number, number][] = []
  try {
    const top = lstatSync(root)
    dirs.push(['.', top.mtimeMs, top.ino])
    walkFolder(root, (entry, stats) => {
      if (stats.isDirectory()) dirs.push([entry, stats.mtimeMs, stats.ino])
      else files.push([entry, stats.size, stats.mtimeMs, stats.ino, stats.ctimeMs])
      return true
    })
  } catch {
    // Gone, not a folder, or changing while read: not the folder any record describes.
    return undefined
  }
  return { files: files.sort(compareListed), dirs: dirs.sort(compareListed) }
}
