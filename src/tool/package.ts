import { createHash } from 'node:crypto'
import { accessSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The citypress package folder (holding schemas/ and templates/). Found by walking up from this
 * module, because it runs both from src/ (tests) and bundled into lib/ (the CLI).
 */
export const packageRoot: string = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'schemas', 'site.schema.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('citypress: cannot find its schemas/ folder')
    dir = parent
  }
  return dir
})()

/**
 * Whether this citypress is an installed package (under some node_modules/) rather than a
 * checkout. An installed package is never written to: it may be read-only, shared by several
 * users, or replaced by the next install, so its compiled pieces come built (`prepack`) and
 * everything a build derives goes into the site folder or the tool store (`toolStoreDir`).
 */
export const isInstalledPackage: boolean = packageRoot.split(path.sep).includes('node_modules')

/**
 * The tool store: where citypress keeps what a build would run or publish that it did not read
 * from the site (the template bundle it imports, the client assets it publishes), and the
 * machine's cache key (cache/machine-key.ts). Never in the site folder: a `.citypress` folder
 * copied from another machine or a contractor's repository must not carry code or output bytes.
 * Entries are named by their inputs, not by the site's path, so copies of a site share them.
 *
 * `CITYPRESS_CACHE_DIR` when set (a CI keeps it between runs); else `node_modules/.cache/citypress`
 * beside the packages that run (the checkout's, or the project's that installed citypress), when
 * it can be written; else the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`), as for a
 * global or `npx` install; else a folder of this user's own in the temporary folder.
 */
export function toolStoreDir(): string {
  return (storeDir ??= findStoreDir())
}
let storeDir: string | undefined

function findStoreDir(): string {
  const chosen = process.env.CITYPRESS_CACHE_DIR
  const segments = packageRoot.split(path.sep)
  // The outermost node_modules: the project's, not a package manager's nested store of it.
  const modules = isInstalledPackage
    ? segments.slice(0, segments.indexOf('node_modules') + 1).join(path.sep)
    : path.join(packageRoot, 'node_modules')
  const home = process.env.XDG_CACHE_HOME || (homedir() && path.join(homedir(), '.cache'))
  // A chosen folder that cannot be written (another user's) costs the cache, never the build.
  for (const dir of [
    ...(chosen ? [path.resolve(chosen)] : []),
    path.join(modules, '.cache', 'citypress'),
    ...(home ? [path.join(home, 'citypress')] : []),
  ]) {
    if (isWritableFolder(dir)) return dir
  }
  return ownTemporaryFolder()
}

function isWritableFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * `<tmp>/citypress-<uid>`, when it is this user's and no one else can write to it: another user
 * of the machine could otherwise plant a key and bundles there. Else a fresh folder of its own.
 */
function ownTemporaryFolder(): string {
  const dir = path.join(tmpdir(), `citypress-${process.getuid?.() ?? 'user'}`)
  try {
    mkdirSync(dir, { mode: 0o700 })
  } catch {
    // It exists already (checked below), or cannot be made (a fresh folder below).
  }
  const stats = lstatSync(dir, { throwIfNoEntry: false })
  if (stats?.isDirectory() && stats.uid === (process.getuid?.() ?? stats.uid) && (stats.mode & 0o022) === 0) return dir
  return mkdtempSync(path.join(tmpdir(), 'citypress-'))
}

/** A path as users read it in messages: relative to the working directory, forward slashes. */
export function displayFile(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file)
  return (relative.startsWith('..') ? file : relative).split(path.sep).join('/')
}

/** This citypress's version (package.json): part of every page's cache key. */
export const citypressVersion: string = (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string })
  .version

/**
 * Digest of the running code: lib/citypress.mjs, or every file of src/ when run from source
 * (tests). With the version it is part of every cache key, so a checkout whose code changed
 * never trusts what older code cached, even before anyone bumps the version. About 1 ms.
 * The entry, not this module's own file: bundled, this may sit in one of lib/chunks/, while the
 * entry names each chunk it loads by a hash of that chunk and of the chunks it loads in turn, so
 * its bytes change with any of them (bin/compile.mjs).
 */
export const codeDigest: string = (() => {
  const self = fileURLToPath(import.meta.url)
  const files = self.endsWith('.ts') ? listFiles(path.join(packageRoot, 'src')) : [path.join(packageRoot, 'lib', 'citypress.mjs')]
  const digest = createHash('sha1')
  for (const file of files) digest.update(file.slice(packageRoot.length)).update(readFileSync(file))
  return digest.digest('hex').slice(0, 16)
})()

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
}
