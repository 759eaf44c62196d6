import path from 'node:path'
import { bundleAssets } from '../assets/bundle-assets.js'
import { type BuildCache, openBuildCache } from '../cache/build-cache.js'
import { hash } from '../cache/digest.js'
import { ensureOwnFolder } from '../cache/site-folder.js'
import { byteLength, type PageKindSize } from '../check/budgets.js'
import { watchForms } from '../check/check-forms.js'
import { plannedAddresses } from '../check/check-links.js'
import { checkOutput } from '../check/check-output.js'
import { watchPages } from '../check/watch-pages.js'
import { stopSvgSanitizer } from '../config/checks/sanitize-svg.js'
import { schemaDigest } from '../config/checks/schema-validators.js'
import { readSite } from '../config/load-site.js'
import { redirectLimitWarnings } from '../config/presets/hosts.js'
import { placeProblems, placeReported } from '../config/read/place-problems.js'
import { forgetReads } from '../config/read/read-cache.js'
import { readCommitDates } from '../config/read/source-dates.js'
import type { SiteConfig } from '../config/site-model.js'
import { repeated } from '../errors/catalogue.js'
import { BuildFailure, type ConfigError, failOn } from '../errors/config-error.js'
import { ConfigWarning } from '../errors/config-warning.js'
import { imageJobs, withBrandImages } from '../images/brand-images.js'
import { countUncached, processImages } from '../images/process-images.js'
import { listImageCache, pruneImageCache, staleVariants } from '../images/variant-cache.js'
import { feedFile } from '../output/feed.js'
import { formsDeclarationFile } from '../output/form-pages.js'
import { type HeaderRule, headerRules, headersFile } from '../output/hosts/headers.js'
import { type HostFiles, prepareHostFiles } from '../output/hosts/host-files.js'
import { createMemoryOutput } from '../output/memory-output.js'
import { guardOutputFolder } from '../output/output-guard.js'
import { writePublishedUrls } from '../output/record-published.js'
import { createOutput } from '../output/write-output.js'
import { paragraphsToWrite } from '../plan/landing-quality.js'
import { signatureBins } from '../plan/landing-similarity.js'
import { type ImageJob, planImages } from '../plan/plan-images.js'
import { languageCoverage } from '../plan/plan-languages.js'
import { type LandingRedirect, recordPublished } from '../plan/plan-redirects.js'
import { type BuildPlan, planSite } from '../plan/plan-site.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { bundleTemplates } from '../render/bundle-templates.js'
import { declaredInlineCode } from '../render/inline-code.js'
import { checkHeapFor } from '../render/memory-check.js'
import { renderPages } from '../render/render-pages.js'
import { stopEsbuild } from '../tool/esbuild.js'
import { addTo } from '../tool/group.js'
import { collectNow } from '../tool/heap-growth.js'
import { citypressVersion, codeDigest } from '../tool/package.js'
import type { OutputFile, OutputWriter } from '../types.js'
import { contextDigest, finishInputs, outputInputs, readsElsewhere, startInputs } from './inputs.js'
import { type BuildMemo, type BuildOptions, computeEachTime, type ResolvedBuildOptions, resolveBuildOptions } from './options.js'
import { cutPageSheets, renderContextOf, withPageSheets } from './page-context.js'
import { setPlanAside } from './plan-aside.js'
import { failRound, siteOf } from './round.js'
import { type StageTime, stageClock } from './stage-clock.js'
import { type BuildSummary, type GateSummary, type RecordedSummary, recordedSummary, replayedSummary, type StageName } from './summary.js'
import { reportKept, writeReportPage } from './write-report-page.js'

export type { BuildMemo, BuildOptions, BuildProgress, ResolvedBuildOptions } from './options.js'
export { loadAndPlan } from './round.js'
export type { BuildSummary, StageName }

