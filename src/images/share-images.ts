import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { shareImageFor, shareImageSize } from '../../templates/seo/share-image.js'
import type { ImageSource, SiteConfig, SiteMeta } from '../config/site-model.js'
import { isDark } from '../config/theme/theme.js'
import type { ImageJob, ShareDrawing } from '../plan/plan-images.js'
import type { RoutePlan } from '../plan/route-plan.js'

export type { ShareDrawing }

/** Bump when the drawing changes: it is part of every share image's name. */
const drawingVersion = 'share-v4'

/**
 * What every page's share image is drawn from, planned once: each page's job is made from its
 * route when the images are made (shareImageJobs), not kept for every page while the pages render
 * (a job a page, 20 MB at 50,000 pages).
 */
export interface SharePlan {
  /** Part of every share image's name: the drawing, the font's bytes and the logo. */
  readonly digest: string
  /** Every page's image has this one source, the font. */
  readonly source: ImageSource
  readonly drawing: Omit<ShareDrawing, 'title'>
}

/**
 * The share images' drawing, from the brand: the heading font's file, the theme's dark brand
 * colour with its text colour, the accent, the logo for dark backgrounds. The face is the heading
 * or body family's static .woff, else the one bundled with citypress (config/theme/site-fonts.ts
 * chose it and warned), so every page that gets no image of its own gets one.
 */
export function planShareImages(site: SiteConfig): SharePlan {
  const font = site.fonts.share.file
  const { colors } = site.site.theme
  const logo = pickLogo(site, colors.primaryDark)
  const drawing = {
    siteName: site.site.name,
    host: site.site.url.replace(/^https?:\/\//, ''),
    background: colors.primaryDark,
    text: colors.onPrimaryDark,
    accent: colors.accent,
    font,
    logo: logo && { file: logo.absolutePath, format: logo.format, width: logo.width, height: logo.height, hash: logo.hash, svg: logo.svg },
  }
  const digest = createHash('sha256')
    .update(JSON.stringify({ drawingVersion, ...drawing, font: undefined, logo: logo?.hash }))
    .update(readFileSync(font))
    .digest('hex')
    .slice(0, 16)
  return { digest, source: { src: 'share images', absolutePath: font, ...shareImageSize, format: 'share', hash: digest }, drawing }
}

/** One 1200 × 630 JPEG for each of `routes` that gets one (the rule is templates/seo/share-image.ts). */
export function shareImageJobs(site: SiteMeta, routes: readonly RoutePlan[], share: SharePlan): ImageJob[] {
  const jobs: ImageJob[] = []
  for (const route of routes) {
    const image = shareImageFor(route, site, { shareDigest: share.digest })
    if (!image) continue
    jobs.push({
      source: share.source,
      outputPath: image.path,
      width: shareImageSize.width,
      format: 'jpeg',
      share: { page: route.url, origin: route.origin, title: image.title, drawing: share.drawing },
    })
  }
  return jobs
}

/** The logo that shows on the image's dark background, if the site has one that does. */
function pickLogo(site: SiteConfig, background: string): ImageSource | undefined {
  const { logo } = site.site
  if (!logo) return undefined
  const src = isDark(background) ? logo.dark : logo.src
  return src ? site.images.get(src) : undefined
}
