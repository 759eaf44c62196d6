import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { bundleAssets } from '../assets/bundle-assets.js'
import { loadAndPlan } from '../build/index.js'
import { cutPageSheets, renderContextOf, withPageSheets } from '../build/page-context.js'
import { withBrandImages } from '../images/brand-images.js'
import { guardOutputFolder, markerText, outputMarker } from '../output/output-guard.js'
import { planImages } from '../plan/plan-images.js'
import { bundleTemplates } from '../render/bundle-templates.js'
import { renderFloor } from '../render/render-floor.js'
import { boundHeapGrowth } from '../tool/heap-growth.js'

export interface ReactFloorOptions {
  /** The site folder. */
  readonly site: string
  /** Replaced by the rendered pages. */
  readonly outDir: string
}

export interface ReactFloorResult {
  readonly pages: number
  /** Wall time of rendering and writing, in seconds. */
  readonly seconds: number
  /** CPU time of every thread of the process meanwhile (user + system), in seconds. */
  readonly cpu: number
  /**
   * The process's largest resident set seen meanwhile (sampled every 20 ms), in MiB. It includes
   * the loaded site and its plan, which the floor holds as a build does.
   */
  readonly rssMiB: number
}

/**
 * The React floor of `npm run bench`: what a cold build of `site` cannot avoid. The
 * site is loaded and planned as a build plans it, untimed; then every route's props are rendered
 * through the same template bundle with renderToStaticMarkup, by as many render workers as a
 * build starts, and written to `outDir`'s disk (src/render/render-floor.ts), timed. No cache, no
 * checks, no quality gate beyond the plan, no images.
 */
export async function measureReactFloor(options: ReactFloorOptions): Promise<ReactFloorResult> {
  // As the build's process does (src/cli/main.ts), so the floor's peak compares.
  boundHeapGrowth()
  // The folder is deleted whole: only one that is missing, empty or a citypress output.
  await guardOutputFolder({ outDir: options.outDir, site: options.site })
  const { site, plan } = await loadAndPlan(options.site)
  const images = withBrandImages(site, planImages(site))
  const [assets, templates] = await Promise.all([
    bundleAssets(site.site, site.fonts, site.root),
    bundleTemplates({ siteRoot: site.root, icons: site.icons }),
  ])
  // The pages carry their cut stylesheets, as a build's do; cutting them is not timed.
  const sheets = await cutPageSheets(site, plan, templates, renderContextOf(site, plan, images, assets, new Date()))
  const context = renderContextOf(site, plan, images, withPageSheets(assets, sheets)(assets), new Date())
  const outDir = path.resolve(options.outDir)
  await rm(outDir, { recursive: true, force: true })
  await rm(`${outDir}.floor-staging`, { recursive: true, force: true })

  let rss = process.memoryUsage.rss()
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage.rss())), 20)
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  try {
    const { pages } = await renderFloor({ routes: plan.routes, context, templates, outDir })
    const cpu = process.cpuUsage(cpuStart)
    await writeFile(path.join(outDir, outputMarker), markerText(plan.routes.map((r) => r.outputPath)))
    return { pages, seconds: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6, rssMiB: rss / 2 ** 20 }
  } finally {
    clearInterval(sampler)
  }
}
