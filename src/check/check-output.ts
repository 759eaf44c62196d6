import type { ConfigError } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import { headersFile } from '../output/headers.js'
import type { OutputFile, SiteConfig } from '../types.js'
import { checkBudgets, measurePages, type PageKindSize } from './budgets.js'
import { checkLinks } from './check-links.js'
import type { PagesWatch } from './watch-pages.js'

export interface CheckOutputOptions {
  readonly site: SiteConfig
  /** The watch the pages were written through. */
  readonly watch: PagesWatch
  /** Every other file of the output. */
  readonly files: readonly OutputFile[]
}

export interface CheckOutputResult {
  /** Broken links and budgets with level `fail`. */
  readonly errors: readonly ConfigError[]
  /** Budgets with level `warn`. */
  readonly warnings: readonly ConfigWarning[]
  /** What each page kind weighs, for the build report. */
  readonly sizes: readonly PageKindSize[]
  /** `_headers`: its Content-Security-Policy hashes the inline scripts and styles found here. */
  readonly headers: OutputFile
}

/**
 * Stage 4 (before anything is committed): checks the rendered site as a visitor would meet it.
 * Every internal link and fragment must resolve, every page kind must keep within its budget,
 * and the security headers are computed from what the pages actually contain.
 */
export async function checkOutput({ site, watch, files }: CheckOutputOptions): Promise<CheckOutputResult> {
  const pages = await watch.pages()
  const byPath = new Map(files.map((f) => [f.path, f.contents]))
  const sizes = measurePages({ pages, largest: await watch.largest(), files: byPath })
  const budgets = checkBudgets(sizes, site.budgets)
  const endpoint = site.site.forms?.provider === 'endpoint' ? site.site.forms.endpoint : undefined
  const links = checkLinks({ pages, files: new Set(byPath.keys()), siteUrl: site.site.url, formEndpoint: endpoint?.startsWith('/') ? endpoint : undefined })
  return {
    errors: [...links, ...budgets.errors],
    warnings: budgets.warnings,
    sizes,
    headers: headersFile({ site: site.site, pages }),
  }
}
