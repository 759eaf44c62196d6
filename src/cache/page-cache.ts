import { lstatSync, readFileSync, rmSync } from 'node:fs'
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { naming } from '../errors/system-error.js'
import { cachePaths } from '../site/paths.js'
import { digestJson, hash } from './digest.js'
import { type FileStamp, isAsStamped, stampOf } from './file-stamp.js'
import { type CacheNote, ensureCacheFolder, readSealedJson, removeLeftovers, writeSealedJson } from './sealed-file.js'
import { ownPath } from './site-folder.js'

/**
 * Rendered pages kept between builds, one file per cache key. A key covers everything a page's
 * HTML depends on — the route (URL, title, description, props), the shared render context, the
 * template bundle and the citypress version — so a page whose key exists needs no rendering,
 * and its output file is a hard link to the cached one (no bytes rewritten).
 *
 * The folder is safe to persist between CI runs (it is only ever read by key) and is pruned to
 * the pages of the latest build.
 */
/**
 * What a cache key covers of a route (plan/'s RoutePlan, whose type the cache, used by every
 * stage, does not import): all of it but where it was written.
 */
export interface KeyedRoute {
  readonly url: string
  readonly outputPath: string
  readonly template: string
  readonly title: string
  /** Absent on a landing page: its `propsKey` stands for it, as for its props. */
  readonly description?: string
  readonly noindex: boolean
  readonly props?: unknown
  /** Stands for `props` when the planner has a cheaper digest of them (landing pages). */
  readonly propsKey?: string
}

/** What of a route its page depends on, beside what every page shares, as text to digest. */
export function routeText(route: KeyedRoute): string {
  // The origin (file/line) is left out: moving YAML lines around changes no output.
  const { url, outputPath, template, title, description, noindex } = route
  // A landing page has no props until rendered (RoutePlan.landing): its propsKey stands for them.
  return `${JSON.stringify({ url, outputPath, template, title, description, noindex })}\n${route.propsKey ?? digestJson(route.props)}`
}

export interface PageCache {
  /** The folder holding the cached pages, one `<key>.html` each. */
  readonly folder: string
  /** The cache key of a route; `shared` already covers context, templates and version. */
  keyOf(route: KeyedRoute): string
  /** Whether every page of `keys` is cached and unchanged since stamped (one stat each, nothing read). */
  intact(keys: Iterable<string>): boolean
  /**
   * The cached page of `key`, if there is one and its bytes are the ones this cache wrote (see
   * openPageCache); a damaged one is deleted, and undefined returned.
   */
  find(key: string): { readonly source: string; readonly ino: number; readonly ctimeMs: number } | undefined
  /** Absolute path of a cached page. */
  fileOf(key: string): string
  put(key: string, html: string): Promise<string>
  /**
   * For a page written by someone else (the render worker): the file to write `key` to, any older
   * file of it removed first. Call `adopt(key)` once it is written.
   */
  claim(key: string): string
  /** Takes in a page written to `claim(key)`'s file, with the SHA-1 of its bytes; returns the file. */
  adopt(key: string, sha1: string): string
  /**
   * After the output is committed: deletes every entry not in `keep`, stamps the rest as they are
   * now and writes the stamps; returns how many were deleted. With `linked` (the output writer's:
   * the files whose link count it changed), only those are stamped anew; the others are as this
   * build found them.
   */
  save(keep: ReadonlySet<string>, linked?: ReadonlySet<string>): Promise<number>
}

export interface OpenPageCacheOptions {
  /** The cache folder, e.g. `<site>/.citypress/cache`. Pages go in its `pages/` folder. */
  dir: string
  /** Hash of what every page shares: render context, template bundle hash, citypress version. */
  shared: string
  /** Told of each cached page that could not be trusted. */
  note?: CacheNote
}

