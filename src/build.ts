import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { bundleAssets } from './assets/bundle-assets.js'
import type { PageKindSize } from './check/budgets.js'
import { watchForms } from './check/check-forms.js'
import { checkOutput } from './check/check-output.js'
import { openPageMemo } from './check/page-memo.js'
import { watchPages } from './check/watch-pages.js'
import { loadSite } from './config/load-site.js'
import { schemaDigest } from './config/schema-validators.js'
import { BuildFailure, ConfigError, failOn } from './errors/config-error.js'
import { countUncached, processImages, pruneImageCache } from './images/process-images.js'
import { feedFile } from './output/feed.js'
import { formsDeclarationFile } from './output/form-pages.js'
import { prepareHostFiles } from './output/landing-host-files.js'
import { outputUnchanged, readOutputRecord, writeOutputRecord } from './output/output-record.js'
import { createOutput, type OutputWriter } from './output/write-output.js'
import { hostRules, redirectLimitWarnings } from './plan/hosts.js'
import { planImages } from './plan/plan-images.js'
import type { LandingRedirect } from './plan/plan-redirects.js'
import { planSite, type BuildPlan } from './plan/plan-site.js'
import { bundleTemplates } from './render/bundle-templates.js'
import { digestJson, hash, stableJson } from './cache/digest.js'
import { openPrintStore } from './cache/print-store.js'
import { readCommitDates } from './config/source-dates.js'
import { openPageCache } from './render/page-cache.js'
import { renderPages } from './render/render-pages.js'
import { citypressVersion, codeDigest, toolCacheDir } from './paths.js'
import type { OutputFile, RenderContext, RoutePlan, SiteConfig } from './types.js'

export interface BuildOptions {
  /** The site folder, e.g. `sites/acme`. */
  site: string
  /** @default 'dist' */
  outDir?: string
  /** Overrides site.yaml `url`, e.g. for a staging deploy. */
  baseUrl?: string
  /** When false nothing touches disk; files are returned in `result.files`. @default true */
  write?: boolean
  /** Include draft posts. @default false */
  drafts?: boolean
  /** The live site's sitemap.xml (URL or file) to merge into the published-URL record; overrides site.yaml `published`. */
  published?: string
  /**
   * Folder of the build cache: rendered pages (src/render/page-cache.ts), their check facts
   * (src/check/page-memo.ts) and the quality gate's text prints (src/cache/print-store.ts).
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
  /** Called as long steps advance, for progress lines. */
  onProgress?: (progress: BuildProgress) => void
  /**
   * Lets a long-running caller (`citypress preview`) reuse work between builds. build() asks it
   * for the template bundle (keyed by site folder and icons), the client assets (keyed by theme)
   * and the images (keyed by source hashes); it may return an earlier result for the same kind
   * and key. build() cannot see file edits, so the caller must forget everything when a file
   * under templates/ changes. Without it every build starts from scratch.
   */
  memo?: BuildMemo
  /**
   * With `write: false` (preview): render the pages with these output paths before all others,
   * and hand them to `onRendered` as soon as they are in memory, while the build goes on. Lets
   * preview reload the open tabs before the rest of the site is rendered and checked; the build
   * can still fail afterwards.
   */
  firstPages?: { readonly paths: readonly string[]; readonly onRendered: (files: readonly OutputFile[]) => void }
}

export type BuildMemo = <T>(kind: 'templates' | 'assets' | 'images', key: string, compute: () => Promise<T>) => Promise<T>

export interface BuildProgress {
  /** `plan` is reported once, as it starts (at 10,000 pages it takes seconds of its own). */
  readonly stage: 'plan' | 'render' | 'images'
  readonly done: number
  readonly total: number
}

export type StageName = 'config' | 'plan' | 'assets' | 'images' | 'render' | 'check' | 'output'

export interface BuildResult {
  readonly site: SiteConfig
  readonly routes: readonly RoutePlan[]
  /** Every file written (with `write: false`, their contents too). */
  readonly files: readonly OutputFile[]
  readonly fileCount: number
  readonly warnings: readonly ConfigError[]
  readonly outDir: string
  /** Milliseconds per stage, for `--verbose` and benchmarks. */
  readonly timings: Readonly<Record<StageName, number>>
  /** The landing pages' quality gate, the 301s for moved landing pages, and whether published-urls.json changed. */
  readonly landing: { readonly quality: BuildPlan['landingQuality']; readonly redirects: readonly LandingRedirect[]; readonly recordUpdated: boolean }
  /** Pages rendered now vs reused from the page cache, and the slowest renders. */
  readonly pages: { readonly rendered: number; readonly reused: number; readonly slowest: readonly { readonly url: string; readonly ms: number }[] }
  /** Image variants encoded by this build vs taken from the image cache. */
  readonly images: { readonly encoded: number; readonly reused: number }
  /** What each page kind weighs (largest page per kind), for the size report and budgets. */
  readonly sizes: readonly PageKindSize[]
  /**
   * True when the output folder already held exactly this build's output, so nothing was
   * written (src/output/output-record.ts); sizes and warnings are the ones recorded then.
   */
  readonly upToDate: boolean
}

