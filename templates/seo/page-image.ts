import type { ImageAsset } from '../../src/plan/plan-images.js'
import type { RoutePlan, TemplateRoute } from '../../src/plan/route-plan.js'
import type { PageContext } from '../context.js'

export interface SocialImage {
  /** Absolute URL. */
  readonly url: string
  readonly width?: number
  readonly height?: number
  readonly alt: string
}

/** Link previews look best about this wide (Open Graph's recommended 1200 × 630). */
const previewWidth = 1200

/**
 * The image a page is shared with: the page's own (a post's cover, a service's or the first
 * hero's image), else site.yaml `socialImage`; or the image `src` names. Local
 * images are given as their JPEG/PNG variant nearest 1200 pixels wide, which every preview
 * crawler can read (few read AVIF or WebP).
 */
export function socialImage(page: PageContext, options: { src?: string } = {}): SocialImage | undefined {
  const { site } = page
  const chosen = options.src
    ? { src: options.src, alt: site.name }
    : (pageImage(page.route) ?? (site.socialImage ? { src: site.socialImage, alt: site.name } : undefined))
  if (!chosen) return undefined
  const asset = page.images[chosen.src]
  if (!asset) return /^https?:\/\//.test(chosen.src) ? { url: chosen.src, alt: chosen.alt } : undefined
  return { ...nearestVariant(asset, page.site.url), alt: chosen.alt }
}

/**
 * A page's own image, by its template: a post's or a service's `image`, an authored page's `image`
 * else its first hero section's, a landing page's hero (none while only planned: no props yet).
 */
export function pageImage(route: RoutePlan | TemplateRoute): { src: string; alt: string } | undefined {
  if (route.template === 'post' || route.template === 'service') {
    return typeof route.props.image === 'string' ? { src: route.props.image, alt: route.props.imageAlt ?? '' } : undefined
  }
  if (route.template === 'landing') {
    const hero = route.props?.hero
    return typeof hero?.image === 'string' ? { src: hero.image, alt: hero.imageAlt ?? '' } : undefined
  }
  if (route.template !== 'sections') return undefined
  if (typeof route.props.image === 'string') return { src: route.props.image, alt: '' }
  for (const section of route.props.sections) {
    if (section.type === 'hero' && typeof section.image === 'string') return { src: section.image, alt: section.imageAlt ?? '' }
  }
  return undefined
}

function nearestVariant(asset: ImageAsset, siteUrl: string): Omit<SocialImage, 'alt'> {
  const fallback = asset.srcset?.jpeg ?? asset.srcset?.png
  const candidates = fallback ? parseSrcset(fallback) : [{ url: asset.src, width: asset.width }]
  const best = candidates.reduce((a, b) => (Math.abs(b.width - previewWidth) < Math.abs(a.width - previewWidth) ? b : a))
  return { url: `${siteUrl}${best.url}`, width: best.width, height: Math.round((best.width * asset.height) / asset.width) }
}

/** "/a-480.jpg 480w, /a-768.jpg 768w" → [{ url, width }]. */
export function parseSrcset(srcset: string): { url: string; width: number }[] {
  return srcset.split(',').map((entry) => {
    const [url, descriptor] = entry.trim().split(/\s+/)
    return { url: url!, width: Number.parseInt(descriptor ?? '0', 10) }
  })
}