export interface BuildResult {
  readonly site: SiteConfig
  readonly routes: readonly RoutePlan[]
  /** Every file written (with `write: false`, their contents too). */
  readonly files: readonly OutputFile[]
  readonly fileCount: number
  readonly warnings: readonly ConfigWarning[]
  readonly outDir: string
  readonly timings: BuildSummary['timings']
  /** The landing pages' quality gate, the 301s for moved landing pages, and whether published-urls.json changed. */
  readonly landing: {
    readonly quality: BuildPlan['landingQuality']
    /** Each other language's gate, judged against its own siblings. */
    readonly languages: readonly { readonly code: string; readonly quality: BuildPlan['landingQuality'] }[]
    readonly redirects: readonly LandingRedirect[]
    readonly recordUpdated: boolean
  }
  readonly pages: BuildSummary['pages']
  readonly images: BuildSummary['images']
  readonly sizes: BuildSummary['sizes']
  /**
   * True when the output folder already held exactly this build's output, so nothing was
   * written (src/cache/output-record.ts); sizes and warnings are the ones recorded then.
   */
  readonly upToDate: boolean
  /** One line per cache entry that could not be trusted and was made again, for `--verbose`. */
  readonly cacheNotes: readonly string[]
  /**
   * The rules `_headers` is written from (output/hosts/headers.ts), so preview answers with the
   * host's headers; empty for a host that reads no `_headers`, and absent when the build was up
   * to date and made none.
   */
  readonly headerRules?: readonly HeaderRule[]
}

/** What a build records of itself for an up-to-date build to say again (output-record.ts). */
interface RecordedResult {
  readonly fileCount: number
  /** The checks' warnings (the config's and the plan's are found again by a build that loads the site). */
  readonly warnings: readonly ReturnType<ConfigWarning['toJSON']>[]
  readonly sizes: readonly PageKindSize[]
  /**
   * Everything `citypress build` printed, for a build that finds nothing changed (buildSummary).
   * Its key in the recorded JSON (output.json) is `report`.
   */
  readonly report?: RecordedSummary
}

/**
 * Builds one site: config → plan → assets and templates → images and pages → output. Throws a
 * BuildFailure carrying every user mistake found; anything else thrown is a bug. The output folder
 * is replaced only when everything succeeded.
 */
export async function build(given: BuildOptions): Promise<BuildResult> {
  const options = resolveBuildOptions(given)
  await guardOutput(options)
  const cache = await openCache(options)
  try {
    // Stages record where a problem is by JSON Pointer; its line is found only now that it is reported.
    return await placeReported(runStages(options, cache))
  } finally {
    await cache.close()
  }
}

/**
 * What `citypress build` runs: build() and its summary, or, when nothing the last build read has
 * changed since (the site folder, git's dates, the templates, the settings, the code) and the
 * output folder still holds what it wrote, that build's summary again, without loading the site.
 * At 50,000 pages loading and planning take seconds and most of a gigabyte; this takes a listing
 * of each folder.
 */
export async function buildSummary(given: BuildOptions): Promise<BuildSummary> {
  const options = resolveBuildOptions(given)
  await guardOutput(options)
  const cache = await openCache(options)
  try {
    const startedAt = performance.now()
    const startedCpu = process.cpuUsage()
    const commits = settledLater(readCommitDates(path.resolve(options.site)))
    const started = startInputs(options)
    const inputs = await finishInputs(options, started, commits)
    // A report that went missing is drawn again, which takes a build that loads the site.
    const recorded = inputs === undefined || !(await reportKept(options)) ? undefined : (await cache.replay(inputs))?.report
    if (recorded) {
      // All of a replayed build is the output's up-to-date check.
      const cpu = process.cpuUsage(startedCpu)
      const output = {
        ms: performance.now() - startedAt,
        cpuMs: (cpu.user + cpu.system) / 1000,
        peakMiB: process.memoryUsage.rss() / 2 ** 20,
      }
      const timings = { ...stageClock().timings, output }
      return replayedSummary(recorded, { outDir: options.outDir, timings, cacheNotes: cache.notes })
    }
    return summaryOf(await placeReported(runStages(options, cache, { commits, started })))
  } finally {
    await cache.close()
  }
}

/** What `citypress build` prints of a build's result. */
export function summaryOf(result: BuildResult): BuildSummary {
  const { quality, redirects, recordUpdated } = result.landing
  return {
    pageCount: result.routes.length,
    fileCount: result.fileCount,
    outDir: result.outDir,
    warnings: result.warnings,
    upToDate: result.upToDate,
    replayed: false,
    pages: result.pages,
    images: result.images,
    sizes: result.sizes,
    landing: {
      ...gateSummary(quality),
      optedIn: quality.pages.filter((p) => p.optedIn).length,
      weakest: quality.weakest,
      languages: result.landing.languages.map(({ code, quality: gate }) => ({ code, ...gateSummary(gate) })),
      redirects,
      recordUpdated,
    },
    languages: languageCoverage(result.routes, result.site),
    host: result.site.site.host,
    contrast: result.site.contrast,
    timings: result.timings,
    cacheNotes: result.cacheNotes,
  }
}

