import { lstat, mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'

/**
 * What the last successful build wrote, so the next one can tell that its output would be the
 * same and leave the output folder as it is (`<cache>/output.json`).
 *
 * `fingerprint` digests everything the output is made of: every page's cache key (which covers
 * its data, the shared context, the templates and the citypress version), every other file's
 * contents, and the settings the checks used. `files` is the output folder as the build left it,
 * each file with its size, modification time and inode: if anyone changed, added or removed a
 * file there since, the folder no longer matches and the build writes it anew.
 */
export interface OutputRecord<Result> {
  readonly outDir: string
  readonly fingerprint: string
  /** What the build reported (warnings, sizes, counts), to report again. */
  readonly result: Result
  readonly files: readonly (readonly [path: string, size: number, mtimeMs: number, ino: number])[]
}

export async function readOutputRecord<Result>(file: string): Promise<OutputRecord<Result> | undefined> {
  return readFile(file, 'utf8').then((text) => JSON.parse(text) as OutputRecord<Result>, () => undefined)
}

/** Whether `outDir` holds exactly the files the record lists, untouched since. */
export async function outputUnchanged(record: OutputRecord<unknown>, outDir: string): Promise<boolean> {
  if (record.outDir !== path.resolve(outDir)) return false
  const found = await listOutput(outDir).catch(() => undefined)
  if (!found || found.length !== record.files.length) return false
  return found.every((entry, i) => entry.every((value, k) => value === record.files[i]![k]))
}

export async function writeOutputRecord<Result>(file: string, record: Omit<OutputRecord<Result>, 'files'>): Promise<void> {
  const files = await listOutput(record.outDir)
  await mkdir(path.dirname(file), { recursive: true })
  await replaceFile(file, JSON.stringify({ ...record, files } satisfies OutputRecord<Result>))
}

/** Every file under `dir` (relative, sorted) with size, mtime and inode. */
async function listOutput(dir: string): Promise<[string, number, number, number][]> {
  const root = path.resolve(dir)
  const names = (await readdir(root, { recursive: true })).sort()
  const entries = await Promise.all(names.map(async (name) => {
    const stats = await lstat(path.join(root, name))
    return stats.isDirectory() ? undefined : [name.split(path.sep).join('/'), stats.size, stats.mtimeMs, stats.ino] as [string, number, number, number]
  }))
  return entries.filter((e) => e !== undefined)
}
