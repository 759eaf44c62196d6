import { randomBytes } from 'node:crypto'
import { existsSync, lstatSync, statSync } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { compareListed, type FolderListing, sameFolders } from '../cache/output-record.js'
import { ownPath } from '../cache/site-folder.js'
import { fail, OutputFolderNotOurs } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import { naming } from '../errors/system-error.js'
import { link, writeFile } from '../tool/file-calls.js'
import { displayFile } from '../tool/package.js'
import type { LinkedPage, OutputFile, OutputWriter } from '../types.js'
import { isContentNamed, markerText, outputMarker, straysIn } from './output-guard.js'
import { removeFolder } from './remove-folder.js'

// The writer's interface is shared with the stages that stream pages into it (render) or watch
// them on their way (check), which must not import output/.

export interface KeepOptions {
  /**
   * Where the replaced output goes on commit (in the build cache, on the output's file system),
   * instead of being deleted; the next build starts its staging folder from it.
   */
  readonly folder: string
  /** What `folder` held when it was the output (the output record's `previous`). */
  readonly listing?: FolderListing
  /** What the output folder holds, as the last build left it (the output record's `listing`). */
  readonly current?: FolderListing
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
 * operations instead of 10,000 links and 10,000 deletions. The kept folder is trusted
 * only while it is the very folder its listing describes, unchanged since (sameFolders); anything
 * else starts from an empty staging folder as before. When there is no output to keep, or none
 * whose listing is known (a first or cold build), the new output is copied there as hard links
 * instead (10,000 links: 30-90 ms), so the next build, usually a small edit, need not link
 * every page anew (2.0 s instead of 1.4 s after one city's edit).
 */
export async function createOutput(outDir: string, keep?: KeepOptions): Promise<OutputWriter> {
  const target = path.resolve(outDir)
  const parent = path.dirname(target)
  const base = path.basename(target)
  await mkdir(parent, { recursive: true })
  await removeLeftovers(parent, base)
  // The kept output is in the site's .citypress: never a link to another folder, whose files this would move and delete.
  if (keep) ownPath(keep.folder)
  const staging = path.join(parent, `.${base}.staging-${randomBytes(4).toString('hex')}`)
  // Files already in the staging folder (from the kept output) that this build has not written yet, with their inodes.
  const present = new Map<string, number>()
  // Folders known to exist in the staging folder.
  const dirs = new Set<string>([staging])
  // The listing of the output commit() returns, worked out from what this writer did rather than
  // by listing 20,000 files and folders again (80 ms after an edit to one city): the kept
  // output's entries for what it left alone, a fresh lstat for every file it wrote and every
  // folder it added to or removed from (`touched`, relative paths).
  const keptFiles = new Map<string, FolderListing['files'][number]>()
  const keptDirs = new Map<string, FolderListing['dirs'][number]>()
  const written = new Set<string>()
  // Kept files whose change time is not the listed one.
  const relisted = new Set<string>()
  // The sources this writer linked into the staging folder (page-cache.ts restamps only these).
  const linked = new Set<string>()
  const touched = new Set<string>(['.'])
  const touch = (file: string) => {
    for (let dir = path.posix.dirname(file); !touched.has(dir); dir = path.posix.dirname(dir)) touched.add(dir)
  }
  if (
    keep?.listing &&
    sameFolders(keep.folder, keep.listing) &&
    (await rename(keep.folder, staging).then(
      () => true,
      () => false,
    ))
  ) {
    for (const entry of keep.listing.files) {
      present.set(entry[0], entry[3])
      keptFiles.set(entry[0], entry)
    }
    // The kept folders are there (sameFolders saw each): no mkdir for them.
    for (const entry of keep.listing.dirs) {
      dirs.add(path.join(staging, entry[0]))
      keptDirs.set(entry[0], entry)
    }
  } else {
    if (keep) await removeFolder(keep.folder)
    await mkdir(staging)
  }
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
    // Written anew: listed afresh, and so is its folder (and any folder mkdir created).
    written.add(file)
    keptFiles.delete(file)
    touch(file)
    return destination
  }
  /** Removes a kept file before its path is written anew: it may be a hard link to a cached page, which must not change. */
  async function clear(file: string, destination: string): Promise<void> {
    if (present.delete(file)) await unlink(destination).catch(ignoreMissing)
  }

  // Every write in flight, from any stage (images are written while pages render): abort() waits
  // for them before it deletes the staging folder, and refuses new ones, so none recreates the
  // folder or adds a file to it while it is being deleted (ENOTEMPTY, a leftover staging folder).
  const inFlight = new Set<Promise<void>>()
  let aborting = false
  const tracked = (work: () => Promise<void>): Promise<void> => {
    if (aborting) return Promise.reject(new Error('The build was rolled back: nothing more is written to its staging folder.'))
    const running = work()
    inFlight.add(running)
    const settled = () => void inFlight.delete(running)
    running.then(settled, settled)
    return running
  }
  async function write(file: OutputFile): Promise<void> {
    const destination = await prepare(file.path)
    await clear(file.path, destination)
    await writeFile(destination, file.contents).catch(naming(destination))
    count++
  }

  return {
    get count() {
      return count
    },
    write: (file) => tracked(() => write(file)),
    link: (file, page) => tracked(() => linkPage(file, page)),
    keep(file) {
      const entry = keptFiles.get(file)
      if (!entry || !present.has(file)) return undefined
      const stats = lstatSync(path.join(staging, file), { throwIfNoEntry: false })
      // Its change time too: an image is the very file its cache entry is, which damage may have changed in place.
      if (!stats?.isFile() || stats.size !== entry[1] || stats.mtimeMs !== entry[2] || stats.ino !== entry[3] || stats.ctimeMs !== entry[4])
        return undefined
      // Left as it is: listed as kept, not written.
      present.delete(file)
      count++
      return stats.size
    },
    commit,
    async abort() {
      aborting = true
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
      // Never thrown: the error that made the build roll back is the one to report. A staging
      // folder that cannot be deleted now is a leftover the next build removes (removeLeftovers).
      await rm(staging, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined)
    },
  }

  async function linkPage(file: string, { source, ino, ctimeMs, stamped = true }: LinkedPage): Promise<void> {
    const kept = present.get(file)
    const seen = kept === undefined || ino !== undefined ? { ino, ctimeMs } : statSync(source, { throwIfNoEntry: false })
    if (kept !== undefined && seen?.ino === kept) {
      // Already the hard link to this very file. Linked elsewhere or unlinked since it was listed,
      // its change time differs: it is listed anew.
      present.delete(file)
      if (seen.ctimeMs !== keptFiles.get(file)?.[4]) relisted.add(file)
      count++
      return
    }
    const destination = await prepare(file)
    await clear(file, destination)
    try {
      await link(source, destination)
      if (stamped) linked.add(source)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error
      await copyFile(source, destination)
    }
    count++
  }

  async function commit(): Promise<{
    readonly output: FolderListing
    readonly kept?: FolderListing
    readonly linked?: ReadonlySet<string>
  }> {
    // Without the site's record of the output folder (keep.current), only its marker vouched for
    // it (output-guard.ts), and a marker vouches only for files this build writes itself, or
    // assets an earlier build wrote under another content hash (a damaged record must not fail
    // the build after an edit).
    if (keep?.current === undefined && existsSync(target)) {
      const unvouched = straysIn(target, new Set([...[...keptFiles.keys()].filter((file) => !present.has(file)), ...written])).filter(
        (file) => !isContentNamed(file),
      )
      if (unvouched.length > 0) {
        const shown = displayFile(target) || target
        throw new BuildFailure([fail(OutputFolderNotOurs, { file: shown }, shown, 'unrecorded', unvouched)])
      }
    }
    // What the kept output had and this build did not write.
    const gone = [...present.keys()].filter((file) => file !== outputMarker)
    await Promise.all(gone.map((file) => unlink(path.join(staging, file)).catch(ignoreMissing)))
    await removeEmptyFolders(staging, gone)
    for (const file of gone) {
      keptFiles.delete(file)
      touch(file)
    }
    // Marks the folder as this build's output, listing what it holds (output-guard.ts).
    await write({ path: outputMarker, contents: markerText([...keptFiles.keys(), ...written]) })
    let old: string | undefined
    if (keep) await removeFolder(ownPath(keep.folder))
    // The output replaced is kept only when the next build can trust it: its listing is known.
    let movedOld = false
    if (existsSync(target)) {
      // The cache on another file system keeps nothing: the old output is deleted as without `keep`.
      movedOld =
        keep?.current !== undefined &&
        (await rename(target, ownPath(keep.folder)).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'EXDEV') return false
            throw error
          },
        ))
      if (!movedOld) {
        old = path.join(parent, `.${base}.old-${randomBytes(4).toString('hex')}`)
        await rename(target, old)
      }
    }
    await rename(staging, target).catch(async (error: unknown) => {
      // A full disk can refuse even a rename (a new folder entry): the previous output goes back.
      const moved = old ?? (movedOld ? keep!.folder : undefined)
      if (moved) await rename(moved, target).catch(() => undefined)
      throw error
    })
    if (old) await removeFolder(old)
    // Removing the old output or copying the new one as links changes the link count, and so the
    // change time, of every file they share with the new one: it is listed after, each file anew.
    const copied = keep && !movedOld ? await linkCopy(target, keep.folder, [...keptFiles.keys(), ...written], listedDirs()) : undefined
    const output = listing(!movedOld)
    const changed = old !== undefined || (keep !== undefined && !movedOld) ? {} : { linked }
    if (!keep) return { output, ...changed }
    return { output, kept: movedOld ? keep.current : copied && { files: output.files, dirs: copied }, ...changed }
  }

  /**
   * The committed output folder's listing, as output-record.ts's listFolder would find it: the
   * kept output's entries for the files this writer left alone, unless `fresh`.
   */
  function listing(fresh: boolean): FolderListing {
    const files: FolderListing['files'][number][] = []
    for (const [file, entry] of keptFiles) files.push(fresh || relisted.has(file) ? listed(file) : entry)
    for (const file of written) files.push(listed(file))
    return { files: files.sort(compareListed), dirs: listedDirs() }
  }

  function listed(file: string): FolderListing['files'][number] {
    const stats = lstatSync(path.join(target, file))
    return [file, stats.size, stats.mtimeMs, stats.ino, stats.ctimeMs]
  }

  /** Every folder a file is in, kept as listed unless changed; a folder removed as empty is gone. */
  function listedDirs(): FolderListing['dirs'] {
    const folders = new Set([...keptDirs.keys(), ...touched])
    const dirsNow: FolderListing['dirs'][number][] = []
    for (const dir of folders) {
      const kept = touched.has(dir) ? undefined : keptDirs.get(dir)
      if (kept) {
        dirsNow.push(kept)
        continue
      }
      const stats = lstatSync(path.join(target, dir), { throwIfNoEntry: false })
      if (stats?.isDirectory()) dirsNow.push([dir, stats.mtimeMs, stats.ino])
    }
    return dirsNow.sort(compareListed)
  }
}

/**
 * `from`'s `files` copied to `to` as hard links (no bytes copied), and the listing of `to`'s
 * folders (`dirs` are `from`'s, each after its parent). Undefined when that cannot be done
 * (another file system): the next build starts empty then.
 */
async function linkCopy(
  from: string,
  to: string,
  files: readonly string[],
  dirs: FolderListing['dirs'],
): Promise<FolderListing['dirs'] | undefined> {
  ownPath(to)
  try {
    for (const [dir] of dirs) await mkdir(path.join(to, dir), { recursive: true })
    for (let at = 0; at < files.length; at += 256) {
      await Promise.all(files.slice(at, at + 256).map((file) => link(path.join(from, file), path.join(to, file))))
    }
    return dirs.map(([dir]): FolderListing['dirs'][number] => {
      const stats = lstatSync(path.join(to, dir))
      return [dir, stats.mtimeMs, stats.ino]
    })
  } catch {
    // Only a head start is lost; the output itself is committed.
    await rm(to, { recursive: true, force: true })
    return undefined
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
  for (const name of stale) await removeFolder(path.join(parent, name))
}