/** What one language's gate decided, as the summary says it. */
function gateSummary(quality: BuildPlan['landingQuality']): GateSummary {
  return {
    built: quality.pages.length,
    noindex: quality.pages.filter((p) => !p.indexable).length,
    paragraphsToWrite: paragraphsToWrite(quality.pages, quality.settings.minLocalWords),
    settings: quality.settings,
  }
}

/**
 * Refuses an output folder that is not the build's to replace (output/output-guard.ts), and a
 * `.citypress` that is a link (cache/site-folder.ts), before anything is created: the cache
 * folder, its lock, the staging folder.
 */
async function guardOutput(options: ResolvedBuildOptions): Promise<void> {
  // The site's .citypress, where the cache, its lock, the previous output and the report go: a real folder, never a link.
  ensureOwnFolder(options.site)
  if (!options.write) return
  await guardOutputFolder({
    outDir: options.outDir,
    site: options.site,
    recordFile: options.cacheDir && path.join(options.cacheDir, 'output.json'),
  })
}

function openCache(options: ResolvedBuildOptions): Promise<BuildCache<RecordedResult>> {
  return openBuildCache<RecordedResult>({
    site: options.site,
    cacheDir: options.cacheDir,
    imageCacheDir: options.imageCacheDir,
    outDir: options.outDir,
    write: options.write,
    toolVersion: `${citypressVersion}+${codeDigest}`,
    signatureLength: signatureBins,
    onWait: options.onWait,
  })
}

