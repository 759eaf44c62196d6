import { byteLength, type PageKindSize } from '../check/budgets.js'
import { hostRules } from '../config/presets/hosts.js'
import type { SiteConfig } from '../config/site-model.js'
import type { BrandImagePlan } from '../images/brand-images.js'
import { hasReport, writeReport } from '../output/write-report.js'
import { paragraphsToWrite } from '../plan/landing-quality.js'
import { languageCoverage } from '../plan/plan-languages.js'
import type { BuildPlan } from '../plan/plan-site.js'
import type { OutputFile } from '../types.js'
import type { ResolvedBuildOptions } from './options.js'
import type { StageName, StageTiming } from './summary.js'

/** What the report page is drawn from: a finished build's results. */
export interface ReportPageInput {
  readonly site: SiteConfig
  readonly plan: BuildPlan
  readonly images: BrandImagePlan
  /** The images stage's variants: written as made (bytes by path) or kept in memory. */
  readonly imageResult: { readonly written: Readonly<Record<string, number>>; readonly files: readonly OutputFile[] }
  readonly sizes: readonly PageKindSize[]
  readonly timings: Readonly<Record<StageName, StageTiming>>
  readonly pages: { readonly rendered: number; readonly reused: number }
  readonly fileCount: number
}

/** Draws the build report (src/report/) and writes it to `<site>/.citypress/report.html` (output/write-report.ts). */
export async function writeReportPage({
  site,
  plan,
  images,
  imageResult,
  sizes,
  timings,
  pages,
  fileCount,
}: ReportPageInput): Promise<void> {
  // Imported here, not at the top: the report is drawn with react-dom/server, which a command
  // should load only when it draws one (bin/compile.mjs puts what this import reaches in a chunk
  // of its own, so `--help` or `validate` never parses it).
  const { drawReport } = await import('../report/draw-report.js')
  await writeReport(
    site.root,
    drawReport({
      siteName: site.site.name,
      host: hostRules(site.site.host).label,
      builtAt: new Date(),
      pageCount: plan.routes.length,
      fileCount,
      landingPages: plan.landingPages,
      quality: plan.landingQuality,
      paragraphs: paragraphsToWrite(plan.landingQuality.pages, plan.landingQuality.settings.minLocalWords),
      sizes,
      budgets: site.budgets,
      imageJobs: images.jobs,
      imageBytes: variantBytes(imageResult),
      timings,
      rendered: pages.rendered,
      reused: pages.reused,
      languages: languageCoverage(plan.routes, site),
      languageGates: plan.editions.map(({ language, landingQuality }) => ({
        code: language.code,
        label: language.label,
        quality: landingQuality,
        paragraphs: paragraphsToWrite(landingQuality.pages, landingQuality.settings.minLocalWords),
      })),
    }),
  )
}

/** False when the build must draw its report and the last one is gone: nothing may be skipped then. */
export async function reportKept(options: ResolvedBuildOptions): Promise<boolean> {
  return !options.writeReport || hasReport(options.site)
}

/** Each image variant's byte length, whether it was written as made or kept in memory. */
function variantBytes(result: {
  readonly written: Readonly<Record<string, number>>
  readonly files: readonly OutputFile[]
}): Map<string, number> {
  const bytes = new Map(Object.entries(result.written))
  for (const file of result.files) bytes.set(file.path, byteLength(file.contents))
  return bytes
}
