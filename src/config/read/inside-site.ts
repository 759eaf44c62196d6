import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { ContentOutsideSite, fail, NotAFile, warn } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { displayFile } from '../../tool/package.js'

/** What a path of the site folder leads to, once its symbolic links are followed. */
export type SiteFileTarget =
  /**
   * `isLinked`: a symbolic link below the site folder was followed on the way (the file itself or
   * a folder its path passes through), for the reads that take no link at all.
   */
  | { readonly kind: 'file'; readonly real: string; readonly isLinked: boolean }
  /** A link (or a link in its path) that leads out of the site folder: never read. */
  | { readonly kind: 'outside'; readonly real: string }
  /** Not a regular file: a folder, a FIFO, a device, or a link that leads nowhere. */
  | { readonly kind: 'none' }

/**
 * Where a file of the site really is. A symbolic link may lead anywhere (another project's
 * secrets, /proc/self/environ), so the site's content, images and records are read only from
 * inside the site folder, after resolving every link, and only from regular files (a FIFO would
 * block the read forever). The one place that decides it: content files (config/load-site.ts), images
 * (config/checks/cross-check.ts), published-urls.json and a sitemap file site.yaml `published` names ask here
 * before they read a byte.
 */
export async function siteFileTarget(siteRoot: string, absolutePath: string): Promise<SiteFileTarget> {
  let real: string
  let realRoot: string
  try {
    ;[real, realRoot] = await Promise.all([realpath(absolutePath), realpath(siteRoot)])
  } catch {
    return { kind: 'none' }
  }
  if (!isInside(realRoot, real)) return { kind: 'outside', real }
  const stats = await stat(real).catch(() => undefined)
  // The site folder's own path may pass through links (a temporary folder often does): only what
  // lies below it counts, compared as written and as resolved.
  const isLinked = path.relative(realRoot, real) !== path.relative(path.resolve(siteRoot), path.resolve(absolutePath))
  return stats?.isFile() ? { kind: 'file', real, isLinked } : { kind: 'none' }
}

/**
 * The text of the content file `name` (site-relative): the editor's proposal where it gives one,
 * else the file's, read only where siteFileTarget allows. Undefined where it may not be read,
 * its problem then in `found` (a link out of the site is an error, anything but a file a warning).
 */
export async function readContentFile(
  root: string,
  name: string,
  proposed: string | undefined,
  found: { readonly errors: ConfigError[]; readonly warnings: ConfigWarning[] },
): Promise<string | undefined> {
  if (proposed !== undefined) return proposed
  const absolute = path.join(root, name)
  const target = await siteFileTarget(root, absolute)
  if (target.kind === 'file') return readFile(absolute, 'utf8')
  const file = displayFile(absolute)
  if (target.kind === 'outside') found.errors.push(fail(ContentOutsideSite, { file }, name, target.real))
  else found.warnings.push(warn(NotAFile, { file }, name))
  return undefined
}

/** Whether `child` is `parent` or below it (both absolute and resolved). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child)
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
}