/** The stages in order; every cache question goes to `cache`. */
async function runStages(
  options: ResolvedBuildOptions,
  cache: BuildCache<RecordedResult>,
  early?: { readonly commits: Promise<ReadonlyMap<string, string>>; readonly started: string | undefined },
): Promise<BuildResult> {
  const { timings, time } = stageClock()
  const { outDir } = options
  // git is asked for the sitemap's dates (a process of its own) while the config loads; a preview
  // serving the open tabs first asks only once their pages are out (startHostFiles).
  const commits = early?.commits ?? (options.firstPages ? undefined : settledLater(readCommitDates(path.resolve(options.site))))
  const started = early ? early.started : startInputs(options)
  const round = await time('config', () =>
    readSite(options.site, {
      baseUrl: options.baseUrl,
      drafts: options.drafts,
      published: options.published,
      strictTranslations: options.strictTranslations,
      cache: cache.configCache(schemaDigest()),
    }),
  )
  const site = siteOf(round)
  // A build without a memo has no later build to reuse its reads (BuildOptions.memo), nor SVGs to sanitize.
  if (!options.memo) {
    forgetReads()
    await stopSvgSanitizer()
  }
  checkHeapForPlan(site)
  options.onProgress?.({ stage: 'plan', done: 0, total: 0 })
  const { plan, whole, record } = await time('plan', async () => {
    const planned = planSite(site, { prints: await cache.prints() })
    failRound(round, planned)
    // Worked out now, so that the landing pages it is made from can wait on a shelf while the pages
    // render; usually it is the record read, unchanged.
    const record = options.recordUrls ? recordPublished(site.published, planned.landingPages) : undefined
    return { ...setPlanAside(planned, cache.shelf('plan')), record }
  })
  const images = await time('plan', () => withBrandImages(site, planImages(site)))
  cache.savePrints()
  const { routes } = plan
  const warningsWith = (found: readonly ConfigWarning[]) => [
    ...site.warnings,
    ...plan.warnings,
    ...redirectLimitWarnings(site.site, plan.redirects.length),
    ...found,
  ]
  // The host files are made while the pages render; their sitemap waits for git.
  let hostFilesRun: Promise<HostFiles> | undefined
  const hostFiles = () =>
    (hostFilesRun ??= settledLater(prepareHostFiles(site, routes, plan.redirects, commits, options.fixedDate ? options.asOf : undefined)))
  /** The host files once written ahead of the pages, by path: their byte lengths. */
  let hostFilesWritten: Readonly<Record<string, number>> | undefined
  const firstPages = options.firstPages && {
    paths: options.firstPages.paths,
    onRendered: (files: readonly OutputFile[]) => (options.firstPages!.onRendered(files), void hostFiles()),
  }
  if (!firstPages) void hostFiles()

  const memo = options.memo ?? computeEachTime
  // bundleAssets reads only site.yaml `theme`, its fonts, whether it has languages and the words its
  // widgets write (plus templates/, which the memo's owner watches).
  const assetsOf = (meta: SiteConfig['site']) =>
    memo('assets', JSON.stringify([meta.theme, site.fonts, meta.languages.length, meta.language, meta.messages]), () =>
      bundleAssets(meta, site.fonts, site.root, cache.note),
    )
  const [assets, templates, editionAssets] = await time('assets', () =>
    Promise.all([
      assetsOf(site.site),
      memo('templates', `${site.root}|${site.icons.join(',')}`, () =>
        bundleTemplates({ siteRoot: site.root, icons: site.icons, note: cache.note }),
      ),
      // Each other language's widgets write its words: the same stylesheet, a script of its own.
      Promise.all(plan.editions.map((e) => assetsOf(e.site.site))),
    ]),
  )
  // Nothing more to bundle in this build: esbuild's service process need not stay resident while the pages render.
  if (!options.memo) await stopEsbuild()
  // The inline code pages may carry, known before any is rendered: the Content-Security-Policy's,
  // which pages embed on hosts that send no headers (so the page cache keys, made from the
  // context, follow the policy).
  const pageSheets = await time('assets', () =>
    cutPageSheets(
      site,
      plan,
      templates,
      renderContextOf(site, plan, images, assets, options.asOf, undefined, editionAssets),
      cache.note,
      memo,
    ),
  )
  const cut = withPageSheets(assets, pageSheets)
  const pageAssets = cut(assets)
  const inlineCode = declaredInlineCode({ assets: pageAssets.manifest, csp: site.site.csp })
  const context = renderContextOf(site, plan, images, pageAssets, options.asOf, inlineCode, editionAssets.map(cut))
  const pageCache = await cache.openPages(hash(`${citypressVersion}+${codeDigest}\n${templates.hash}\n${contextDigest(context)}`))
  const [declaration] = formsDeclarationFile(site)
  const fixedFiles = async () => [
    ...uniqueFiles([assets, ...editionAssets].flatMap((a) => a.files)),
    ...images.files,
    ...(hostFilesWritten ? [] : (await hostFiles()).files),
    ...[site, ...plan.editions.map((e) => e.site)].flatMap((s) => feedFile(s.site, s.posts)),
    ...(declaration ? [declaration] : []),
  ]
  // What a later build that finds nothing changed says instead (buildSummary). Not when this
  // one read a sitemap from outside the site folder: the live site's can change unseen.
  const replay = async (result: BuildResult): Promise<{ readonly inputs: string; readonly report: RecordedSummary } | undefined> => {
    const inputs = readsElsewhere(site) ? undefined : await finishInputs(options, started, commits)
    return inputs === undefined ? undefined : { inputs, report: recordedSummary(summaryOf(result)) }
  }

  // Nothing to do when this build's output would be the last one's and the folder still holds it.
  const keys = pageCache ? routes.map((r) => pageCache.keyOf(r)) : []
  // Asked even when the report must be drawn again: the answer also names what this build's record is made of.
  const upToDate = !options.write
    ? undefined
    : await time('output', async () =>
        cache.upToDate(outputInputs(options, site, routes, keys, await fixedFiles(), images), pageCache, keys),
      )
  const recorded = upToDate && (await reportKept(options)) ? upToDate : undefined
  if (recorded) {
    const result: BuildResult = {
      site,
      routes,
      files: [],
      fileCount: recorded.fileCount,
      outDir,
      timings,
      warnings: await placeProblems(warningsWith(recorded.warnings.map((w) => new ConfigWarning(w)))),
      landing: landingOf(whole(), false),
      pages: { rendered: 0, reused: routes.length, slowest: [] },
      images: { encoded: 0, reused: imageJobs(site, images, routes).length },
      sizes: recorded.sizes,
      upToDate: true,
      cacheNotes: cache.notes,
    }
    const replayed = await replay(result)
    if (replayed) await cache.recordInputs(replayed.inputs, { ...recorded, report: replayed.report })
    return result
  }

  const files: OutputFile[] = []
  const output: OutputWriter = !options.write ? createMemoryOutput(files, firstPages) : await createOutput(outDir, await cache.keep())
  try {
    // Written before the pages render, so that only their sizes are held meanwhile: the sitemap
    // alone is 6 MB at 50,000 pages. (A preview's output keeps every file anyway.)
    if (options.write) {
      hostFilesWritten = await writeAhead((await hostFiles()).files, output)
      hostFilesRun = undefined
    }
    const { imageCacheDir } = options
    // Each page's share-image job is made from its route here, and kept only while the images are made.
    const { imageRun, stale } = await startImages(options, cache, imageJobs(site, images, routes), output, memo, time)
    const pageMemo = await cache.pageMemo()
    const forms = declaration && watchForms({ site, routes, declaration, output, memo: pageMemo })
    const planned = plannedAddresses(routes, site.site)
    const watch = watchPages({ routes, output: forms?.output ?? output, memo: pageMemo, inlineCode, planned })
    // The prints are written and let go of before the pages render: rendering in workers starts
    // with a full collection (render-pages.ts), which then frees them (150 MB at 50,000 pages). A
    // preview serving its open tabs first does not wait for them.
    if (!firstPages) await cache.settle()
    const pages = await time('render', () =>
      renderPages({
        routes: firstPagesFirst(routes, firstPages?.paths),
        context,
        templates,
        output: watch.output,
        cache: pageCache,
        // Previews render the open pages first and few pages per edit: always on this thread.
        workerMinimum: options.workerMinimum,
        onProgress: (done, total) => options.onProgress?.({ stage: 'render', done, total }),
      }),
    )
    const imageResult = await imageRun
    failOn(collapseRepeats([...pages.errors, ...((await forms?.errors()) ?? []), ...imageResult.errors]))
    const others = [...(await fixedFiles()), ...imageResult.files]
    // Links and budgets, and the sources the output's Content-Security-Policy must allow.
    const written = { ...imageResult.written, ...hostFilesWritten }
    const checked = await time('check', () => checkOutput({ site, watch, files: others, written, inlineCode }))
    failOn(checked.errors)
    const warnings = await placeProblems(warningsWith(checked.warnings))
    const headers = headerRules({ site: site.site, sources: checked.sources })
    const resultWith = (ended: BuildPlan, recordUpdated: boolean): BuildResult => ({
      site,
      routes,
      files,
      fileCount: output.count,
      warnings,
      outDir,
      timings,
      landing: landingOf(ended, recordUpdated),
      pages: { rendered: pages.rendered, reused: pages.reused, slowest: pages.slowest },
      images: { encoded: imageResult.encoded, reused: imageResult.reused },
      sizes: checked.sizes,
      upToDate: false,
      cacheNotes: cache.notes,
      headerRules: headers,
    })
    const recordUpdated = await time('output', async () => {
      // What rendering many pages left is collected before the output's listing and record are
      // made, which then fit in the heap it frees (at 50,107 pages, 263 MB of heap here, 216 MB
      // after; without, the commit raised the build's peak by 22-40 MiB).
      if (pages.workers > 0) collectNow()
      // In parallel: libuv's threads write while this one waits.
      await Promise.all([...others, ...headersFile(headers)].map((file) => output.write(file)))
      await cache.settle()
      const committed = await output.commit()
      if (imageCacheDir) await pruneImageCache(imageCacheDir, stale)
      // The one write into the site folder, once the output it describes is committed.
      const updated = record !== undefined && (await writePublishedUrls(site.root, record))
      // A build that added to published-urls.json changed what the next one reads: that one must load the site.
      // (The whole plan is read back for its summary and let go of before the cache is saved.)
      const replayed = updated ? undefined : await replay(resultWith(whole(), false))
      // Again before the cache's files are made (at 50,000 pages, 27 MB of JSON for the page memo
      // alone): the commit's and the record's garbage, 36 MB of heap at 50,107 pages.
      if (pages.workers > 0) collectNow()
      await cache.save({
        pages: pageCache,
        keys: pages.keys,
        committed,
        inputs: replayed?.inputs,
        result: {
          fileCount: output.count,
          warnings: checked.warnings.map((w) => w.toJSON()),
          sizes: checked.sizes,
          report: replayed?.report,
        },
      })
      return updated
    })
    const ended = whole()
    if (options.writeReport)
      await writeReportPage({ site, plan: ended, images, imageResult, sizes: checked.sizes, timings, pages, fileCount: output.count })
    return resultWith(ended, recordUpdated)
  } catch (error) {
    // abort() never throws: the error that stopped the build is the one reported.
    await output.abort()
    throw error
  }
}

