import type { PageKindSize } from '../check/budgets.js'
import type { BudgetAsset, BudgetRule } from '../config/site-model.js'
import type { LandingIdentity } from '../plan/landing-model.js'
import type { PageQuality, ParagraphToWrite, QualitySettings } from '../plan/landing-quality.js'
import type { ImageJob } from '../plan/plan-images.js'
import type { LanguageCoverage } from '../plan/plan-languages.js'

/** Everything the build report page shows, as plain data (render-report.tsx draws it). */
export interface ReportData {
  readonly siteName: string
  /** ISO 8601, when the build finished. */
  readonly builtAt: string
  readonly host: string
  readonly pageCount: number
  readonly fileCount: number
  readonly grid: LandingGrid
  readonly noindex: NoindexSummary
  /** Areas whose local paragraph is missing or short, with the noindex pages it holds back; most first. */
  readonly paragraphs: readonly ParagraphToWrite[]
  readonly settings: QualitySettings
  readonly weights: readonly KindWeight[]
  readonly images: ImageSavings
  /** Milliseconds per stage, in the order the stages run. */
  readonly timings: readonly { readonly stage: string; readonly ms: number }[]
  readonly rendered: number
  readonly reused: number
  /** Each other language's pages by kind beside the default language's; none for a site in one language. */
  readonly languages: readonly LanguageCoverage[]
  /** Each other language's landing pages, judged by the gate against their siblings in that language. */
  readonly languageGates: readonly LanguageGate[]
}

/** One language's landing pages as the gate judged them: its grid, noindex pages and paragraphs to write. */
export interface LanguageGate {
  /** Its BCP 47 code (`es`) and its name in itself (`Español`). */
  readonly code: string
  readonly label: string
  readonly grid: LandingGrid
  readonly noindex: NoindexSummary
  readonly paragraphs: readonly ParagraphToWrite[]
  readonly settings: QualitySettings
}

/** The landing pages as a city × service grid: `cells` index into `areas` and `services`. */
export interface LandingGrid {
  readonly areas: readonly string[]
  readonly services: readonly { readonly slug: string; readonly title: string }[]
  readonly cells: readonly GridCell[]
}

export interface GridCell {
  readonly area: number
  readonly service: number
  readonly url: string
  /** 0..100 (plan/landing-quality.ts). */
  readonly score: number
  readonly indexable: boolean
}

export interface NoindexSummary {
  readonly total: number
  /** Pages per kind of reason, most first. */
  readonly byReason: readonly { readonly reason: string; readonly pages: number }[]
  /** The weakest noindex pages with every reason, at most `listedNoindex`. */
  readonly pages: readonly {
    readonly url: string
    readonly area: string
    readonly service: string
    readonly score: number
    readonly reasons: readonly string[]
  }[]
}

/** A page kind's heaviest page per asset, beside its budget (site.yaml `budgets`) when it has one. */
export interface KindWeight {
  readonly kind: string
  readonly pages: number
  readonly largestUrl: string
  readonly assets: readonly AssetWeight[]
}

export interface AssetWeight {
  readonly asset: BudgetAsset
  /** Gzip bytes for HTML, CSS and JS (what travels); raw bytes for images (compressed already). */
  readonly bytes: number
  readonly budget?: { readonly limit: number; readonly written: string; readonly level: 'warn' | 'fail' }
}

/** Each photo's source bytes beside the widest AVIF the build made of it. */
export interface ImageSavings {
  readonly sourceBytes: number
  readonly deliveredBytes: number
  readonly variants: number
  readonly images: readonly {
    readonly src: string
    readonly sourceBytes: number
    readonly deliveredBytes: number
    readonly variants: number
  }[]
}

/** How many noindex pages the report lists one by one (the grid and the counts show them all). */
export const listedNoindex = 200

export interface GatherReportOptions {
  readonly siteName: string
  readonly host: string
  readonly builtAt: Date
  readonly pageCount: number
  readonly fileCount: number
  readonly landingPages: readonly LandingIdentity[]
  readonly quality: { readonly pages: readonly PageQuality[]; readonly settings: QualitySettings }
  readonly paragraphs: ReportData['paragraphs']
  readonly sizes: readonly PageKindSize[]
  readonly budgets: readonly BudgetRule[]
  readonly imageJobs: readonly ImageJob[]
  /** Bytes of each image variant the build wrote, by output path. */
  readonly imageBytes: ReadonlyMap<string, number>
  readonly timings: Readonly<Record<string, { readonly ms: number }>>
  readonly rendered: number
  readonly reused: number
  readonly languages: readonly LanguageCoverage[]
  /** Each other language's gate (its pages are among `landingPages`, under its segment). */
  readonly languageGates?: readonly {
    readonly code: string
    readonly label: string
    readonly quality: { readonly pages: readonly PageQuality[]; readonly settings: QualitySettings }
    readonly paragraphs: readonly ParagraphToWrite[]
  }[]
}

/** Turns a finished build's results into the report's data; pure, and small whatever the site's size. */
export function gatherReport(options: GatherReportOptions): ReportData {
  const { grid, serviceOf } = landingGrid(options.landingPages, options.quality.pages)
  return {
    siteName: options.siteName,
    builtAt: options.builtAt.toISOString(),
    host: options.host,
    pageCount: options.pageCount,
    fileCount: options.fileCount,
    grid,
    noindex: noindexSummary(options.quality.pages, serviceOf),
    paragraphs: options.paragraphs,
    settings: options.quality.settings,
    weights: kindWeights(options.sizes, options.budgets),
    images: imageSavings(options.imageJobs, options.imageBytes),
    timings: Object.entries(options.timings).map(([stage, t]) => ({ stage, ms: t.ms })),
    rendered: options.rendered,
    reused: options.reused,
    languages: options.languages,
    languageGates: (options.languageGates ?? []).map(({ code, label, quality, paragraphs }) => {
      const gate = landingGrid(options.landingPages, quality.pages)
      return {
        code,
        label,
        grid: gate.grid,
        noindex: noindexSummary(quality.pages, gate.serviceOf),
        paragraphs,
        settings: quality.settings,
      }
    }),
  }
}

