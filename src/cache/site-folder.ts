import { lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs'
import path from 'node:path'
import { CacheFolderLink, fail } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import { printableLine } from '../errors/printable.js'
import { OWN_FOLDER, ownLayout, sitePaths } from '../site/paths.js'
import { displayFile } from '../tool/package.js'

/**
 * `<site>/.citypress` is citypress's own folder: the build cache, its lock, the previous output,
 * the build report, the preview's cache and captured form posts. Builds write and delete there as
 * their own, so it must be a real folder of the site, not a symlink to somewhere else (git's
 * `.citypress/` ignore pattern does not even match a symlink, so such a link is easily committed
 * and checked out). Every write and delete under it passes `ownPath`; `ensureOwnFolder` checks the
 * whole layout once before a build or a preview writes anything, so a link is refused before any
 * byte lands, and `ownPath` stops a link made while one runs.
 */
export { OWN_FOLDER }

/**
 * Refuses a site whose `.citypress`, or anything in it where citypress writes or deletes, is a
 * symlink. Call once at the start of a build or preview, before anything is written.
 */
export function ensureOwnFolder(siteRoot: string): void {
  // The names the writers use (site/paths.ts): each must be a real folder or file, never a link.
  // (Their contents have names citypress makes; `ownPath` checks each on write.)
  for (const file of ownLayout(sitePaths(siteRoot))) refuseLink(file)
}

/**
 * The guard of every write and delete under a `.citypress` folder: `target` itself, and every
 * folder from `.citypress` down to it that exists, must not be a symlink, so the real path of its
 * folder is inside the site's real `.citypress`. Returns `target`; throws a BuildFailure
 * (`cache-folder-link`) at the link otherwise. A path in no `.citypress` (a cache folder given
 * with `cacheDir`, the output folder) is the caller's choice and passes as it is.
 */
export function ownPath(target: string): string {
  const resolved = path.resolve(target)
  const parts = resolved.split(path.sep)
  const at = parts.lastIndexOf(OWN_FOLDER)
  if (at <= 0) return target
  // Fast path, as every cached page is written through here: one realpath of its folder (libc's,
  // which walks the components natively) and one lstat of the file. Any doubt takes the walk,
  // which names the link.
  const site = parts.slice(0, at).join(path.sep) || path.sep
  const inside = parts.slice(at, -1)
  const folder = realFolder(path.join(site, ...inside))
  if (folder !== undefined && folder === path.join(realSite(site), ...inside) && !isLink(resolved)) return target
  for (let end = at + 1; end <= parts.length; end++) {
    // The rest does not exist yet: what is made there is made by citypress, as a real folder or file.
    if (!refuseLink(parts.slice(0, end).join(path.sep) || path.sep)) break
  }
  return target
}

/** Real paths of site folders met (a site folder may itself be a link; only what is under its .citypress may not). */
const realSites = new Map<string, string>()

function realSite(site: string): string {
  let real = realSites.get(site)
  if (real === undefined) {
    real = realFolder(site) ?? site
    if (realSites.size > 100) realSites.clear()
    realSites.set(site, real)
  }
  return real
}

function realFolder(folder: string): string | undefined {
  try {
    return realpathSync.native(folder)
  } catch {
    return undefined
  }
}

/** Whether `file` is a symlink; a path that cannot be looked at (a file where a folder should be) is not one: the write reports it. */
function isLink(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true
  } catch {
    return false
  }
}

/** False when `file` does not exist; throws when it is a symlink. */
function refuseLink(file: string): boolean {
  let stats: Stats | undefined
  try {
    stats = lstatSync(file, { throwIfNoEntry: false })
  } catch {
    // Unreadable (not a folder above it, no permission): the write itself reports it.
    return false
  }
  if (!stats) return false
  if (stats.isSymbolicLink()) {
    const shown = displayFile(file)
    throw new BuildFailure([fail(CacheFolderLink, { file: shown }, shown, printableLine(readLink(file)))])
  }
  return true
}

function readLink(file: string): string {
  try {
    return readlinkSync(file)
  } catch {
    return 'another folder'
  }
}