/**
 * Starts the images stage and returns its result to await later, with the image cache's names as
 * listed before it (the one listing: the stage and the pruning after the commit use it).
 * Encoding (sharp holds whole decoded images) beside rendering a large site peaks at the sum of
 * both; one after the other peaks at the larger, and on 2 cores takes about as long. So when
 * anything must be encoded this waits for the images; reading cached variants is light and
 * overlaps rendering. (The run is returned inside an object: an async function returning the
 * promise itself would await it.)
 */
async function startImages(
  options: ResolvedBuildOptions,
  cache: BuildCache<RecordedResult>,
  jobs: readonly ImageJob[],
  output: OutputWriter,
  memo: BuildMemo,
  time: StageTime,
) {
  // Written as they are made, unless a memo may hand the same result to a later build.
  const imageOutput = options.writeImagesAsMade ? output : undefined
  const cacheDir = options.imageCacheDir ?? false
  const cached = await listImageCache(cacheDir)
  const encoding = countUncached(jobs, cached) > 0
  if (encoding) collectNow()
  const run = settledLater(
    time('images', () =>
      memo('images', jobs.map((j) => `${j.source.hash}>${j.outputPath}@${j.width}`).join('|'), () =>
        processImages({
          jobs,
          cacheDir,
          cached,
          note: cache.note,
          output: imageOutput,
          onProgress: (done, total) => options.onProgress?.({ stage: 'images', done, total }),
        }),
      ),
    ),
  )
  // Encoding and rendering at once would compete for the cores; a preview serving its open tabs
  // first renders them while the images (a new share image per page after a site-wide edit) encode.
  if (encoding && !options.firstPages) await run.catch(() => undefined)
  return {
    imageRun: run,
    stale: staleVariants(
      cached,
      jobs.map((job) => job.outputPath),
    ),
  }
}

