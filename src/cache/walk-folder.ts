import { lstatSync, readdirSync, type Stats } from 'node:fs'
import path from 'node:path'

/**
 * Visits every entry under `root` (not `root` itself), folder by folder, with one lstat each: a
 * recursive readdir stats every entry once more to find the folders. Synchronous on purpose: at
 * 10,000 files a stat costs about 3 µs this way and 20 µs through promises, and nothing else is
 * waiting meanwhile. `visit` gets the entry's path relative to `root` ('/' between names) and its
 * stats, and answers `true` to go on (into it, if a folder), `'skip'` to leave it out, `false` to
 * stop: the walk then returns false. Throws what readdir and lstat throw (an entry that vanished).
 */
export function walkFolder(root: string, visit: (entry: string, stats: Stats) => boolean | 'skip'): boolean {
  const walk = (relative: string): boolean => {
    for (const name of readdirSync(relative === '' ? root : path.join(root, relative))) {
      const entry = relative === '' ? name : `${relative}/${name}`
      const stats = lstatSync(path.join(root, entry))
      const answer = visit(entry, stats)
      if (answer === false) return false
      if (answer === true && stats.isDirectory() && !walk(entry)) return false
    }
    return true
  }
  return walk('')
}