export async function openPageCache({ dir, shared, note }: OpenPageCacheOptions): Promise<PageCache> {
  const folder = cachePaths(dir).pages
  await ensureCacheFolder(folder)
  // One readdir instead of a stat per page: 10,000 pages cost one syscall batch, not 10,000.
  const names = await readdir(folder)
  const present = new Set(names.filter((n) => n.endsWith('.html')).map((n) => n.slice(0, -5)))
  if (names.some((n) => n.endsWith('.tmp'))) await removeLeftovers(folder)
  const fileOf = (key: string) => path.join(folder, `${key}.html`)
  // Each page's SHA-1 as it was written, and its stamp (file-stamp.ts) as the last build left it. A
  // page as stamped is trusted without reading it; the output's pages are hard links to these
  // files (a tool that edits an output page in place edits the cached page too). A page whose stat
  // changed (linked or unlinked by a build that then failed, copied, edited) is read and hashed
  // before it is used, and rendered again if its bytes are not the ones recorded.
  const stampsFile = path.join(folder, 'stamps.json')
  const read = await readSealedJson<Record<string, Stamp>>(stampsFile, note)
  const stamps = new StampTable()
  for (const [key, stamp] of Object.entries(read ?? {})) if (isStamp(stamp)) stamps.set(key, stamp)
  let stampsChanged = false
  const claim = (key: string) => {
    const file = ownPath(fileOf(key))
    // Written in place, not through a temporary name: a page cut short by a killed build has no
    // stamp (stamps.json is written after a successful build), so it is never trusted. An older
    // file of the key is removed first: it may be linked from an output, which must not change.
    if (present.has(key)) rmSync(file, { recursive: true, force: true })
    return file
  }
  const stampFile = (key: string, sha1: string) => {
    stamps.set(key, [...stampOf(lstatSync(fileOf(key))), sha1])
    stampsChanged = true
  }
  const adopt = (key: string, sha1: string) => {
    // Synchronous: a few µs against 20 through a promise, 10,000 times in a cold build.
    stampFile(key, sha1)
    present.add(key)
    return fileOf(key)
  }
  /** Whether `key`'s file is as stamped, without reading it; its stats when it is. */
  const unchanged = (key: string) => {
    const stamp = present.has(key) ? stamps.get(key) : undefined
    if (stamp === undefined) return undefined
    // Its own stats, a link's not followed: a link planted in its place is no file, and is rendered again.
    const stats = lstatSync(fileOf(key), { throwIfNoEntry: false })
    if (stats === undefined) return { stamp, stats }
    return { stamp, stats, same: isAsStamped(stats, stamp) }
  }
  // The build asks for every key twice (the output fingerprint, then rendering).
  const keys = new WeakMap<KeyedRoute, string>()
  return {
    folder,
    keyOf(route) {
      let key = keys.get(route)
      if (key !== undefined) return key
      key = hash(`${shared}\n${routeText(route)}`)
      keys.set(route, key)
      return key
    },
    intact(keys) {
      for (const key of keys) if (!unchanged(key)?.same) return false
      return true
    },
    find(key) {
      const found = unchanged(key)
      if (!found) return undefined
      const source = fileOf(key)
      if (found.same) return { source, ino: found.stats!.ino, ctimeMs: found.stats!.ctimeMs }
      // Changed since stamped: used only if its bytes are still the ones written.
      const bytes = found.stats?.isFile() && found.stats.size === found.stamp[0] ? readFileSync(source) : undefined
      if (bytes && hash(bytes) === found.stamp[4]) {
        stampFile(key, found.stamp[4])
        return { source, ino: found.stats!.ino, ctimeMs: found.stats!.ctimeMs }
      }
      note?.(
        `the cached page ${path.basename(source)} was ${found.stats === undefined ? 'missing' : found.stats.isFile() ? 'damaged or not written here (its bytes do not match their sealed hash)' : 'not a file'}; it is rendered again`,
      )
      rmSync(source, { recursive: true, force: true })
      present.delete(key)
      stamps.delete(key)
      stampsChanged = true
      return undefined
    },
    fileOf,
    async put(key, html) {
      await writeFile(claim(key), html).catch(naming(fileOf(key)))
      return adopt(key, hash(html))
    },
    claim,
    adopt,
    async save(keep, linked) {
      ownPath(folder)
      const stale = [...present].filter((key) => !keep.has(key))
      await Promise.all(stale.map((key) => rm(fileOf(key), { recursive: true, force: true })))
      for (const key of stale) present.delete(key)
      for (const key of stamps.keys()) {
        if (present.has(key)) continue
        stamps.delete(key)
        stampsChanged = true
      }
      // Linking a page into the output (or unlinking it) changed its ctime: stamped anew as this
      // build leaves it, so the next build trusts it without reading it. Its bytes were checked
      // when this build took it (find) or written by it. (A page missed here is read and hashed by
      // the next build, never trusted unread.)
      for (const key of keep) {
        if (linked && !linked.has(fileOf(key))) continue
        const stamp = stamps.get(key)
        const stats = stamp && lstatSync(fileOf(key), { throwIfNoEntry: false })
        if (!stamp || !stats || (stats.ctimeMs === stamp[2] && stats.ino === stamp[3])) continue
        stamps.set(key, [...stampOf(stats), stamp[4]])
        stampsChanged = true
      }
      if (stampsChanged) await writeSealedJson(stampsFile, Object.fromEntries(stamps.entries()))
      return stale.length
    },
  }
}

/** A page's stamp and the SHA-1 of its bytes as written. */
type Stamp = readonly [...FileStamp, sha1: string]

function isStamp(value: unknown): value is Stamp {
  return Array.isArray(value) && value.length === 5 && value.slice(0, 4).every((n) => typeof n === 'number') && typeof value[4] === 'string'
}

/**
 * The pages' stamps by key, in columns: a stamp is a slot of four numbers and a hash, where an
 * array of its own with its numbers boxed took about 370 bytes a page while the pages render
 * (18 MB at 50,000 pages).
 */
class StampTable {
  private readonly slots = new Map<string, number>()
  private numbers = new Float64Array(4 * 1024)
  private readonly sha1s: string[] = []
  private readonly free: number[] = []

  get(key: string): Stamp | undefined {
    const at = this.slots.get(key)
    if (at === undefined) return undefined
    const n = this.numbers
    return [n[4 * at]!, n[4 * at + 1]!, n[4 * at + 2]!, n[4 * at + 3]!, this.sha1s[at]!]
  }

  set(key: string, stamp: Stamp): void {
    let at = this.slots.get(key)
    if (at === undefined) {
      at = this.free.pop() ?? this.sha1s.length
      this.slots.set(key, at)
      if (4 * at + 4 > this.numbers.length) {
        const grown = new Float64Array(this.numbers.length * 2)
        grown.set(this.numbers)
        this.numbers = grown
      }
    }
    const n = this.numbers
    ;[n[4 * at], n[4 * at + 1], n[4 * at + 2], n[4 * at + 3], this.sha1s[at]] = stamp
  }

  delete(key: string): boolean {
    const at = this.slots.get(key)
    if (at === undefined) return false
    this.slots.delete(key)
    this.sha1s[at] = ''
    this.free.push(at)
    return true
  }

  /** The keys, live: deleting the key at hand while iterating is safe, as with a Map. */
  keys(): IterableIterator<string> {
    return this.slots.keys()
  }

  *entries(): Generator<[string, Stamp]> {
    for (const key of this.slots.keys()) yield [key, this.get(key)!]
  }
}
