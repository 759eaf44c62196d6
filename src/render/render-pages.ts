import { availableParallelism } from 'node:os'
import type { PageCache } from '../cache/page-cache.js'
import { fail, RenderFailed } from '../errors/catalogue.js'
import { BuildFailure, ConfigError, originName } from '../errors/config-error.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { templateRoute } from '../plan/route-props.js'
import { collectSooner } from '../tool/heap-growth.js'
import type { OutputWriter } from '../types.js'
import type { TemplateBundle, ThrowingTemplate } from './bundle-templates.js'
import { checkHeapFor } from './memory-check.js'
import type { RenderContext } from './render-context.js'
import { type RenderWorker, startRenderWorker, type WorkerRender } from './render-worker.js'

export interface RenderedPage {
  readonly route: RoutePlan
  readonly html: string
}

/**
 * Stage 3: renders each planned route to a complete HTML document with React's
 * renderToStaticMarkup (inside templates/render.tsx). A template that throws fails the build
 * with the page and the component named, instead of shipping a client-side error screen.
 */
export function renderPage(templates: TemplateBundle, route: RoutePlan, context: RenderContext): RenderedPage | ConfigError {
  try {
    return { route, html: templates.module.renderRoute(templateRoute(route), context) }
  } catch (error) {
    return renderError(route, error, templates.locate(error))
  }
}

function renderError(route: RoutePlan, error: unknown, { component, file, line }: ThrowingTemplate): ConfigError {
  return fail(
    RenderFailed,
    { ...route.origin, also: file ? [{ file, line }] : [] },
    route.url,
    component,
    error instanceof Error ? error.message : String(error),
    originName(route.origin),
  )
}

export interface RenderPagesOptions {
  readonly routes: readonly RoutePlan[]
  readonly context: RenderContext
  readonly templates: TemplateBundle
  readonly output: OutputWriter
  /** Pages from earlier builds; without it every page is rendered. */
  readonly cache?: PageCache
  readonly onProgress?: (done: number, total: number) => void
  /**
   * Render in worker threads (render-worker.ts) when at least this many pages need rendering;
   * never without it.
   */
  readonly workerMinimum?: number
  /** How many render workers. @default one per core, at most 4 */
  readonly workerCount?: number
}

/** How many pages the workers may render ahead of the one being written. */
export const workerWindow = 64

/** How many render workers a build starts: one per core, at most 4. */
export function renderWorkerCount(): number {
  return Math.min(4, availableParallelism())
}

export interface RenderPagesResult {
  readonly errors: readonly ConfigError[]
  readonly rendered: number
  readonly reused: number
  /** Cache keys of this build's pages, to prune the rest. */
  readonly keys: ReadonlySet<string>
  /** The five slowest renders, for `--verbose`. */
  readonly slowest: readonly { readonly url: string; readonly ms: number }[]
  /** How many render workers rendered: none when this thread rendered every page itself. */
  readonly workers: number
}

/**
 * Renders every route (or reuses its cached HTML) and streams it to the output, so memory stays
 * flat however many pages there are. After the first error nothing more is written, but every
 * page is still rendered so all errors are reported together.
 */
