import { createHash } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, realpath, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'
import { kindOf } from '../config/load-site.js'
import { isInside, siteFileTarget } from '../config/read/inside-site.js'

/**
 * The editor's only access to the site folder's files: paths as Decap sends them (`services/a.yaml`)
 * are checked before any byte is read or written. The editor reads and writes only the site's own
 * content files (those config/ reads) and images/, inside the site folder, never through a link
 * that leads out of it, and never templates/ or published-urls.json.
 */
export type SitePath = { readonly name: string; readonly absolute: string }

/** The path, made safe, or undefined: absolute, `..`, backslashes, control characters. */
export function sitePath(siteRoot: string, given: unknown): SitePath | undefined {
  if (typeof given !== 'string' || given.length === 0 || given.length > 300) return undefined
  if (/[\\\u0000-\u001f]/.test(given) || given.startsWith('/')) return undefined
  const name = path.posix.normalize(given)
  if (name.startsWith('..') || name.split('/').some((part) => part === '..' || part.startsWith('.'))) return undefined
  const absolute = path.join(siteRoot, ...name.split('/'))
  return isInside(siteRoot, absolute) ? { name, absolute } : undefined
}

export function isContentFile(name: string): boolean {
  return kindOf(name) !== undefined && !name.startsWith('templates/')
}

/** `images/photo.jpg`: one level only, a plain file name. */
export function isImageFile(name: string): boolean {
  return /^images\/[A-Za-z0-9][A-Za-z0-9._-]*\.(?:jpe?g|png|gif|webp|svg)$/i.test(name)
}

export function sha(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The file's bytes when it is a regular file inside the site folder; undefined when missing. */
export async function readSiteFile(siteRoot: string, file: SitePath): Promise<Buffer | undefined> {
  const target = await siteFileTarget(siteRoot, file.absolute)
  if (target.kind === 'outside') throw new OutsideSite(file.name)
  if (target.kind !== 'file') return undefined
  return readFile(target.real)
}

export class OutsideSite extends Error {
  constructor(readonly name: string) {
    super(name)
  }
}

/**
 * Writes a file of the site whole or not at all. The folder must already be inside the site once
 * its links are followed, and the file itself must not be a link.
 */
export async function writeSiteFile(siteRoot: string, file: SitePath, bytes: string | Buffer): Promise<void> {
  // A site's first post or image: its folder (blog/, images/) is made right below the site folder.
  if (path.dirname(path.dirname(file.absolute)) === path.resolve(siteRoot)) await mkdir(path.dirname(file.absolute)).catch(() => undefined)
  const [realRoot, realFolder] = await Promise.all([realpath(siteRoot), realpath(path.dirname(file.absolute)).catch(() => undefined)])
  if (!realFolder || !isInside(realRoot, realFolder)) throw new OutsideSite(file.name)
  const stats = await lstat(file.absolute).catch(() => undefined)
  if (stats && !stats.isFile()) throw new OutsideSite(file.name)
  await replaceFile(path.join(realFolder, path.basename(file.absolute)), bytes)
}

export async function deleteSiteFile(siteRoot: string, file: SitePath): Promise<void> {
  const target = await siteFileTarget(siteRoot, file.absolute)
  if (target.kind !== 'file') throw new OutsideSite(file.name)
  const stats = await lstat(file.absolute)
  if (!stats.isFile()) throw new OutsideSite(file.name)
  await unlink(file.absolute)
}

/** Names of the files of `folder` (one level) ending in `.extension`. */
export async function listFolder(siteRoot: string, folder: string, extension: string): Promise<string[]> {
  const dir = sitePath(siteRoot, folder)
  if (!dir) return []
  const entries = await readdir(dir.absolute, { withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(`.${extension}`))
    .map((e) => `${dir.name}/${e.name}`)
    .sort()
}

/**
 * The site's images (`images/<name>`, plain files), without reading them: `id` changes when a file
 * is replaced, so the library does not show an old copy.
 */
export async function listImages(siteRoot: string): Promise<{ name: string; id: string; size: number }[]> {
  const dir = sitePath(siteRoot, 'images')!
  const entries = await readdir(dir.absolute, { withFileTypes: true }).catch(() => [])
  const names = entries
    .filter((e) => e.isFile() && isImageFile(`images/${e.name}`))
    .map((e) => `images/${e.name}`)
    .sort()
  const found = await Promise.all(
    names.map(async (name) => {
      const stats = await stat(path.join(siteRoot, name)).catch(() => undefined)
      return stats && { name, id: sha(`${name}\0${stats.size}\0${stats.mtimeMs}`), size: stats.size }
    }),
  )
  return found.filter((image) => image !== undefined)
}
