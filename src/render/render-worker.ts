import { pathToFileURL } from 'node:url'
import type { RoutePlan } from '../plan/route-plan.js'
import { templateRoute } from '../plan/route-props.js'
import { boundedWorker } from '../tool/heap-growth.js'
import type { DerivedValues } from '../types.js'
import type { RenderContext } from './render-context.js'

/**
 * A thread that renders pages with React (one per core, render-pages.ts starts them) while this
 * one links the pages already rendered into the output and keeps their facts. Used for builds
 * with many pages to render.
 *
 * The worker also does what each page needs right after rendering, so the page's HTML never
 * crosses to this thread: it scans the page for what the checks need (the same scanners the
 * checks use for pages from the cache: `derived`, as the page memo names them; the shared header
 * and footer read once, not on every page) and, given a file, writes the page into the page cache
 * itself. Moving 70 kB strings to this thread and scanning them here was most of this thread's
 * work and garbage in a cold build.
 *
 * The worker's whole program is the template bundle (React and the scanners included, see
 * bundle-templates.ts) and these few lines, as CommonJS text: it imports nothing of citypress,
 * so it runs the same under the CLI and tests. Its heap is capped: it holds only the render
 * context and the pages in hand, and a cap makes V8 collect React's garbage early instead of
 * letting it pile up. Its young generation is kept small (heap-growth.ts youngGenerationMiB): with
 * two workers on two cores, the default's larger semi-spaces added about 60 MiB to the peak and
 * saved no time (cold 10,107 pages: 19.7-19.9 s at 490-510 MiB, 19.0-19.5 s at 414-453 MiB).
 */
const program = `
const { parentPort, workerData } = require('node:worker_threads')
const { writeFileSync } = require('node:fs')
const { hash } = require('node:crypto')
// Written here, before the next page is rendered, not handed to libuv's threads: with a render
// worker per core those threads have no core of their own. Handing writes over, each worker of a
// cold build of 10,107 pages spent 2.6 s in the call (\`open\`), 3.1 s collecting (pages held while
// their writes were in flight) and 1.1-1.6 s idle; writing here, 6.5 s creating the files (the
// kernel's work, done by the worker now), 1.7 s collecting, 0.3 s idle. In two paired series each:
// cold 0.92 and 0.93 of the wall, a template changed 0.84 and 0.89, the bench's React floor (this
// program too) 0.86 and 0.88.
function write(file, bytes) {
  try {
    writeFileSync(file, bytes)
  } catch (error) {
    throw Object.assign(error, { path: error.path ?? file })
  }
}
import(workerData.bundle).then(({ renderRoute, sharedMarkup, collectPageFacts, findForms }) => {
  parentPort.on('message', ({ id, route, file, bare }) => {
    const start = performance.now()
    try {
      const html = renderRoute(route, workerData.context)
      const ms = performance.now() - start
      if (file === undefined) return parentPort.postMessage({ id, html, ms })
      // Encoded once, for the file and its hash.
      const bytes = Buffer.from(html)
      write(file, bytes)
      if (bare) return parentPort.postMessage({ id, ms })
      const shared = sharedMarkup(route, workerData.context)
      // The facts' strings (links, ids) are copies, one byte a character (page-facts.ts): the page
      // is garbage once this returns, and its slices would cross at two bytes a character.
      const derived = { 'page-facts': { facts: collectPageFacts(html, { detach: false, shared }), length: html.length }, forms: findForms(html) }
      // The page cache records the hash of the bytes written, to check them whenever it reuses them.
      const sha1 = hash('sha1', bytes, 'hex')
      parentPort.postMessage({ id, derived, sha1, ms })
    } catch (error) {
      const { message, stack, code, path, syscall } = error instanceof Error ? error : { message: String(error) }
      parentPort.postMessage({ id, error: { message, stack, code, path, syscall }, ms: performance.now() - start })
    }
  })
})
`

/**
 * A page rendered by the worker: its HTML when no file was given, else (it is in that file)
 * what the checks take from it; or the error its template threw.
 */
export type WorkerRender =
  | { readonly html: string; readonly ms: number }
  | { readonly derived: DerivedValues; readonly sha1: string; readonly ms: number }
  | { readonly error: Error; readonly ms: number }

/** A page the worker rendered and wrote, and nothing else; or the error it met. */
export type BareRender = { readonly ms: number; readonly error?: Error }

export interface RenderWorker {
  /** Renders `route`; with `file`, writes the page there instead of sending its HTML back. */
  render(route: RoutePlan, file?: string): Promise<WorkerRender>
  /**
   * Renders `route` and writes it to `file`, without scanning or hashing it: the React floor of
   * the bench (src/render/render-floor.ts), the part of a cold build no cache or check can remove.
   */
  renderBare(route: RoutePlan, file: string): Promise<BareRender>
  /** Stops the worker; again, the same promise. */
  close(): Promise<void>
  /** Settled once the worker runs (heap-growth.ts boundedWorker says why to wait for it). */
  readonly running: Promise<void>
}

export function startRenderWorker(bundle: string, context: RenderContext): RenderWorker {
  const { worker, running } = boundedWorker(program, {
    eval: true,
    workerData: {
      bundle: pathToFileURL(bundle).href,
      context: { ...context, services: context.services.map(withoutOrigins), posts: context.posts.map(withoutOrigins) },
    },
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  })
  const waiting = new Map<number, { resolve: (result: WorkerRender | BareRender) => void; reject: (error: unknown) => void }>()
  let failure: unknown
  const fail = (error: unknown) => {
    failure ??= error
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the render worker stopped (exit code ${code})`)))
  worker.on(
    'message',
    (message: {
      id: number
      html?: string
      derived?: DerivedValues
      sha1?: string
      error?: { message: string; stack?: string; code?: string; path?: string; syscall?: string }
      ms: number
    }) => {
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      // A failed write keeps its code and path (a full disk is the user's to fix, not a template's fault).
      if (message.error) pending?.resolve({ error: Object.assign(new Error(message.error.message), message.error), ms: message.ms })
      else if (message.derived) pending?.resolve({ derived: message.derived, sha1: message.sha1!, ms: message.ms })
      else if (message.html !== undefined) pending?.resolve({ html: message.html, ms: message.ms })
      else pending?.resolve({ ms: message.ms })
    },
  )
  let next = 0
  let closed: Promise<void> | undefined
  const post = <T extends WorkerRender | BareRender>(route: RoutePlan, file: string | undefined, bare: boolean): Promise<T> => {
    if (failure) return Promise.reject(failure)
    const id = next++
    // The route as templates see it (a landing page's props composed here, as on this thread),
    // without what no template reads: config origins, source files, the cache's digest.
    const { origin: _origin, sources: _sources, propsKey: _propsKey, props, ...fields } = templateRoute(route)
    const plain = { ...fields, props: withoutOrigins(props) }
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (result: WorkerRender | BareRender) => void, reject })
      worker.postMessage({ id, route: plain, file, bare })
    })
  }
  return {
    running,
    render: (route, file) => post<WorkerRender>(route, file, false),
    renderBare: (route, file) => post<BareRender>(route, file, true),
    close() {
      closed ??= (async () => {
        worker.removeAllListeners('exit')
        await worker.terminate()
      })()
      return closed
    },
  }
}

/** Config objects carry `origin` (where in YAML they were written): no template uses it, so it is not copied. */
function withoutOrigins<T>(value: T): T {
  if (value === null || typeof value !== 'object' || !('origin' in value)) return value
  const { origin: _origin, ...rest } = value as T & { origin: unknown }
  return rest as T
}
