import path from 'node:path'
import { BadSourceDate, fail } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import type { FirstPages } from '../output/memory-output.js'
import { sitePaths } from '../site/paths.js'

/** What build() and buildSummary() (build/index.ts) accept. */
export interface BuildOptions {
  /** The site folder, e.g. `sites/acme`. */
  site: string
  /** @default defaultOutDir */
  outDir?: string
  /** Overrides site.yaml `url`, e.g. for a staging deploy. */
  baseUrl?: string
  /** When false nothing touches disk; files are returned in `result.files`. @default true */
  write?: boolean
  /** Include draft posts. @default false */
  drafts?: boolean
  /** The live site's sitemap.xml (URL or file) to merge into the published-URL record; overrides site.yaml `published`. */
  published?: string
  /** A text without its translation is an error, as site.yaml `translations: { strict: true }` makes it. @default false */
  strictTranslations?: boolean
  /**
   * Folder of the build cache: rendered pages (src/cache/page-cache.ts), their check facts
   * (src/cache/page-memo.ts) and the quality gate's text prints (src/cache/print-store.ts).
   * `false` renders and checks every page.
   * @default '<site>/.citypress/cache'
   */
  cacheDir?: string | false
  /**
   * Add this build's landing pages to `<site>/published-urls.json` after a successful write (the
   * one file a build writes into the site folder; src/output/published-urls.ts). `citypress build`
   * sets it; previews and tests that do not want the site folder touched leave it off.
   * @default false
   */
  recordUrls?: boolean
  /**
   * After a successful write, draw the build report (src/report/) into `<site>/.citypress/report.html`,
   * which preview serves at /__citypress/report. `citypress build` sets it; previews and tests
   * that do not want the site folder touched leave it off.
   * @default false
   */
  writeReport?: boolean
  /**
   * Folder of encoded image variants, kept between builds (safe to persist in CI); `false`
   * encodes every image. Independent of the page cache.
   * @default '<site>/.citypress/cache/images'
   */
  imageCacheDir?: string | false
  /**
   * When at least this many pages need rendering, worker threads render, scan and cache them
   * while this one links them into the output (src/render/render-worker.ts): below it, starting the
   * threads (about 0.1 s) does not pay. Not used with `write: false`.
   * @default 300
   */
  workerMinimum?: number
  /**
   * The moment the build is made as of (the footer's year; no sitemap date is later than it).
   * @default SOURCE_DATE_EPOCH when set (the reproducible-builds convention), else now
   */
  asOf?: Date
  /** Called as long steps advance, for progress lines. */
  onProgress?: (progress: BuildProgress) => void
  /**
   * Called once when another process is building with the same cache folder: this build waits for
   * it (a lock whose holder died is taken at once; src/cache/lock.ts). Gets a sentence naming it.
   */
  onWait?: (message: string) => void
  /**
   * Lets a long-running caller (`citypress preview`) reuse work between builds. build() asks it
   * for the template bundle (keyed by site folder and icons), the client assets (keyed by theme)
   * and the images (keyed by source hashes); it may return an earlier result for the same kind
   * and key. build() cannot see file edits, so the caller must forget everything when a file
   * under templates/ changes. Without it every build starts from scratch, and lets go of what it
   * read once the site is loaded.
   */
  memo?: BuildMemo
  /**
   * With `write: false` (preview): render the pages with these output paths before all others,
   * and hand them to `onRendered` as soon as they are in memory, while the build goes on. Lets
   * preview reload the open tabs before the rest of the site is rendered and checked; the build
   * can still fail afterwards.
   */
  firstPages?: FirstPages
}

export type BuildMemo = <T>(kind: 'templates' | 'assets' | 'page-sheets' | 'images', key: string, compute: () => Promise<T>) => Promise<T>

/** A build's memo outside preview: nothing is kept between builds in this process. */
export const computeEachTime: BuildMemo = (_kind, _key, compute) => compute()

export interface BuildProgress {
  /** `plan` is reported once, as it starts (at 10,000 pages it takes seconds of its own). */
  readonly stage: 'plan' | 'render' | 'images'
  readonly done: number
  readonly total: number
}

