import { gzipSync } from 'node:zlib'
import type { BudgetAsset, BudgetRule } from '../config/normalize-budgets.js'
import { BudgetExceeded, fail, warn } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { addTo } from '../tool/group.js'
import type { WatchedPage } from './watch-pages.js'

/** Raw and gzip-compressed bytes. */
export interface Size {
  readonly bytes: number
  readonly gzip: number
}

/** The heaviest page of one page kind, per asset type (each may be a different page). */
export interface PageKindSize {
  readonly kind: string
  readonly pages: number
  /** The largest HTML document (inline CSS and JSON-LD included). */
  readonly html: Size & { readonly url: string }
  readonly css: Size
  readonly js: Size
  /** Bytes of every local image shown, at the widest AVIF candidate: an upper bound. */
  readonly images: number
}

export interface MeasurePagesOptions {
  readonly pages: readonly WatchedPage[]
  readonly largest: ReadonlyMap<string, { readonly route: RoutePlan; readonly html: string }>
  /**
   * Every non-page output file by path (`assets/site-1a2b.css`): its contents, or the byte length
   * of one already written (an image, compressed already; a host file, which no page loads).
   */
  readonly files: ReadonlyMap<string, Uint8Array | string | number>
}

/** What each page kind weighs, for the build's size report and the budgets. */
export function measurePages({ pages, largest, files }: MeasurePagesOptions): PageKindSize[] {
  const gzipOf = memoize((path: string) => {
    const contents = files.get(path)
    return typeof contents === 'number' ? contents : gzipSync(contents ?? '').byteLength
  })
  // Per address, not per page: 10,000 landing pages name the same few stylesheets, scripts and images.
  const bytesOf = memoize((url: string) => (url.startsWith('/') ? byteLength(files.get(url.slice(1).split(/[?#]/)[0]!)) : 0))
  const kinds = new Map<string, WatchedPage[]>()
  for (const page of pages) addTo(kinds, page.route.template, page)
  return [...kinds].map(([kind, list]) => {
    const big = largest.get(kind)
    const linked = memoizeList(
      (urls: readonly string[]): Size =>
        urls.reduce(
          (sum, url) => {
            const path = url.slice(1)
            return { bytes: sum.bytes + bytesOf(url), gzip: sum.gzip + (url.startsWith('/') ? gzipOf(path) : 0) }
          },
          { bytes: 0, gzip: 0 },
        ),
    )
    const imageBytes = memoizeList((urls: readonly string[]) => [...new Set(urls)].reduce((n, url) => n + bytesOf(url), 0))
    // Inline CSS is the same stylesheet on every page: measure it once, on the largest page.
    const inline = big ? inlineCss(big.html) : ''
    const linkedCss = maxBy(list.map((p) => linked(p.facts.stylesheets)))
    const css = { bytes: linkedCss.bytes + Buffer.byteLength(inline), gzip: linkedCss.gzip + (inline ? gzipSync(inline).byteLength : 0) }
    return {
      kind,
      pages: list.length,
      html: { url: big?.route.url ?? '', bytes: big ? Buffer.byteLength(big.html) : 0, gzip: big ? gzipSync(big.html).byteLength : 0 },
      css,
      js: maxBy(list.map((p) => linked(p.facts.scripts))),
      images: list.reduce((most, p) => Math.max(most, imageBytes(p.facts.images)), 0),
    }
  })
}

export interface CheckBudgetsResult {
  readonly warnings: readonly ConfigWarning[]
  readonly errors: readonly ConfigError[]
}

/**
 * Compares each page kind with site.yaml `budgets` (a kind's own limit wins over `all`). HTML,
 * CSS and JS compare gzip bytes (what travels); images raw bytes (already compressed).
 */
export function checkBudgets(sizes: readonly PageKindSize[], rules: readonly BudgetRule[]): CheckBudgetsResult {
  const warnings: ConfigWarning[] = []
  const errors: ConfigError[] = []
  for (const size of sizes) {
    for (const asset of ['html', 'css', 'js', 'images'] as const) {
      const rule = rules.find((r) => r.kind === size.kind && r.asset === asset) ?? rules.find((r) => r.kind === 'all' && r.asset === asset)
      const actual = measured(size, asset)
      if (!rule || actual <= rule.limit) continue
      const found = [
        label[asset],
        size.kind,
        formatBytes(actual),
        asset !== 'images',
        rule.written,
        hints[asset] + (asset === 'html' ? ` The largest is ${size.html.url}.` : ''),
      ] as const
      if (rule.level === 'fail') errors.push(fail(BudgetExceeded, rule.origin, ...found))
      else warnings.push(warn(BudgetExceeded, rule.origin, ...found))
    }
  }
  return { warnings, errors }
}

const label: Record<BudgetAsset, string> = { html: 'The HTML', css: 'The CSS', js: 'The JavaScript', images: 'The images' }
const hints: Record<BudgetAsset, string> = {
  html: 'Shorten long lists (areas, industries) or split the page; raise the budget if the size is intended.',
  css: 'Remove unused rules from templates/styles/ or raise the budget.',
  js: 'Remove widgets the page does not need or raise the budget.',
  images: 'Use fewer or smaller source images on these pages, or raise the budget.',
}

function measured(size: PageKindSize, asset: BudgetAsset): number {
  return asset === 'images' ? size.images : size[asset].gzip
}

/** "12.3 kB" (1 kB = 1000 bytes, as budgets are written). */
export function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`
}

function inlineCss(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('')
}

/** A file's size in bytes: of its contents, or the length already known (a file written before the check). */
export function byteLength(contents: Uint8Array | string | number | undefined): number {
  return contents === undefined
    ? 0
    : typeof contents === 'number'
      ? contents
      : typeof contents === 'string'
        ? Buffer.byteLength(contents)
        : contents.byteLength
}

function maxBy(sizes: readonly Size[]): Size {
  return sizes.reduce((a, b) => (b.gzip > a.gzip || (b.gzip === a.gzip && b.bytes > a.bytes) ? b : a), { bytes: 0, gzip: 0 })
}

/** For lists of addresses, which most pages of a kind share. */
function memoizeList<T>(compute: (urls: readonly string[]) => T): (urls: readonly string[]) => T {
  const byKey = memoize((key: string) => compute(key === '' ? [] : key.split('\0')))
  return (urls) => byKey(urls.join('\0'))
}

function memoize<T>(compute: (key: string) => T): (key: string) => T {
  const seen = new Map<string, T>()
  return (key) => {
    if (!seen.has(key)) seen.set(key, compute(key))
    return seen.get(key)!
  }
}
