import { rmSync, statSync } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { digestJson, hash } from '../cache/digest.js'
import { readCacheJson } from '../cache/read-cache-json.js'
import { replaceFile } from '../cache/replace-file.js'
import type { RoutePlan } from '../types.js'

/**
 * Rendered pages kept between builds, one file per cache key. A key covers everything a page's
 * HTML depends on — the route (URL, title, description, props), the shared render context, the
 * template bundle and the citypress version — so a page whose key exists needs no rendering,
 * and its output file is a hard link to the cached one (no bytes rewritten).
 *
 * The folder is safe to persist between CI runs (it is only ever read by key) and is pruned to
 * the pages of the latest build.
 */
export interface PageCache {
  /** The folder holding the cached pages, one `<key>.html` each. */
  readonly folder: string
  /** The cache key of a route; `shared` already covers context, templates and version. */
  keyOf(route: RoutePlan): string
  /** The cached page of `key`, if there is one and it is as this cache wrote it. */
  find(key: string): { readonly source: string; readonly ino: number } | undefined
  /** Absolute path of a cached page. */
  fileOf(key: string): string
  put(key: string, html: string): Promise<string>
  /**
   * For a page written by someone else (the render worker): the file to write `key` to, any older
   * file of it removed first. Call `adopt(key)` once it is written.
   */
  claim(key: string): string
  /** Takes in a page written to `claim(key)`'s file; returns the file. */
  adopt(key: string): string
  /** Deletes every entry not in `keep`; returns how many were deleted. */
  prune(keep: ReadonlySet<string>): Promise<number>
}

export interface OpenPageCacheOptions {
  /** The cache folder, e.g. `<site>/.citypress/cache`. Pages go in its `pages/` folder. */
  dir: string
  /** Hash of what every page shares: render context, template bundle hash, citypress version. */
  shared: string
}

export async function openPageCache({ dir, shared }: OpenPageCacheOptions): Promise<PageCache> {
  const folder = path.join(dir, 'pages')
  await mkdir(folder, { recursive: true })
  // One readdir instead of a stat per page: 10,000 pages cost one syscall batch, not 10,000.
  const present = new Set((await readdir(folder)).filter((n) => n.endsWith('.html')).map((n) => n.slice(0, -5)))
  const fileOf = (key: string) => path.join(folder, `${key}.html`)
  // Size and modification time of each page as this cache wrote it. The output's pages are hard
  // links to these files, so a tool that edits an output page in place (rather than replacing
  // it) edits the cached page too; such a page no longer matches its stamp and is rendered
  // again instead of being trusted.
  const stampsFile = path.join(folder, 'stamps.json')
  const stamps = new Map(Object.entries(await readCacheJson<Record<string, string>>(stampsFile) ?? {}))
  const stampOf = (stats: { size: number; mtimeMs: number }) => `${stats.size}:${stats.mtimeMs}`
  let stampsChanged = false
  const claim = (key: string) => {
    const file = fileOf(key)
    // Written in place, not through a temporary name: a page cut short by a killed build has no
    // stamp (stamps.json is written after a successful build), so it is never trusted. An older
    // file of the key is removed first: it may be linked from an output, which must not change.
    if (present.has(key)) rmSync(file, { force: true })
    return file
  }
  const adopt = (key: string) => {
    const file = fileOf(key)
    // Synchronous: a few µs against 20 through a promise, 10,000 times in a cold build.
    stamps.set(key, stampOf(statSync(file)))
    stampsChanged = true
    present.add(key)
    return file
  }
  // The build asks for every key twice (the output fingerprint, then rendering).
  const keys = new WeakMap<RoutePlan, string>()
  return {
    folder,
    keyOf(route) {
      let key = keys.get(route)
      if (key !== undefined) return key
      // The origin (file/line) is left out: moving YAML lines around changes no output.
      const { url, outputPath, template, title, description, noindex } = route
      // Not `props` unless needed: a landing page's are composed when read (plan-site.ts).
      key = hash(`${shared}\n${JSON.stringify({ url, outputPath, template, title, description, noindex })}\n${route.propsKey ?? digestJson(route.props)}`)
      keys.set(route, key)
      return key
    },
    find(key) {
      const stamp = present.has(key) ? stamps.get(key) : undefined
      if (stamp === undefined) return undefined
      const source = fileOf(key)
      const stats = statSync(source, { throwIfNoEntry: false })
      // Its inode goes with it: the output writer compares it with a kept output file's without a second stat.
      return stats !== undefined && stamp === stampOf(stats) ? { source, ino: stats.ino } : undefined
    },
    fileOf,
    async put(key, html) {
      await writeFile(claim(key), html)
      return adopt(key)
    },
    claim,
    adopt,
    async prune(keep) {
      const stale = [...present].filter((key) => !keep.has(key))
      await Promise.all(stale.map((key) => rm(fileOf(key), { force: true })))
      for (const key of stale) present.delete(key)
      for (const key of stamps.keys()) {
        if (present.has(key)) continue
        stamps.delete(key)
        stampsChanged = true
      }
      if (stampsChanged) await replaceFile(stampsFile, JSON.stringify(Object.fromEntries(stamps)))
      return stale.length
    },
  }
}
