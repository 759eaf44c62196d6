import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { shareImageFor, shareImageSize } from '../../templates/seo/share-image.js'
import type { ImageSource, SiteConfig } from '../config/site-model.js'
import { isDark } from '../config/theme/theme.js'
import type { ImageJob, ShareDrawing } from '../plan/plan-images.js'
import type { RoutePlan } from '../plan/route-plan.js'

export type { ShareDrawing }

/** Bump when the drawing changes: it is part of every share image's name. */
const drawingVersion = 'share-v4'

/**
 * The share-image digest and jobs: one 1200 × 630 JPEG per page that gets one (the rule is
 * templates/seo/share-image.ts). Drawn from the brand: the heading font's file, the theme's dark
 * brand colour with its text colour, the accent, the logo for dark backgrounds. The face is the
 * heading or body family's static .woff, else the one bundled with citypress (config/theme/site-fonts.ts
 * chose it and warned), so every page that gets no image of its own gets one.
 */
export function planShareImages(site: SiteConfig, routes: readonly RoutePlan[]): { digest?: string; jobs: ImageJob[] } {
  const font = site.fonts.share.file
  const { colors } = site.site.theme
  const logo = pickLogo(site, colors.primaryDark)
  const base = {
    siteName: site.site.name,
    host: site.site.url.replace(/^https?:\/\//, ''),
    background: colors.primaryDark,
    text: colors.onPrimaryDark,
    accent: colors.accent,
    font,
    logo: logo && { file: logo.absolutePath, format: logo.format, width: logo.width, height: logo.height, hash: logo.hash, svg: logo.svg },
  }
  const digest = createHash('sha256')
    .update(JSON.stringify({ drawingVersion, ...base, font: undefined, logo: logo?.hash }))
    .update(readFileSync(font))
    .digest('hex')
    .slice(0, 16)
  // Every page's image is drawn from this one font: one source for them all, named by its page in messages.
  const source: ImageSource = { src: 'share images', absolutePath: font, ...shareImageSize, format: 'share', hash: digest }
  const jobs: ImageJob[] = []
  for (const route of routes) {
    const image = shareImageFor(route, site.site, { shareDigest: digest })
    if (!image) continue
    jobs.push({
      source,
      outputPath: image.path,
      width: shareImageSize.width,
      format: 'jpeg',
      share: { page: route.url, origin: route.origin, title: image.title, drawing: base },
    })
  }
  return { digest, jobs }
}

/** The logo that shows on the image's dark background, if the site has one that does. */
function pickLogo(site: SiteConfig, background: string): ImageSource | undefined {
  const { logo } = site.site
  if (!logo) return undefined
  const src = isDark(background) ? logo.dark : logo.src
  return src ? site.images.get(src) : undefined
}