/** What a build records of itself for an up-to-date build to report (output-record.ts). */
interface RecordedResult {
  readonly fileCount: number
  readonly warnings: readonly ReturnType<ConfigError['toJSON']>[]
  readonly sizes: readonly PageKindSize[]
}

/**
 * Builds one site: config → plan → assets and templates → images and pages → output. Throws a
 * BuildFailure carrying every user mistake found; anything else thrown is a bug. The output folder
 * is replaced only when everything succeeded.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const timings: Record<StageName, number> = { config: 0, plan: 0, assets: 0, images: 0, render: 0, check: 0, output: 0 }
  const time = async <T>(stage: StageName, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now()
    try {
      return await run()
    } finally {
      timings[stage] += performance.now() - start
    }
  }
  const outDir = options.outDir ?? 'dist'
  const outPath = path.resolve(outDir)
  // Part of every cache key: a new version, or changed code in a checkout, trusts nothing cached.
  const toolVersion = `${citypressVersion}+${codeDigest}`
  const cacheDir = options.cacheDir === false ? undefined : options.cacheDir ?? path.resolve(options.site, '.citypress', 'cache')
  // The last output's record (output-record.ts), to tell that nothing changed; in-memory builds have none.
  const outputRecord = cacheDir !== undefined && options.write !== false ? path.join(cacheDir, 'output.json') : undefined
  // The build cache is read while the config loads (reading is I/O the config's parsing can
  // overlap), and git is asked for the sitemap's dates (a process of its own, 20-40 ms). A preview
  // that serves the open tabs first asks git only once their pages are out: spawning it holds this
  // thread for about 10 ms, a tenth of its budget. Until awaited, a failure must not count as
  // unhandled (a failed config ends the build first).
  const ahead = <T>(work: Promise<T>): Promise<T> => (work.catch(() => {}), work)
  let printsRead = cacheDir === undefined ? undefined : ahead(openPrintStore(cacheDir, toolVersion))
  const memoRead = cacheDir === undefined ? undefined : ahead(openPageMemo(path.join(cacheDir, 'pages')))
  const recordRead = outputRecord === undefined ? undefined : ahead(readOutputRecord<RecordedResult>(outputRecord))
  const commits = options.firstPages ? undefined : ahead(readCommitDates(path.resolve(options.site)))
  const site = await time('config', () => loadSite(options.site, {
    baseUrl: options.baseUrl, drafts: options.drafts, published: options.published,
    cache: cacheDir === undefined ? undefined : { file: path.join(cacheDir, 'config.json'), version: `${toolVersion}+${schemaDigest()}` },
  }))
  options.onProgress?.({ stage: 'plan', done: 0, total: 0 })
  const { plan, images, printsSaved } = await time('plan', async () => {
    const prints = await printsRead
    printsRead = undefined
    const planned = { plan: planSite(site, { prints }), images: planImages(site) }
    // Saved as soon as the plan stands (written while the build goes on): entries are keyed by
    // their inputs, so a later failure does not make them wrong, and the store is not held while
    // the pages render.
    return { ...planned, printsSaved: planned.plan.errors.length === 0 ? ahead(prints?.save() ?? Promise.resolve()) : undefined }
  })
  failOn(plan.errors)
  const routes = plan.routes
  // The host files are made while the pages render (their sitemap waits for git). Awaited after
  // rendering; until then a failure (a broken published-urls.json) must not count as unhandled.
  let hostFilesRun: ReturnType<typeof prepareHostFiles> | undefined
  const hostFiles = () => (hostFilesRun ??= ahead(prepareHostFiles(site, plan.routes, plan.landingPages, commits)))
  const firstPages = options.firstPages && {
    paths: options.firstPages.paths,
    onRendered: (files: readonly OutputFile[]) => {
      options.firstPages!.onRendered(files)
      void hostFiles()
    },
  }
  if (!firstPages) void hostFiles()
  let redirects: readonly LandingRedirect[] = []
  let recordUpdated = false

  const memo: BuildMemo = options.memo ?? ((_kind, _key, compute) => compute())
  const [assets, templates] = await time('assets', () => Promise.all([
    // bundleAssets reads only site.yaml `theme` (plus templates/, which the memo's owner watches).
    memo('assets', JSON.stringify(site.site.theme ?? null), () => bundleAssets(site.site, toolCacheDir(site.root))),
    memo('templates', `${site.root}|${site.icons.join(',')}`, () => bundleTemplates({ siteRoot: site.root, icons: site.icons })),
  ]))
  const context: RenderContext = {
    site: site.site, services: site.services, areas: { lists: site.areas.lists }, forms: site.forms,
    posts: site.posts.map(({ body: _body, bodyLine: _line, imagePaths: _images, ...summary }) => summary),
    landingUrls: plan.landingUrls, images: images.assets, assets: assets.manifest, year: new Date().getFullYear(),
  }
  const cache = cacheDir === undefined ? undefined : await openPageCache({
    dir: cacheDir,
    shared: hash(`${toolVersion}\n${templates.hash}\n${stableJson(context)}`),
  })
  const [declaration] = formsDeclarationFile(site)

  // Nothing to do when this build's output would be the last one's and the folder still holds it.
  // With the published-URL record as it is when asked: this build may add to it (recordUrls).
  let fingerprint: (() => Promise<string>) | undefined
  const record = await recordRead
  // A record of another output folder says nothing about this one's previous output.
  const ownRecord = record?.outDir === outPath ? record : undefined
  if (outputRecord) {
    const prepared = await hostFiles()
    const madeOf = hash([
      toolVersion, outPath, `record:${options.recordUrls ?? false}`, digestJson(site.budgets),
      ...routes.map((r) => `${r.outputPath}\0${cache!.keyOf(r)}`),
      ...[...assets.files, ...prepared.files, ...feedFile(site.site, site.posts), ...(declaration ? [declaration] : [])].map((f) => `${f.path}\0${hash(f.contents)}`),
      // Image outputs are named by their source's content hash and the encoder version. (Sorted:
      // the images are found in the order parallel file reads finish.)
      ...images.jobs.map((j) => j.outputPath).sort(),
    ].join('\n'))
    // Asked again after the build, when recordUrls may have changed published-urls.json.
    fingerprint = async () => hash(`${madeOf}\n${await readFile(path.join(site.root, 'published-urls.json'), 'utf8').catch(() => '')}`)
    if (record?.fingerprint === await fingerprint() && await time('output', () => outputUnchanged(record, outDir))) {
      await printsSaved
      return {
        site, routes, files: [], fileCount: record.result.fileCount, outDir, timings,
        warnings: [...site.warnings, ...plan.warnings, ...record.result.warnings.map((w) => new ConfigError(w))],
        landing: { quality: plan.landingQuality, redirects: prepared.redirects, recordUpdated: false },
        pages: { rendered: 0, reused: routes.length, slowest: [] },
        images: { encoded: 0, reused: images.jobs.length },
        sizes: record.result.sizes,
        upToDate: true,
      }
    }
  }

  const files: OutputFile[] = []
  // The output this build replaces is kept for the next build to start from: beside the cache,
  // not in it, because a CI that keeps the cache would store every page twice (its copy has no
  // hard links) for a folder a fresh checkout cannot use anyway (its inodes differ).
  const keep = outputRecord ? { folder: path.join(site.root, '.citypress', 'previous-output'), listing: ownRecord?.previous, current: ownRecord?.listing } : undefined
  const output: OutputWriter = options.write === false ? memoryOutput(files, firstPages) : await createOutput(outDir, keep)
  let stats: BuildResult['pages'] = { rendered: 0, reused: 0, slowest: [] }
  let imageStats: BuildResult['images'] = { encoded: 0, reused: 0 }
  const warnings = [...site.warnings, ...plan.warnings]
  let sizes: readonly PageKindSize[] = []
  try {
    const imageKey = images.jobs.map((j) => `${j.source.hash}>${j.outputPath}@${j.width}`).join('|')
    const imageCacheDir = options.imageCacheDir ?? path.join(site.root, '.citypress', 'cache', 'images')
    const encoding = await countUncached(images.jobs, imageCacheDir)
    const imageRun = time('images', () => memo('images', imageKey, () => processImages({
      jobs: images.jobs, cacheDir: imageCacheDir,
      onProgress: (done, total) => options.onProgress?.({ stage: 'images', done, total }),
    })))
    // Awaited only after rendering; until then a failure must not count as unhandled (which
    // would end the process before the output is rolled back).
    imageRun.catch(() => {})
    // Encoding (sharp holds whole decoded images) beside rendering 10,000 pages peaked at 1.1 GiB;
    // one after the other peaks at the larger of the two, and on 2 cores takes about as long.
    // Reading cached variants is light, so then images still overlap rendering.
    if (encoding > 0) await imageRun.catch(() => {})
    // What the checks take from each page, kept beside the page cache for the next build.
    const pageMemo = await memoRead
    const forms = declaration && watchForms({ site, routes, declaration, output, memo: pageMemo })
    const watch = watchPages({ routes, output: forms?.output ?? output, memo: pageMemo })
    const pages = await time('render', () => renderPages({
      routes: firstPagesFirst(routes, firstPages?.paths), context, templates, output: watch.output, cache,
      // Previews render the open pages first and few pages per edit: always on this thread.
      workerMinimum: options.write === false ? undefined : options.workerMinimum ?? 300,
      onProgress: (done, total) => options.onProgress?.({ stage: 'render', done, total }),
    }))
    const imageResult = await imageRun
    const prepared = await hostFiles()
    redirects = prepared.redirects
    warnings.push(...redirectLimitWarnings(site.site, redirects.length))
    const errors = [...pages.errors, ...(await forms?.errors() ?? []), ...imageResult.errors]
    failOn(collapseRepeats(errors))
    const others = [...assets.files, ...imageResult.files, ...prepared.files, ...feedFile(site.site, site.posts), ...(declaration ? [declaration] : [])]
    // Links, budgets and the CSP hashes of _headers, from the pages as written.
    const checked = await time('check', () => checkOutput({ site, watch, files: others }))
    failOn(checked.errors)
    warnings.push(...checked.warnings)
    sizes = checked.sizes
    await time('output', async () => {
      // In parallel: libuv's threads write while this one waits (240 files, 60 ms one by one).
      await Promise.all([...others, ...(hostRules(site.site.host).readsHeaders ? [checked.headers] : [])].map((file) => output.write(file)))
      await printsSaved
      const committed = await output.commit()
      if (imageCacheDir) await pruneImageCache(imageCacheDir, images.jobs)
      if (options.recordUrls && options.write !== false) recordUpdated = await prepared.recordPublished()
      await cache?.prune(pages.keys)
      await pageMemo?.save(pages.keys)
      if (outputRecord && fingerprint && committed) {
        const result: RecordedResult = { fileCount: output.count, warnings: checked.warnings.map((w) => w.toJSON()), sizes }
        await writeOutputRecord(outputRecord, { outDir: outPath, fingerprint: await fingerprint(), result, listing: committed.output, previous: committed.kept })
      }
    })
    stats = { rendered: pages.rendered, reused: pages.reused, slowest: pages.slowest }
    imageStats = { encoded: imageResult.encoded, reused: imageResult.reused }
  } catch (error) {
    await output.abort()
    throw error
  }
  const landing = { quality: plan.landingQuality, redirects, recordUpdated }
  return { site, routes, files, fileCount: output.count, warnings, outDir, timings, landing, pages: stats, images: imageStats, sizes, upToDate: false }
}

/**
 * A template bug usually breaks every page that uses the template; report it once with a count
 * instead of once per page.
 */
