import { lstatSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { hash } from './digest.js'

/** Folders of a site that no build reads from: citypress's own, git's, installed packages. */
const notInputs = new Set(['.citypress', '.git', 'node_modules'])

/** Past this many entries the folder is not a site's sources alone; listing it would not pay. */
const maxEntries = 100_000

/**
 * A digest of every file in the site folder, by path, size, modification and change time and
 * inode. Any write to a file changes its change time, which no program can set back (utimes sets
 * only the other two), so an equal digest means nothing in the folder was written, added or
 * removed since. Left out: the folders above, and `outDir` when it lies inside the site.
 *
 * Undefined when the digest could not vouch for the folder: a symbolic link (its target may
 * change unseen), an entry that vanished while listed, or a folder too large to list.
 * Synchronous, as `listFolder` is (output-record.ts): a stat costs a sixth of a promised one.
 */
export function siteInputsDigest(siteRoot: string, outDir: string): string | undefined {
  const root = path.resolve(siteRoot)
  const skipped = path.resolve(outDir)
  const lines: string[] = []
  const walk = (folder: string, relative: string): boolean => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name)
      if ((relative === '' && notInputs.has(name)) || file === skipped) continue
      const stats = lstatSync(file)
      if (stats.isSymbolicLink() || lines.push(`${relative}${name}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}`) > maxEntries) return false
      if (stats.isDirectory() && !walk(file, `${relative}${name}/`)) return false
    }
    return true
  }
  try {
    return walk(root, '') ? hash(lines.join('\n')) : undefined
  } catch {
    return undefined
  }
}
