import type { SiteConfig } from '../config/site-model.js'
import type { ConfigError } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import type { InlineCode } from '../render/inline-code.js'
import type { OutputFile } from '../types.js'
import { checkBudgets, measurePages, type PageKindSize } from './budgets.js'
import { checkInlineCode } from './check-inline-code.js'
import { checkLinks, checkStylesheetUrls } from './check-links.js'
import type { PagesWatch, WatchedPage } from './watch-pages.js'

export interface CheckOutputOptions {
  readonly site: SiteConfig
  /** The watch the pages were written through. */
  readonly watch: PagesWatch
  /** Every other file of the output that is still to be written. */
  readonly files: readonly OutputFile[]
  /** Files already written (images), by path: their byte lengths. */
  readonly written?: Readonly<Record<string, number>>
  /** The inline code the build declared (src/render/inline-code.ts), which the watch checked the pages against. */
  readonly inlineCode: InlineCode
}

export interface CheckOutputResult {
  /** Broken links and budgets with level `fail`. */
  readonly errors: readonly ConfigError[]
  /** Budgets with level `warn`. */
  readonly warnings: readonly ConfigWarning[]
  /** What each page kind weighs, for the build report. */
  readonly sizes: readonly PageKindSize[]
  /** The declared inline scripts and styles (by hash) that pages use, and image origins, for the output's Content-Security-Policy. */
  readonly sources: ContentSources
}

/**
 * Stage 4 (before anything is committed): checks the rendered site as a visitor would meet it.
 * Every internal link and fragment must resolve, every page kind must keep within its budget,
 * and every inline script, style and style attribute must be one the build declared
 * (`unexpected-inline-code`); the policy output writes allows the declared ones the pages use.
 */
export async function checkOutput({ site, watch, files, written = {}, inlineCode }: CheckOutputOptions): Promise<CheckOutputResult> {
  const pages = await watch.pages()
  const collect = (pick: (page: WatchedPage) => readonly string[]) => [...new Set(pages.flatMap(pick))].sort()
  const byPath = new Map<string, Uint8Array | string | number>([
    ...files.map((f) => [f.path, f.contents] as const),
    ...Object.entries(written),
  ])
  // Pages name files by the address they are served at: under a sub-path, with the base in front.
  const base = site.site.basePath
  const served = base ? new Map([...byPath].map(([file, contents]) => [`${base.slice(1)}/${file}`, contents] as const)) : byPath
  const sizes = measurePages({ pages, largest: await watch.largest(), files: served })
  const budgets = checkBudgets(sizes, site.budgets)
  const endpoint = site.site.forms?.provider === 'endpoint' ? site.site.forms.endpoint : undefined
  const links = checkLinks({
    pages,
    files: new Set(byPath.keys()),
    siteUrl: site.site.url,
    basePath: base,
    formEndpoint: endpoint?.startsWith('/') ? endpoint : undefined,
    trailingSlash: site.site.trailingSlash,
    written: site.links,
  })
  const stylesheets = checkStylesheetUrls({
    stylesheets: files
      .filter((f) => f.path.endsWith('.css'))
      .map((f) => ({ path: f.path, text: Buffer.from(f.contents).toString('utf8') })),
    files: new Set(byPath.keys()),
    siteUrl: site.site.url,
    basePath: base,
  })
  // Declared and used: a declaration no page needs (the script of widgets on a site without any) is left out.
  const used = (declared: readonly string[], pick: (page: WatchedPage) => readonly string[]) => {
    const found = new Set(collect(pick))
    return declared.filter((hash) => found.has(hash))
  }
  return {
    errors: [...checkInlineCode(pages), ...links, ...stylesheets, ...budgets.errors],
    warnings: budgets.warnings,
    sizes,
    sources: {
      scriptHashes: used(inlineCode.scripts, (p) => p.facts.scriptHashes),
      styleHashes: used(inlineCode.styles, (p) => p.facts.styleHashes),
      styleAttributeHashes: used(inlineCode.styleAttributes, (p) => p.facts.styleAttributeHashes),
      imageOrigins: collect((p) => p.facts.imageOrigins),
    },
  }
}

/**
 * What the checked pages run or load that a Content-Security-Policy must allow: the declared
 * inline scripts, styles and style attributes (InlineCode) that some page uses, and image
 * origins. Sorted, unique.
 */
export interface ContentSources {
  readonly scriptHashes: readonly string[]
  readonly styleHashes: readonly string[]
  readonly styleAttributeHashes: readonly string[]
  readonly imageOrigins: readonly string[]
}
