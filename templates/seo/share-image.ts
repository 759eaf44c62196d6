import { hash } from 'node:crypto'
import type { SiteMeta } from '../../src/config/site-model.js'
import type { RoutePlan, TemplateRoute } from '../../src/plan/route-plan.js'
import type { BrandLinks } from '../../src/types.js'
import { pageImage } from './page-image.js'

/** Open Graph's recommended size for link previews. */
export const shareImageSize = { width: 1200, height: 630 } as const

/** A page's generated link-preview image (src/images/share-images.ts draws it). */
export interface ShareImage {
  /** Relative to the output folder. */
  readonly path: string
  /** The page's own title, without the site's titleTemplate. */
  readonly title: string
}

/**
 * Which pages get a generated share image, and its file name: every page that has no image of its
 * own in YAML (a page's own image wins), and every landing page, whose hero image is its
 * service's: its own picture is its title, with the city and the service.
 * The name is a hash of what is drawn (the title and the brand's digest), so the image cache
 * reuses it until either changes. Shared by the planner and SocialMeta, so both agree.
 */
export function shareImageFor(
  route: RoutePlan | TemplateRoute,
  site: SiteMeta,
  brand: Pick<BrandLinks, 'shareDigest'>,
): ShareImage | undefined {
  if (!brand.shareDigest || route.template === 'not-found' || route.template === 'form-success') return undefined
  // A landing page's props exist only while it renders (10,000 of them): decide by template alone.
  if (route.template !== 'landing' && pageImage(route)) return undefined
  const title = pageTitle(route.title, site.titleTemplate)
  // One-shot: a third of a Hash object's cost, paid once per page (10,000 times on a large site).
  const id = hash('sha256', `${brand.shareDigest}\n${title}`, 'hex').slice(0, 12)
  const stem =
    route.url
      .replace(/^\/|\/$/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase()
      .slice(0, 60) || 'home'
  return { path: `assets/share/${stem}-${id}.jpg`, title }
}

/** `Contact | Acme` → `Contact`, by the site's titleTemplate (`%s | Acme`). */
export function pageTitle(title: string, template: string): string {
  const [before = '', after = ''] = template.split('%s')
  return title.startsWith(before) && title.endsWith(after) && title.length >= before.length + after.length
    ? title.slice(before.length, title.length - after.length) || title
    : title
}
