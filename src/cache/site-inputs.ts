import path from 'node:path'
import { OWN_FOLDER } from '../site/paths.js'
import { hash } from './digest.js'
import { stampOf } from './file-stamp.js'
import { walkFolder } from './walk-folder.js'

/** Folders of a site that no build reads from: citypress's own, git's, installed packages. */
const notInputs = new Set([OWN_FOLDER, '.git', 'node_modules'])

/** Past this many entries the folder is not a site's sources alone; listing it would not pay. */
const maxEntries = 100_000

/**
 * A digest of every file in the site folder, by path and stamp (file-stamp.ts): an equal digest
 * means nothing in the folder was written, added or removed since. Left out: the folders above,
 * and `outDir` when it lies inside the site.
 *
 * Undefined when the digest could not vouch for the folder: a symbolic link (its target may
 * change unseen), an entry that vanished while listed, or a folder too large to list.
 */
export function siteInputsDigest(siteRoot: string, outDir: string): string | undefined {
  const root = path.resolve(siteRoot)
  const skipped = path.resolve(outDir)
  const lines: string[] = []
  try {
    const whole = walkFolder(root, (entry, stats) => {
      if ((!entry.includes('/') && notInputs.has(entry)) || path.join(root, entry) === skipped) return 'skip'
      return !stats.isSymbolicLink() && lines.push(`${entry}\0${stampOf(stats).join('\0')}`) <= maxEntries
    })
    // In path order: the order readdir lists names in is the file system's.
    return whole ? hash(lines.sort().join('\n')) : undefined
  } catch {
    return undefined
  }
}
