import { createHash } from 'node:crypto'
import type { SiteConfig } from '../config/site-model.js'
import type { ImageJob, ImagePlan } from '../plan/plan-images.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { href } from '../plan/urls.js'
import type { BrandLinks, OutputFile } from '../types.js'
import { planShareImages, type SharePlan, shareImageJobs } from './share-images.js'

export interface BrandImagePlan extends ImagePlan {
  /** What the document head links to (templates/Document.tsx). */
  readonly brand: BrandLinks
  /** Files made without sharp: the web manifest. */
  readonly files: readonly OutputFile[]
  /** Each page's share image, whose job is made from its route when asked (imageJobs); not among `jobs`. */
  readonly share: SharePlan
}

/** Every image job of a build: the site's images and icons, and each page's share image, made from `routes` now. */
export function imageJobs(site: SiteConfig, images: BrandImagePlan, routes: readonly RoutePlan[]): ImageJob[] {
  return [...images.jobs, ...shareImageJobs(site.site, routes, images.share)]
}

/** Sizes of the icons a browser or a home screen asks for. */
const touchIconSize = 180
const manifestIconSizes = [192, 512] as const

/**
 * Adds the site's icons to the image plan: from site.yaml `icon`, one square source, a favicon
 * (the SVG itself, else a 48 px PNG), the 180 px Apple touch icon (opaque: iOS fills transparent
 * corners with black) and the web manifest's 192 and 512 px icons. They are ordinary image jobs,
 * so they are encoded, cached and pruned with every other image: a warm build encodes none. Their
 * names carry the source's hash, so hosts may cache them for a year. The icon source itself is not
 * shown on any page, so its responsive variants are dropped. The pages' share images are planned
 * here too (src/images/share-images.ts).
 */
export function withBrandImages(site: SiteConfig, planned: ImagePlan): BrandImagePlan {
  const { theme } = site.site
  const share = planShareImages(site)
  const source = site.site.icon ? site.images.get(site.site.icon) : undefined
  const themeColor = theme.colors.primary
  if (!source) {
    const manifest = manifestFile(site, [])
    return { ...planned, brand: { themeColor, manifest: `/${manifest.path}`, shareDigest: share.digest }, files: [manifest], share }
  }

  const id = (extra: string) => createHash('sha256').update(`${source.hash}\n${extra}`).digest('hex').slice(0, 10)
  const job = (name: string, width: number, background?: string): ImageJob => ({
    source,
    width,
    format: 'png',
    square: { background },
    outputPath: `assets/icons/${name}-${id(`${width}|${background ?? ''}`)}.png`,
  })
  const favicon: ImageJob =
    source.format === 'svg'
      ? { source, width: source.width, format: 'copy', outputPath: `assets/icons/favicon-${id('svg')}.svg` }
      : job('favicon', 48)
  const touch = job('apple-touch-icon', touchIconSize, theme.colors.background)
  const icons = manifestIconSizes.map((size) => job(`icon-${size}`, size))
  const manifest = manifestFile(
    site,
    icons.map((i) => ({ src: `/${i.outputPath}`, sizes: `${i.width}x${i.width}`, type: 'image/png' })),
  )
  return {
    jobs: [...planned.jobs.filter((j) => j.source !== source), favicon, touch, ...icons],
    assets: planned.assets,
    brand: {
      themeColor,
      icon: { href: `/${favicon.outputPath}`, type: favicon.format === 'copy' ? 'image/svg+xml' : 'image/png' },
      appleTouchIcon: `/${touch.outputPath}`,
      manifest: `/${manifest.path}`,
      shareDigest: share.digest,
    },
    files: [manifest],
    share,
  }
}

/** The web app manifest (W3C Web Application Manifest): names, colours and icons, named by content hash. */
function manifestFile(site: SiteConfig, icons: readonly { src: string; sizes: string; type: string }[]): OutputFile & { path: string } {
  const { name, shortName, theme, description } = site.site
  const contents = JSON.stringify(
    {
      // Under a sub-path the app starts, and its icons load, under the base.
      name,
      short_name: shortName ?? name,
      description,
      // The language its names and description are in: the site's first (one manifest serves every language).
      lang: site.site.language,
      dir: 'ltr',
      start_url: href(site.site.basePath, '/'),
      display: 'browser',
      theme_color: theme.colors.primary,
      background_color: theme.colors.background,
      icons: icons.map((i) => ({ ...i, src: href(site.site.basePath, i.src) })),
    },
    null,
    2,
  )
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10)
  return { path: `assets/site-${hash}.webmanifest`, contents }
}
