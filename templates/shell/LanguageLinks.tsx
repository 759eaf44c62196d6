import { renderToStaticMarkup } from 'react-dom/server'
import type { LanguageLink } from '../../src/plan/route-plan.js'
import { usePage } from '../context.js'

/** Where a page's links to its other languages go: one per page, so put in after the shared header is (shared-parts.tsx). */
const slot = '<template data-citypress-part="languages"></template>'

/**
 * The place of the links to this page in the site's other languages, in the header and the
 * mobile menu: nothing on a site in one language. The header is rendered once for every page, the
 * links are the page's own: withLanguageLinks puts them here.
 */
export function LanguageLinksSlot({ className }: { className: string }) {
  const { site } = usePage()
  if (site.languages.length < 2) return null
  return (
    <div className={className}>
      <template data-citypress-part="languages" />
    </div>
  )
}

/** Markup split where withLanguageLinks puts a page's own links: the pieces every page holds alike. */
export function languageSlotPieces(html: string): string[] {
  return html.split(slot)
}

/**
 * A page's markup with its links to its other languages in their places: plain links named in
 * their own language, with its `lang` and `hreflang`; no flag, no script, no redirect.
 */
export function withLanguageLinks(html: string, links: readonly LanguageLink[] | undefined): string {
  if (!html.includes(slot)) return html
  const markup = (links ?? [])
    .map((link) =>
      renderToStaticMarkup(
        <a className="language-link" href={link.url} hrefLang={link.code} lang={link.code}>
          {link.label}
        </a>,
      ),
    )
    .join('')
  return html.replaceAll(slot, markup)
}
