import type { SiteMeta } from '../../src/config/site-model.js'
import type { TemplateRoute } from '../../src/plan/route-plan.js'

/**
 * All the header takes from the page it is on, so that every page with the same variant has the
 * very same header (templates/shell/shared-parts.tsx renders it once per variant). Kept apart from
 * Header.tsx so that a site's own Header.tsx need not define it.
 */
export interface HeaderVariant {
  /** The page opens with a hero image: the header is transparent over it. */
  readonly overHero: boolean
  /** The page's address when a navigation item links to it or scrolls on it (it is marked there). */
  readonly navUrl?: string
}

export function headerVariant(route: TemplateRoute, site: SiteMeta): HeaderVariant {
  const named = (site.header?.nav ?? []).some((item) => item.href === route.url || item.scrollOn?.includes(route.url))
  return { overHero: opensWithHeroImage(route), navUrl: named ? route.url : undefined }
}

/**
 * Whether the page opens with a full-bleed hero image, which the header sits on transparently
 * until the page scrolls (shell.css tells by the markup; this decides only whether to include the
 * logo for it). A service page whose parts are reordered may guess wrong: then the light logo stays.
 */
function opensWithHeroImage(route: TemplateRoute): boolean {
  if (route.template === 'sections') {
    const first: { readonly type: string; readonly image?: string; readonly layout?: string } | undefined = route.props.sections?.[0]
    return first?.type === 'hero' && Boolean(first.image) && (first.layout ?? 'background') === 'background'
  }
  if (route.template === 'landing') return Boolean(route.props.hero?.image)
  if (route.template === 'service') return Boolean(route.props.image) && !route.props.skipHero
  return false
}