function landingGrid(
  identities: readonly LandingIdentity[],
  pages: readonly PageQuality[],
): { grid: LandingGrid; serviceOf: (url: string) => string } {
  const byUrl = new Map(identities.map((p) => [p.url, p]))
  const areas = new Map<string, number>()
  const services = new Map<string, { index: number; title: string }>()
  const cells: GridCell[] = []
  for (const page of pages) {
    const identity = byUrl.get(page.url)
    if (!identity) continue
    if (!areas.has(page.area)) areas.set(page.area, areas.size)
    if (!services.has(identity.service.slug)) services.set(identity.service.slug, { index: services.size, title: identity.service.title })
    cells.push({
      area: areas.get(page.area)!,
      service: services.get(identity.service.slug)!.index,
      url: page.url,
      score: page.score,
      indexable: page.indexable,
    })
  }
  return {
    grid: { areas: [...areas.keys()], services: [...services].map(([slug, { title }]) => ({ slug, title })), cells },
    serviceOf: (url) => byUrl.get(url)?.service.title ?? '',
  }
}

/**
 * The reasons plan/landing-quality.ts gives, by kind: each reason names its own numbers and
 * pages, so counting them as written would give one line per page.
 */
const reasonKinds: readonly (readonly [RegExp, string])[] = [
  [/^no local paragraph/, 'No local paragraph'],
  [/^local paragraph has/, 'Local paragraph too short'],
  [/^main text .* identical to/, 'Too alike a sibling page'],
  [/words of main text, fewer than/, 'Too few words'],
  [/^same (title|description|h1) as/, 'Title, description or headline shared with another page'],
]

export function reasonKind(reason: string): string {
  return reasonKinds.find(([pattern]) => pattern.test(reason))?.[1] ?? reason
}

function noindexSummary(pages: readonly PageQuality[], serviceOf: (url: string) => string): NoindexSummary {
  const held = pages.filter((p) => !p.indexable)
  const counts = new Map<string, number>()
  for (const page of held) for (const kind of new Set(page.reasons.map(reasonKind))) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  const weakest = [...held].sort((a, b) => a.score - b.score || a.url.localeCompare(b.url)).slice(0, listedNoindex)
  return {
    total: held.length,
    byReason: [...counts]
      .map(([reason, n]) => ({ reason, pages: n }))
      .sort((a, b) => b.pages - a.pages || a.reason.localeCompare(b.reason)),
    pages: weakest.map((p) => ({ url: p.url, area: p.area, service: serviceOf(p.url), score: p.score, reasons: p.reasons })),
  }
}

const assets: readonly BudgetAsset[] = ['html', 'css', 'js', 'images']

function kindWeights(sizes: readonly PageKindSize[], budgets: readonly BudgetRule[]): KindWeight[] {
  return sizes.map((size) => ({
    kind: size.kind,
    pages: size.pages,
    largestUrl: size.html.url,
    assets: assets.map((asset) => {
      // A kind's own limit wins over `all`, as check/budgets.ts decides.
      const rule =
        budgets.find((r) => r.kind === size.kind && r.asset === asset) ?? budgets.find((r) => r.kind === 'all' && r.asset === asset)
      const bytes = asset === 'images' ? size.images : size[asset].gzip
      return { asset, bytes, ...(rule && { budget: { limit: rule.limit, written: rule.written, level: rule.level } }) }
    }),
  }))
}

/**
 * Photos only: icons are squares drawn from the logo and share images are drawn from text, so
 * neither has a source to compare with; an SVG or GIF is published as it is.
 */
function imageSavings(jobs: readonly ImageJob[], written: ReadonlyMap<string, number>): ImageSavings {
  const bySource = new Map<string, { src: string; sourceBytes: number; deliveredBytes: number; widest: number; variants: number }>()
  for (const job of jobs) {
    if (job.share || job.square || job.format === 'copy' || job.source.bytes === undefined) continue
    const entry = bySource.get(job.source.src) ?? {
      src: job.source.src,
      sourceBytes: job.source.bytes,
      deliveredBytes: 0,
      widest: 0,
      variants: 0,
    }
    entry.variants++
    const bytes = written.get(job.outputPath)
    if (job.format === 'avif' && bytes !== undefined && job.width >= entry.widest) {
      entry.widest = job.width
      entry.deliveredBytes = bytes
    }
    bySource.set(job.source.src, entry)
  }
  const images = [...bySource.values()]
    .map(({ src, sourceBytes, deliveredBytes, variants }) => ({ src, sourceBytes, deliveredBytes, variants }))
    .sort((a, b) => b.sourceBytes - b.deliveredBytes - (a.sourceBytes - a.deliveredBytes) || a.src.localeCompare(b.src))
  return {
    sourceBytes: images.reduce((n, i) => n + i.sourceBytes, 0),
    deliveredBytes: images.reduce((n, i) => n + i.deliveredBytes, 0),
    variants: images.reduce((n, i) => n + i.variants, 0),
    images,
  }
}