/**
 * BuildOptions with every default applied and every derived setting decided, once, when a build
 * starts: the stages and the cache read this, never the options. Plain readonly data.
 */
export interface ResolvedBuildOptions {
  readonly site: string
  /** As given (`dist` unless given): the summary says it as the user wrote it. */
  readonly outDir: string
  readonly baseUrl: string | undefined
  /** Whether an output folder is written; false with a memory output (preview, tests). */
  readonly write: boolean
  readonly drafts: boolean
  readonly published: string | undefined
  readonly strictTranslations: boolean
  /** The build cache's folder; undefined when nothing is cached (`cacheDir: false`). */
  readonly cacheDir: string | undefined
  /** The image variants' folder; undefined when every image is encoded (`imageCacheDir: false`). */
  readonly imageCacheDir: string | undefined
  /** Only for a build that writes an output folder. */
  readonly recordUrls: boolean
  /** Only for a build that writes an output folder. */
  readonly writeReport: boolean
  /** The render workers' threshold; undefined when this thread renders every page (no output folder). */
  readonly workerMinimum: number | undefined
  /** Whether the image variants go to the output as they are made: not when a memo may hand them to a later build. */
  readonly writeImagesAsMade: boolean
  /** What build() and buildSummary() may replay: only a build that writes from scratch with nothing handed in. */
  readonly mayReplay: boolean
  /**
   * The moment the build is made as of: the option, else SOURCE_DATE_EPOCH (the reproducible-builds
   * convention), else now. Gives the footer's year; when fixed, no sitemap date is later than it,
   * so two builds of the same commit are byte-identical whenever and wherever they run.
   */
  readonly asOf: Date
  /** Whether `asOf` was given (the option or SOURCE_DATE_EPOCH) rather than now. */
  readonly fixedDate: boolean
  readonly memo: BuildMemo | undefined
  readonly firstPages: FirstPages | undefined
  readonly onProgress: ((progress: BuildProgress) => void) | undefined
  readonly onWait: ((message: string) => void) | undefined
}

/** The default output folder, as `citypress build --out` shows it. */
export const defaultOutDir = 'dist'

export function resolveBuildOptions(options: BuildOptions): ResolvedBuildOptions {
  const write = options.write !== false
  const own = sitePaths(options.site).cache
  const cacheDir = options.cacheDir === false ? undefined : path.resolve(options.cacheDir ?? own.dir)
  // The site's own image cache even beside a cache folder given elsewhere (preview's): images are costly to encode and the same for both.
  const imageCacheDir = options.imageCacheDir === false ? undefined : path.resolve(options.imageCacheDir ?? own.images)
  return {
    site: options.site,
    outDir: options.outDir ?? defaultOutDir,
    baseUrl: options.baseUrl,
    write,
    drafts: options.drafts ?? false,
    published: options.published,
    strictTranslations: options.strictTranslations ?? false,
    cacheDir,
    imageCacheDir,
    recordUrls: write && options.recordUrls === true,
    writeReport: write && options.writeReport === true,
    workerMinimum: write ? (options.workerMinimum ?? 300) : undefined,
    writeImagesAsMade: write && options.memo === undefined,
    mayReplay: write && !options.memo && !options.firstPages,
    ...(options.asOf ? { asOf: options.asOf, fixedDate: true } : sourceDate(process.env.SOURCE_DATE_EPOCH)),
    memo: options.memo,
    firstPages: options.firstPages,
    onProgress: options.onProgress,
    onWait: options.onWait,
  }
}

/** SOURCE_DATE_EPOCH as a Date: whole seconds since 1970-01-01 UTC; anything else fails the build, as the convention asks. */
function sourceDate(value: string | undefined): { asOf: Date; fixedDate: boolean } {
  if (value === undefined || value === '') return { asOf: new Date(), fixedDate: false }
  const seconds = /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN
  if (Number.isNaN(seconds)) throw new BuildFailure([fail(BadSourceDate, { file: 'SOURCE_DATE_EPOCH' }, value)])
  return { asOf: new Date(seconds * 1000), fixedDate: true }
}
