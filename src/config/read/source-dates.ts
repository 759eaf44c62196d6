import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * When each source file last changed, as `YYYY-MM-DD` (UTC), for the sitemap's `lastmod`.
 * File modification times are unreliable in a git checkout (a fresh clone stamps every file with
 * the clone time), so a committed, unmodified file gets the date of the newest commit that
 * touched it. Files git does not know, or that have uncommitted changes, get their mtime: that
 * is when they really changed. Outside a git repository (or without git) every file gets its
 * mtime. The same checkout therefore always gives the same dates; and with `latest`
 * (SOURCE_DATE_EPOCH) no date is later than it, whenever the files were copied.
 */
export async function readSourceDates(
  siteRoot: string,
  files: Iterable<string>,
  commits = readCommitDates(siteRoot),
  latest?: Date,
): Promise<Map<string, string>> {
  const wanted = [...new Set(files)]
  const committed = await commits
  const dates = new Map<string, string>()
  await Promise.all(
    wanted.map(async (file) => {
      const fromGit = committed.get(path.resolve(file))
      const mtime = fromGit
        ? undefined
        : await stat(file).then(
            (s) => s.mtime,
            () => undefined,
          )
      const date = fromGit ?? (mtime && isoDate(mtime))
      if (date) dates.set(file, latest && date > isoDate(latest) ? isoDate(latest) : date)
    }),
  )
  return dates
}

/**
 * Newest commit date of every committed, unmodified file under `root` (absolute path → date).
 * Asks git (two processes, 20-40 ms): a build starts it first thing, before it knows the routes.
 */
export async function readCommitDates(root: string): Promise<ReadonlyMap<string, string>> {
  const dates = new Map<string, string>()
  try {
    const options = { cwd: root, maxBuffer: 256 * 1024 * 1024 }
    const [log, dirty] = await Promise.all([
      // Newest first: the first date seen for a path is its latest change.
      run('git', ['log', '--format=@%ct', '--name-only', '--relative', '--no-renames', '--', '.'], options),
      run('git', ['ls-files', '--modified', '--others', '--exclude-standard', '--', '.'], options),
    ])
    const changed = new Set(
      dirty.stdout
        .split('\n')
        .filter(Boolean)
        .map((f) => path.resolve(root, f)),
    )
    let date = ''
    for (const line of log.stdout.split('\n')) {
      if (line.startsWith('@')) date = isoDate(new Date(Number(line.slice(1)) * 1000))
      else if (line) {
        const file = path.resolve(root, line)
        if (!dates.has(file) && !changed.has(file)) dates.set(file, date)
      }
    }
  } catch {
    // Not a git checkout, or git is not installed: every file falls back to its mtime.
  }
  return dates
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
