import { mkdir, rename } from 'node:fs/promises'
import path from 'node:path'
import type { RoutePlan } from '../plan/route-plan.js'
import { collectSooner } from '../tool/heap-growth.js'
import type { TemplateBundle } from './bundle-templates.js'
import type { RenderContext } from './render-context.js'
import { renderWorkerCount, workerWindow } from './render-pages.js'
import { type BareRender, startRenderWorker } from './render-worker.js'

export interface RenderFloorOptions {
  readonly routes: readonly RoutePlan[]
  readonly context: RenderContext
  readonly templates: TemplateBundle
  /** Must not exist yet; the pages are written to a staging folder beside it, then renamed to it. */
  readonly outDir: string
  /** @default as many as a build starts (renderWorkerCount) */
  readonly workerCount?: number
}

/**
 * The React floor of `npm run bench`: every route rendered by the build's own render
 * workers and template bundle with renderToStaticMarkup, each page written by the worker that
 * rendered it, the way a cold build's workers write them into the page cache, into a staging
 * folder renamed into place at the end, as the output is. Nothing else: no page cache, no scan
 * for the checks, no hash, no links into an output. A cold build does all of this and more, so
 * its time over this one's is what everything around React costs. Throws on the first template
 * error: the floor is measured on sites that build.
 */
export async function renderFloor(options: RenderFloorOptions): Promise<{ readonly pages: number }> {
  const { routes, context, templates } = options
  const target = path.resolve(options.outDir)
  const staging = `${target}.floor-staging`
  await mkdir(staging, { recursive: true })
  const dirs = new Set<string>([staging])
  const workers = Array.from({ length: options.workerCount ?? renderWorkerCount() }, () => startRenderWorker(templates.file, context))
  // As a build's render stage collects this thread's garbage (tool/heap-growth.ts).
  const restoreHeap = collectSooner()
  await Promise.all(workers.map((worker) => worker.running))
  // As render-pages.ts does: up to a window of pages in flight, handed to the workers in turn.
  const ahead = new Map<number, Promise<BareRender>>()
  let posted = 0
  try {
    for (let index = 0; index < routes.length; index++) {
      for (; posted < Math.min(routes.length, index + workerWindow); posted++) {
        const file = path.join(staging, routes[posted]!.outputPath)
        const dir = path.dirname(file)
        if (!dirs.has(dir)) {
          await mkdir(dir, { recursive: true })
          dirs.add(dir)
        }
        const pending = workers[posted % workers.length]!.renderBare(routes[posted]!, file)
        // Awaited in turn below; if a worker fails, the ones not reached must not count as unhandled.
        pending.catch(() => {})
        ahead.set(posted, pending)
      }
      const result = await ahead.get(index)!
      ahead.delete(index)
      if (result.error) throw result.error
    }
  } finally {
    await Promise.all(workers.map((w) => w.close()))
    restoreHeap()
  }
  await rename(staging, target)
  return { pages: routes.length }
}