export async function renderPages(options: RenderPagesOptions): Promise<RenderPagesResult> {
  const { routes, context, templates, output, cache } = options
  const errors: ConfigError[] = []
  const keys = new Set<string>()
  // Only the five slowest renders are kept, not a timing per page.
  const slowest: { url: string; ms: number }[] = []
  const timed = (url: string, ms: number) => {
    if (slowest.length === 5 && ms <= slowest[4]!.ms) return
    slowest.push({ url, ms })
    slowest.sort((a, b) => b.ms - a.ms)
    if (slowest.length > 5) slowest.pop()
  }
  let rendered = 0
  let reused = 0
  // This thread's writes (pages linked into the output, pages rendered here) run on libuv's threads
  // while the next pages render, with a bounded number in flight so memory stays flat.
  const writing = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  // Resolved when a write finishes while the loop waits for room. (Not Promise.race over the
  // writes in flight: each race adds a reaction to every pending write, which at 10,000 pages
  // cost more than the writes themselves.)
  let room: (() => void) | undefined
  const enqueue = async (write: () => Promise<void>) => {
    // A failed write is kept and rethrown here, never left as an unhandled rejection.
    const done: Promise<void> = write()
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => {
        writing.delete(done)
        room?.()
      })
    writing.add(done)
    if (writing.size >= 32) await new Promise<void>((resolve) => (room = resolve))
    room = undefined
    if (failure) {
      // Let the writes in flight settle first, so none lands after the caller has rolled back.
      await Promise.allSettled(writing)
      throw failure.error
    }
  }
  const pages = routes.map((route) => {
    const key = cache?.keyOf(route)
    if (key) keys.add(key)
    return { route, key, cached: key === undefined ? undefined : cache!.find(key) }
  })
  const toRender = pages.filter((p) => !p.cached).length
  const heapTooSmall = checkHeapFor('rendering', toRender, `rendering ${toRender.toLocaleString('en-US')} pages`)
  if (heapTooSmall) throw new BuildFailure([heapTooSmall])
  // This thread only links pages and keeps their facts meanwhile, so every core can render: on
  // two cores two workers rendered 10,000 pages in 15 s where one took 20 s.
  const useWorkers = options.workerMinimum !== undefined && toRender > 0 && toRender >= options.workerMinimum
  const workers = useWorkers
    ? Array.from({ length: options.workerCount ?? renderWorkerCount() }, () => startRenderWorker(templates.file, context))
    : []
  const restoreHeap = useWorkers ? collectSooner() : undefined
  await Promise.all(workers.map((worker) => worker.running))
  const ahead = new Map<number, Promise<WorkerRender>>()
  let posted = 0
  const lastPosted = new Map<RenderWorker, Promise<WorkerRender>>()
  let stopping = false
  try {
    for (const [index, { route, key, cached }] of pages.entries()) {
      // The workers render up to a window of pages ahead, in turn; results are taken in route order.
      for (; workers.length > 0 && posted < Math.min(pages.length, index + workerWindow); posted++) {
        if (pages[posted]!.cached) continue
        const { route: next, key: nextKey } = pages[posted]!
        // With a page cache, the worker writes the page there itself and sends only what the checks need.
        const worker = workers[posted % workers.length]!
        const pending = worker.render(next, nextKey === undefined ? undefined : cache!.claim(nextKey))
        // Awaited in turn below; if the worker fails, the ones not reached must not count as unhandled.
        pending.catch(() => {})
        ahead.set(posted, pending)
        lastPosted.set(worker, pending)
      }
      // Every page is posted: a worker stops once its last page is back, not when the slowest
      // has finished, so the memory of one is free while the other renders the plan's last and
      // largest page (the locations index, at 50,000 pages 3.7 MB).
      if (posted === pages.length && !stopping) {
        stopping = true
        for (const [idle, last] of lastPosted) void last.then(() => idle.close()).catch(() => {})
      }
      if (cached) {
        if (errors.length === 0) await enqueue(() => output.link(route.outputPath, cached))
        reused++
      } else {
        rendered++
        let result: WorkerRender | { readonly failed: ConfigError; readonly ms: number }
        if (workers.length > 0) {
          result = await ahead.get(index)!
          ahead.delete(index)
        } else {
          const start = performance.now()
          const page = renderPage(templates, route, context)
          result =
            page instanceof ConfigError
              ? { failed: page, ms: performance.now() - start }
              : { html: page.html, ms: performance.now() - start }
        }
        timed(route.url, result.ms)
        // A failed write (the worker writes the page into the cache) is the machine's, not the template's.
        if ('error' in result && (result.error as NodeJS.ErrnoException).syscall) throw result.error
        if ('error' in result) errors.push(renderError(route, result.error, templates.locate(result.error)))
        else if ('failed' in result) errors.push(result.failed)
        else if (errors.length > 0) {
          // Nothing more is written after the first error; the rest are rendered for their errors.
        } else if ('derived' in result) {
          // The worker wrote the page into the cache and scanned it.
          const file = cache!.adopt(key!, result.sha1)
          await enqueue(() => output.link(route.outputPath, { source: file, derived: result.derived }))
        } else {
          const html = result.html
          if (key) await enqueue(async () => output.link(route.outputPath, { source: await cache!.put(key, html), contents: html }))
          else await enqueue(() => output.write({ path: route.outputPath, contents: html }))
        }
      }
      if ((index + 1) % 250 === 0) options.onProgress?.(index + 1, routes.length)
    }
  } finally {
    await Promise.all(workers.map((w) => w.close()))
    restoreHeap?.()
  }
  await Promise.all(writing)
  if (failure) throw failure.error
  return { errors, rendered, reused, keys, slowest, workers: workers.length }
}
