import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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
 * everything a build derives goes into the site folder.
 */
export const isInstalledPackage: boolean = packageRoot.split(path.sep).includes('node_modules')

/**
 * Folder of citypress's own compiled pieces for one site (the template bundle, the client
 * assets): in the site's `.citypress/cache/`, which is git-ignored, writable by whoever builds
 * the site, and what a CI keeps between runs. They depend on the site (its theme, its template
 * overrides), so they could not live in the package even if it were writable.
 */
export function toolCacheDir(siteRoot: string): string {
  return path.join(path.resolve(siteRoot), '.citypress', 'cache', 'tool')
}

/** A path as users read it in messages: relative to the working directory, forward slashes. */
export function displayFile(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file)
  return (relative.startsWith('..') ? file : relative).split(path.sep).join('/')
}

/** This citypress's version (package.json): part of every page's cache key. */
export const citypressVersion: string = (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version

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
  const files = self.endsWith('.ts') ? listFiles(path.dirname(self)) : [path.join(packageRoot, 'lib', 'citypress.mjs')]
  const digest = createHash('sha1')
  for (const file of files) digest.update(file.slice(packageRoot.length)).update(readFileSync(file))
  return digest.digest('hex').slice(0, 16)
})()

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
}
