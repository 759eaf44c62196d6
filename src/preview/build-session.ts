import path from 'node:path'
import { type BuildMemo, type BuildResult, build } from '../build/index.js'
import { hash } from '../cache/digest.js'
import type { SiteConfig } from '../config/site-model.js'
import { sitePaths } from '../site/paths.js'
import { packageRoot } from '../tool/package.js'
import type { OutputFile } from '../types.js'
import { describeFailure } from './overlay.js'
import { indexFiles, type ServedFile } from './static-files.js'

/** The last successful build, served from memory. */
export interface GoodBuild {
  readonly files: ReadonlyMap<string, ServedFile>
  readonly site: SiteConfig
  readonly result: BuildResult
  /** Hash over every non-HTML file: when it changes, any page may look different. */
  readonly othersHash: string
}

export type SessionState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'ok'; readonly build: GoodBuild }
  /** `last` keeps serving stylesheets and images while pages show the error. */
  | { readonly kind: 'failed'; readonly error: unknown; readonly errorHash: string; readonly last?: GoodBuild }

export interface BuildOutcome {
  readonly state: SessionState
  readonly previous: SessionState
  /** The paths that triggered this build (empty for the first). */
  readonly trigger: readonly string[]
  readonly ms: number
  /** When the open tabs' pages were ready, if they were served before the build finished. */
  readonly firstMs?: number
}

export interface BuildSessionOptions {
  readonly site: string
  /** Runs after every build, successful or not. */
  readonly onBuilt: (outcome: BuildOutcome) => void
  /** Output paths of the pages open in a browser: rendered first, and served early. */
  readonly openPages: () => readonly string[]
  /** Runs when the open pages of a rebuild are served, before the build has finished. */
  readonly onFirstPages: () => void
}

export interface BuildSession {
  readonly state: SessionState
  /** Rebuilds for these changed paths; changes arriving during a build are merged into one next build. */
  rebuild(changed: readonly string[]): Promise<void>
  /** Resolves when no build is running or queued. */
  idle(): Promise<void>
}

/**
 * Rebuilds the site in memory (`write: false`: preview never touches the output folder) one
 * build at a time. Work whose inputs did not change is reused: through build()'s memo the
 * template bundle and client assets survive until a file under a templates/ folder changes and
 * images until their sources change, and unchanged pages come from the page cache. Any error,
 * even an internal one, becomes the failed state; it never escapes, so a crash in one rebuild
 * cannot stop the server.
 */
export function createBuildSession(options: BuildSessionOptions): BuildSession {
  const memoEntries = new Map<string, { key: string; value: Promise<unknown> }>()
  const memo: BuildMemo = <T>(kind: string, key: string, compute: () => Promise<T>) => {
    const hit = memoEntries.get(kind)
    if (hit?.key === key) return hit.value as Promise<T>
    const value = compute()
    memoEntries.set(kind, { key, value })
    // A failed computation is never reused: the next build tries again.
    value.catch(() => memoEntries.get(kind)?.value === value && memoEntries.delete(kind))
    return value
  }
  const templateFolders = [path.join(packageRoot, 'templates'), path.join(path.resolve(options.site), 'templates')]
  // Pages whose inputs did not change are reused from the page cache (src/cache/page-cache.ts):
  // after a one-page edit only that page renders. Preview keeps its own cache folder, because
  // each build prunes the cache to its own pages and preview's include drafts.
  const cacheDir = sitePaths(options.site).previewCache.dir

  let state: SessionState = { kind: 'starting' }
  let running: Promise<void> | undefined
  let queued: Set<string> | undefined

  const runOnce = async (trigger: readonly string[]) => {
    if (trigger.some((file) => templateFolders.some((dir) => file === dir || file.startsWith(dir + path.sep)))) memoEntries.clear()
    const started = performance.now()
    const previous = state
    let firstMs: number | undefined
    // After a content edit the open tabs need only their own pages: serve those as soon as they
    // are rendered (with the last build's other files), and the rest once the build succeeds.
    // Template or image edits may change assets the new pages link to, so they wait for the build.
    const paths = previous.kind === 'ok' && trigger.length > 0 && trigger.every((f) => /\.(ya?ml|md)$/.test(f)) ? options.openPages() : []
    const firstPages =
      paths.length === 0 || previous.kind !== 'ok'
        ? undefined
        : {
            paths,
            onRendered: (files: readonly OutputFile[]) => {
              const early = new Map(previous.build.files)
              for (const [file, served] of indexFiles(files)) early.set(file, served)
              state = { kind: 'ok', build: { ...previous.build, files: early } }
              firstMs = performance.now() - started
              try {
                options.onFirstPages()
              } catch {
                // as for onBuilt below
              }
            },
          }
    try {
      const result = await build({ site: options.site, write: false, drafts: true, cacheDir, memo, firstPages })
      state = { kind: 'ok', build: goodBuild(result) }
    } catch (error) {
      const last = previous.kind === 'ok' ? previous.build : previous.kind === 'failed' ? previous.last : undefined
      state = { kind: 'failed', error, errorHash: hashOf(describeFailure(error).blocks.join('\n')), last }
    }
    try {
      options.onBuilt({ state, previous, trigger, ms: performance.now() - started, firstMs })
    } catch {
      // A failing listener (a closed socket, a log stream) must not stop later builds.
    }
  }

  const drain = async (first: readonly string[]) => {
    let next: readonly string[] | undefined = first
    while (next) {
      await runOnce(next)
      next = queued ? [...queued] : undefined
      queued = undefined
    }
    running = undefined
  }

  return {
    get state() {
      return state
    },
    rebuild(changed) {
      if (running) {
        queued = new Set([...(queued ?? []), ...changed])
        return running
      }
      running = drain(changed)
      return running
    },
    async idle() {
      while (running) await running
    },
  }
}

function goodBuild(result: BuildResult): GoodBuild {
  const files = indexFiles(result.files)
  const others = [...files.values()]
    .filter((f) => !f.path.endsWith('.html'))
    .map((f) => `${f.path}:${f.hash}`)
    .sort()
  return { files, site: result.site, result, othersHash: hashOf(others.join('\n')) }
}

export function hashOf(text: string): string {
  return hash(text).slice(0, 12)
}
