import type { PageKindSize } from '../check/budgets.js'
import type { ContrastRow } from '../config/checks/check-contrast.js'
import type { SiteMeta } from '../config/site-model.js'
import { ConfigWarning } from '../errors/config-warning.js'
import type { PageQuality, ParagraphToWrite, QualitySettings } from '../plan/landing-quality.js'
import type { LanguageCoverage } from '../plan/plan-languages.js'
import type { LandingRedirect } from '../plan/plan-redirects.js'

export type StageName = 'config' | 'plan' | 'assets' | 'images' | 'render' | 'check' | 'output'

/**
 * One stage's wall time, the CPU time the process spent meanwhile (every thread's, render workers
 * included; the image encoder is a process of its own and not counted), and the process's peak
 * resident memory while it ran. images, assets and render run side by side, so their CPU and
 * peaks overlap.
 */
export interface StageTiming {
  readonly ms: number
  readonly cpuMs: number
  readonly peakMiB: number
}

/**
 * What `citypress build` says of a build, as plain data: the same few kilobytes whatever the
 * site's size. It is recorded with the output, so a build of a site in which nothing changed can
 * say it again without loading the site (build/index.ts `buildSummary`).
 */
export interface BuildSummary {
  readonly pageCount: number
  readonly fileCount: number
  readonly outDir: string
  readonly warnings: readonly ConfigWarning[]
  /** The output folder already held exactly this output: nothing was written. */
  readonly upToDate: boolean
  /** Nothing the build reads had changed since the last one, so the site was not even loaded. */
  readonly replayed: boolean
  /** Pages rendered now vs reused from the page cache, and the slowest renders. */
  readonly pages: {
    readonly rendered: number
    readonly reused: number
    readonly slowest: readonly { readonly url: string; readonly ms: number }[]
  }
  /** Image variants encoded by this build vs taken from the image cache. */
  readonly images: { readonly encoded: number; readonly reused: number }
  /** What each page kind weighs (largest page per kind), for the size table and budgets. */
  readonly sizes: readonly PageKindSize[]
  readonly landing: LandingSummary
  /** Each other language's pages by kind, beside the default language's; none for a site in one language. */
  readonly languages: readonly LanguageCoverage[]
  readonly host: SiteMeta['host']
  readonly contrast: readonly ContrastRow[]
  /** What each stage took, for `--verbose` and benchmarks. */
  readonly timings: Readonly<Record<StageName, StageTiming>>
  readonly cacheNotes: readonly string[]
}

/** What the doorway gate decided of one language's landing pages: counts, and the paragraphs holding pages back. */
export interface GateSummary {
  readonly built: number
  readonly noindex: number
  /** Areas whose local paragraph is missing or short, with how many noindex pages it holds back; most first. */
  readonly paragraphsToWrite: readonly ParagraphToWrite[]
  readonly settings: QualitySettings
}

/** The landing pages' part of the summary: the default language's gate, the weakest few, each other language's gate, and the 301s planned. */
export interface LandingSummary extends GateSummary {
  /** Indexed although they fail the gate, because landing.yaml says so. */
  readonly optedIn: number
  readonly weakest: readonly PageQuality[]
  /** The same gate in each other language, judged against that language's pages only. */
  readonly languages: readonly (GateSummary & { readonly code: string })[]
  readonly redirects: readonly LandingRedirect[]
  /** This build added to published-urls.json. */
  readonly recordUpdated: boolean
}

/** A summary as kept in the output record: what stays true while nothing changes. */
export type RecordedSummary = Omit<BuildSummary, 'outDir' | 'warnings' | 'upToDate' | 'replayed' | 'timings' | 'cacheNotes'> & {
  readonly warnings: readonly ReturnType<ConfigWarning['toJSON']>[]
}

/** What to record of `summary` (its warnings already placed at their lines). */
export function recordedSummary(summary: BuildSummary): RecordedSummary {
  const { outDir: _outDir, upToDate: _upToDate, replayed: _replayed, timings: _timings, cacheNotes: _notes, ...kept } = summary
  return { ...kept, warnings: summary.warnings.map((w) => w.toJSON()) }
}

/** The recorded summary said again: everything reused, nothing rendered, encoded or written. */
export function replayedSummary(recorded: RecordedSummary, extra: Pick<BuildSummary, 'outDir' | 'timings' | 'cacheNotes'>): BuildSummary {
  return {
    ...recorded,
    ...extra,
    warnings: recorded.warnings.map((w) => new ConfigWarning(w)),
    upToDate: true,
    replayed: true,
    pages: { rendered: 0, reused: recorded.pageCount, slowest: [] },
    images: { encoded: 0, reused: recorded.images.encoded + recorded.images.reused },
    landing: { ...recorded.landing, recordUpdated: false },
  }
}

/**
 * What a marketer is told of an area's hidden pages, in the build's summary, preview's terminal
 * and the report alike: "Forest Grove, OR: 3 pages hidden from search until its local paragraph
 * has 40 words (it has 12)".
 */
export function hiddenPagesText({ area, pages, words }: ParagraphToWrite, minLocalWords: number): string {
  const has = words === 0 ? 'none is written' : `it has ${words}`
  return `${area}: ${pages} page${pages === 1 ? '' : 's'} hidden from search until its local paragraph has ${minLocalWords} words (${has})`
}
