import { readFile } from 'node:fs/promises'
import type { OutputWriter } from '../output/write-output.js'
import type { RoutePlan } from '../types.js'
import { collectPageFacts, type PageFacts } from './page-facts.js'

export interface WatchedPage {
  readonly route: RoutePlan
  readonly facts: PageFacts
}

export interface PagesWatch {
  /** Use this writer for the pages: it sees every page on its way to the output. */
  readonly output: OutputWriter
  /** The facts of every page written so far, in route order. */
  pages(): Promise<WatchedPage[]>
  /**
   * The largest page of each page kind with its HTML, the one kept document per kind: budgets
   * compress it to report gzip sizes without compressing every page.
   */
  largest(): Promise<ReadonlyMap<string, { readonly route: RoutePlan; readonly html: string }>>
}

/**
 * Collects the facts of every page as it is written (link check, CSP hashes, budgets) without
 * keeping any HTML: pages reused from the page cache are read back from the cache one at a time
 * while rendering goes on (the same approach as the forms check).
 */
export function watchPages({ routes, output }: { routes: readonly RoutePlan[]; output: OutputWriter }): PagesWatch {
  const routeOf = new Map(routes.map((r) => [r.outputPath, r]))
  const found = new Map<string, WatchedPage>()
  const largest = new Map<string, { route: RoutePlan; html: string }>()
  let reading: Promise<void> = Promise.resolve()
  const inspect = (outputPath: string, html: string) => {
    const route = routeOf.get(outputPath)
    if (!route) return
    found.set(outputPath, { route, facts: collectPageFacts(html) })
    if (html.length > (largest.get(route.template)?.html.length ?? -1)) largest.set(route.template, { route, html })
  }
  return {
    output: {
      get count() {
        return output.count
      },
      async write(file) {
        if (routeOf.has(file.path)) inspect(file.path, typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'))
        await output.write(file)
      },
      async link(file, source, contents) {
        if (routeOf.has(file)) reading = reading.then(async () => inspect(file, contents ?? await readFile(source, 'utf8')))
        await output.link(file, source, contents)
      },
      commit: () => output.commit(),
      abort: () => output.abort(),
    },
    async pages() {
      await reading
      return routes.flatMap((r) => found.get(r.outputPath) ?? [])
    },
    async largest() {
      await reading
      return largest
    },
  }
}