/** Writes `files` to `output` now, and gives their byte lengths by path. */
async function writeAhead(files: readonly OutputFile[], output: OutputWriter): Promise<Record<string, number>> {
  await Promise.all(files.map((file) => output.write(file)))
  return Object.fromEntries(files.map((f) => [f.path, byteLength(f.contents)]))
}

/** Files by path, each once: the languages' bundles share their stylesheet and fonts. */
function uniqueFiles(files: readonly OutputFile[]): OutputFile[] {
  return [...new Map(files.map((f) => [f.path, f])).values()]
}

/** What a build's result says of its landing pages, from the whole plan. */
function landingOf(plan: BuildPlan, recordUpdated: boolean): BuildResult['landing'] {
  return {
    quality: plan.landingQuality,
    languages: plan.editions.map((e) => ({ code: e.language.code, quality: e.landingQuality })),
    redirects: plan.redirects,
    recordUpdated,
  }
}

/**
 * Work started early and awaited later: until then its failure must not count as unhandled (which
 * would end the process before the output is rolled back); awaiting it rethrows.
 */
function settledLater<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined)
  return work
}

/** Stops before planning would run out of heap (render/memory-check.ts). */
function checkHeapForPlan(site: SiteConfig): void {
  // Landing pages are most of a large site: about one per listed place and service.
  const listed = new Set(Object.values(site.areas.lists ?? {}).flat()).size
  const heapTooSmall = checkHeapFor(
    'planning',
    listed * site.services.length,
    `planning ${listed.toLocaleString('en-US')} places × ${site.services.length} services`,
  )
  if (heapTooSmall) throw new BuildFailure([heapTooSmall])
}

/**
 * A template bug usually breaks every page that uses the template; report it once with a count
 * instead of once per page.
 */
function collapseRepeats(errors: ConfigError[]): ConfigError[] {
  const groups = new Map<string, ConfigError[]>()
  for (const e of errors) {
    const key = `${e.code}:${e.message.replace(/^The page \S+ /, '')}`
    addTo(groups, key, e)
  }
  return [...groups.values()].map(([first, ...rest]) => (rest.length === 0 ? first! : repeated(first!, 'error', rest.length)))
}

function firstPagesFirst(routes: readonly RoutePlan[], paths: readonly string[] = []): readonly RoutePlan[] {
  if (paths.length === 0) return routes
  const first = new Set(paths)
  return [...routes.filter((r) => first.has(r.outputPath)), ...routes.filter((r) => !first.has(r.outputPath))]
}

export { BuildFailure }
