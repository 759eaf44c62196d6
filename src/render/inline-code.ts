import { inlineScripts } from '../../templates/inline-code.js'
import type { SiteInput } from '../config/site-input.generated.js'
import { sha256 } from '../html/page-facts.js'
import type { AssetManifest } from '../types.js'

export interface DeclaredInlineCodeOptions {
  /** The stylesheet, inlined into a `<style>` when it is small (src/assets/bundle-assets.ts), and its cuts (page-stylesheets.ts). */
  readonly assets: Pick<AssetManifest, 'inlineCss' | 'pageSheets'>
  /** site.yaml `csp`: what the site's own templates/ overrides write inline. */
  readonly csp: SiteInput['csp']
}

/** A CSP hash as the unexpected-inline-code hint prints it, with or without its quotes. */
const hashSource = /^'?(sha256-[A-Za-z0-9+/]{43}=)'?$/

/**
 * Every inline script, style and style attribute a page of this build may carry, known before a
 * page is rendered: what citypress's templates write (templates/inline-code.ts and the inlined
 * stylesheet with its cuts) and what site.yaml `csp` declares, each as its CSP source `'sha256-…'`. The
 * Content-Security-Policy is made from this list, never from what is found in the pages.
 */
export function declaredInlineCode({ assets, csp }: DeclaredInlineCodeOptions): InlineCode {
  const sources = (entries: readonly string[] | undefined) =>
    (entries ?? []).map((entry) => {
      const hash = hashSource.exec(entry.trim())?.[1]
      return hash === undefined ? sha256(entry) : `'${hash}'`
    })
  const unique = (list: readonly string[]) => [...new Set(list)].sort()
  return {
    scripts: unique([...Object.values(inlineScripts).map((text) => sha256(text)), ...sources(csp?.inlineScripts)]),
    styles: unique([
      ...(assets.inlineCss === undefined ? [] : [assets.inlineCss, ...(assets.pageSheets?.sheets ?? []).map((sheet) => sheet.css)]).map(
        (css) => sha256(css),
      ),
      ...sources(csp?.inlineStyles),
    ]),
    styleAttributes: unique(sources(csp?.styleAttributes)),
  }
}

/**
 * The inline code the pages may carry, each as its CSP source `'sha256-…'`, sorted: what the
 * templates write and what site.yaml `csp` declares (src/render/inline-code.ts), known before any
 * page is rendered. The Content-Security-Policy allows these and no more; check/ stops the build
 * at any other inline script, `<style>` or style attribute.
 */
export interface InlineCode {
  readonly scripts: readonly string[]
  readonly styles: readonly string[]
  readonly styleAttributes: readonly string[]
}
