import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { OutputFile } from '../types.js'

export interface OutputWriter {
  /** Writes one file into the staging folder. */
  write(file: OutputFile): Promise<void>
  /**
   * Puts an existing file (a cached page) at `path` as a hard link: no bytes are copied or
   * rewritten. Falls back to a copy where links are impossible (another file system).
   * `contents` is the file's text when the caller has it in memory (a page just rendered), so
   * writers that inspect pages need not read it back.
   */
  link(path: string, source: string, contents?: string): Promise<void>
  /** Replaces the output folder with the staging folder. Call only when the whole build succeeded. */
  commit(): Promise<void>
  /** Deletes the staging folder; the previous output stays as it was. */
  abort(): Promise<void>
  /** Files written so far. */
  readonly count: number
}

/**
 * Stage 4, the only writer of the output folder. Files go to a sibling staging folder first and
 * the output folder is swapped in only by commit(), so a failed build leaves the previous output
 * byte-for-byte intact, and a visitor of a served folder never sees a half-written site. Pages
 * are streamed in as they are rendered, so memory does not grow with the number of pages.
 */
export async function createOutput(outDir: string): Promise<OutputWriter> {
  const target = path.resolve(outDir)
  const parent = path.dirname(target)
  const base = path.basename(target)
  await mkdir(parent, { recursive: true })
  await removeLeftovers(parent, base)
  const staging = path.join(parent, `.${base}.staging-${randomBytes(4).toString('hex')}`)
  await mkdir(staging)
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

  return {
    get count() {
      return count
    },
    async write(file) {
      await writeFile(await prepare(file.path), file.contents)
      count++
    },
    async link(file, source) {
      const destination = await prepare(file)
      try {
        await link(source, destination)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error
        await copyFile(source, destination)
      }
      count++
    },
    async commit() {
      const old = path.join(parent, `.${base}.old-${randomBytes(4).toString('hex')}`)
      const hadOutput = existsSync(target)
      if (hadOutput) await rename(target, old)
      await rename(staging, target)
      if (hadOutput) await rm(old, { recursive: true, force: true })
    },
    async abort() {
      await rm(staging, { recursive: true, force: true })
    },
  }
}

/** Staging or old folders left by a build that was killed midway. */
async function removeLeftovers(parent: string, base: string): Promise<void> {
  const names = await readdir(parent)
  const stale = names.filter((n) => n.startsWith(`.${base}.staging-`) || n.startsWith(`.${base}.old-`))
  await Promise.all(stale.map((n) => rm(path.join(parent, n), { recursive: true, force: true })))
}