function collapseRepeats(errors: ConfigError[]): ConfigError[] {
  const groups = new Map<string, ConfigError[]>()
  for (const e of errors) {
    const key = `${e.code}:${e.message.replace(/^The page \S+ /, '')}`
    groups.set(key, [...(groups.get(key) ?? []), e])
  }
  return [...groups.values()].map(([first, ...rest]) => rest.length === 0 ? first! : new ConfigError({
    ...first!.toJSON(),
    message: first!.message,
    hint: `${first!.hint ?? ''} The same error breaks ${rest.length} other page${rest.length === 1 ? '' : 's'}.`.trim(),
  }))
}

function firstPagesFirst(routes: readonly RoutePlan[], paths: readonly string[] = []): readonly RoutePlan[] {
  if (paths.length === 0) return routes
  const first = new Set(paths)
  return [...routes.filter((r) => first.has(r.outputPath)), ...routes.filter((r) => !first.has(r.outputPath))]
}

function memoryOutput(files: OutputFile[], firstPages?: BuildOptions['firstPages']): OutputWriter {
  const waiting = new Set(firstPages?.paths)
  const add = (file: OutputFile) => {
    files.push(file)
    if (waiting.delete(file.path) && waiting.size === 0) firstPages!.onRendered(files.filter((f) => firstPages!.paths.includes(f.path)))
  }
  return {
    get count() {
      return files.length
    },
    async write(file) {
      add(file)
    },
    async link(file, { source, contents }) {
      add({ path: file, contents: contents ?? await readFile(source) })
    },
    async commit() {
      return undefined
    },
    async abort() {},
  }
}

export { BuildFailure }
