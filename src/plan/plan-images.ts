import { createHash } from 'node:crypto'
import path from 'node:path'
import type { ImageSource, SiteConfig } from '../config/site-model.js'
import type { Origin } from '../errors/config-error.js'

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png'

/** One output file the image stage must produce from a source image. */
export interface ImageJob {
  readonly source: ImageSource
  /** Relative to the output folder; its file name is also the image cache key. */
  readonly outputPath: string
  /** Target width in pixels. */
  readonly width: number
  /** `copy`: written as it is (SVG, animated GIF). */
  readonly format: ImageFormat | 'copy'
  /** Encoder quality, 1–100; absent for `copy` and PNG. */
  readonly quality?: number
  /**
   * A square of `width` pixels with the whole image centred in it (icons, src/images/brand-images.ts),
   * on this background colour, else transparent. Upscales, unlike photos.
   */
  readonly square?: { readonly background?: string }
  /** A generated share image: drawn from this, not decoded from `source` (src/images/share-images.ts). */
  readonly share?: ShareImage
}

export interface ImagePlan {
  readonly jobs: readonly ImageJob[]
  /** What templates see, by `src` as written in YAML. */
  readonly assets: Readonly<Record<string, ImageAsset>>
}

/**
 * Responsive widths in CSS-independent pixels: phone (480), large phone at 2x and tablet (768),
 * small laptop (1024), full-width hero on a large screen (1600). Never wider than the source.
 */
export const imageWidths = [480, 768, 1024, 1600] as const

/**
 * Qualities chosen on the example site's photos: at 1600 px wide a JPEG at 75 (mozjpeg) weighs
 * ~54 kB, WebP at 70 ~19 kB and AVIF at 50 ~18 kB, with no visible difference at display size.
 */
export const imageQuality = { avif: 50, webp: 70, jpeg: 75 } as const

/**
 * Bump when encoder settings change: it is part of every image URL, so browsers holding a
 * year-long cached copy fetch the new encoding instead of keeping the old bytes.
 */
const encoderVersion = `v2:${JSON.stringify(imageQuality)}`

/**
 * Decides every image output and URL before anything is encoded, so rendering never waits on
 * sharp. Each raster source becomes AVIF, WebP and a JPEG (or PNG, for sources that may be
 * transparent) at every responsive width up to its own. Names carry a hash of the source bytes
 * and the encoder settings plus width and format: an unchanged image keeps its URL (and its
 * long-lived cache entry, and the build cache's encoded bytes); a changed one gets a new URL.
 */
export function planImages(site: SiteConfig): ImagePlan {
  const jobs: ImageJob[] = []
  const assets: Record<string, ImageAsset> = {}
  for (const source of site.images.values()) {
    const planned = planImage(source)
    jobs.push(...planned.jobs)
    assets[source.src] = planned.asset
  }
  return { jobs, assets }
}

function planImage(source: ImageSource): { jobs: ImageJob[]; asset: ImageAsset } {
  const stem =
    path
      .basename(source.src, path.extname(source.src))
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image'
  const id = createHash('sha256').update(`${source.hash}\n${encoderVersion}`).digest('hex').slice(0, 10)
  if (source.format === 'svg' || source.format === 'gif') {
    // Vector art is already resolution-independent; re-encoding a GIF would drop its animation.
    const outputPath = `assets/images/${stem}-${id}.${source.format}`
    return {
      jobs: [{ source, outputPath, width: source.width, format: 'copy' }],
      asset: { src: `/${outputPath}`, width: source.width, height: source.height },
    }
  }
  const widths = responsiveWidths(source.width)
  const fallback: ImageFormat = source.format === 'png' ? 'png' : 'jpeg'
  const jobs: ImageJob[] = []
  const srcset: Record<string, string> = {}
  for (const format of ['avif', 'webp', fallback] as const) {
    const entries = widths.map((width) => {
      const outputPath = `assets/images/${stem}-${id}-${width}.${format === 'jpeg' ? 'jpg' : format}`
      jobs.push({ source, outputPath, width, format, quality: format === 'png' ? undefined : imageQuality[format] })
      return `/${outputPath} ${width}w`
    })
    srcset[format] = entries.join(', ')
  }
  const widest = jobs.filter((j) => j.format === fallback).at(-1)!
  return { jobs, asset: { src: `/${widest.outputPath}`, width: source.width, height: source.height, srcset } }
}

/** The standard widths below the source's, plus the source's own (capped at the widest). */
export function responsiveWidths(sourceWidth: number): number[] {
  const top = Math.min(sourceWidth, imageWidths.at(-1)!)
  // A variant within 10% of the top one saves too little to be worth a file.
  return [...imageWidths.filter((w) => w < top * 0.9), top]
}

/** A built image as templates reference it. */
export interface ImageAsset {
  /** Fallback URL (original format). */
  readonly src: string
  readonly width: number
  readonly height: number
  /** Responsive variants by format, widest last: `{ avif: 'a-480.avif 480w, …' }`. */
  readonly srcset?: Readonly<Record<string, string>>
}

/**
 * One page's share image: its title on the site's drawing. Made for every page and held while the
 * images are made, so what all pages have alike is one object: `drawing`, and the job's `source`.
 */
export interface ShareImage {
  /** The page's address and where it is declared: the image's name and place in messages. */
  readonly page: string
  readonly origin: Origin
  readonly title: string
  readonly drawing: Omit<ShareDrawing, 'title'>
}

/** Everything one share image draws: plain data, so it travels to the image process. */
export interface ShareDrawing {
  readonly title: string
  readonly siteName: string
  /** The site's address without the scheme, shown small at the bottom. */
  readonly host: string
  readonly background: string
  readonly text: string
  readonly accent: string
  /** A .woff or .ttf of the heading font (satori reads neither WOFF2 nor variable fonts). */
  readonly font: string
  /** `hash`: its ImageSource's; `svg`: an SVG logo's sanitized text (ImageSource `svg`), drawn instead of `file`. */
  readonly logo?: {
    readonly file: string
    readonly format: string
    readonly width: number
    readonly height: number
    readonly hash: string
    readonly svg?: string
  }
}
