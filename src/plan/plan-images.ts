import path from 'node:path'
import type { ImageAsset, ImageSource, SiteConfig } from '../types.js'

/** One output file the image stage must produce from a source image. */
export interface ImageJob {
  readonly source: ImageSource
  /** Relative to the output folder. */
  readonly outputPath: string
  /** Target width in pixels; the source width means "as is". */
  readonly width: number
  readonly format: string
}

export interface ImagePlan {
  readonly jobs: readonly ImageJob[]
  /** What templates see, by `src` as written in YAML. */
  readonly assets: Readonly<Record<string, ImageAsset>>
}

/**
 * Decides every image output and URL before anything is encoded, so rendering never waits on
 * sharp. Names carry the source's content hash: a changed image gets a new URL, an unchanged one
 * keeps its URL (and its long-lived cache entry).
 */
export function planImages(site: SiteConfig): ImagePlan {
  const jobs: ImageJob[] = []
  const assets: Record<string, ImageAsset> = {}
  for (const source of site.images.values()) {
    const stem = path.basename(source.src, path.extname(source.src)).toLowerCase().replace(/[^a-z0-9-]+/g, '-')
    const ext = source.format === 'jpeg' ? 'jpg' : source.format
    const outputPath = `assets/images/${stem}-${source.hash.slice(0, 10)}.${ext}`
    jobs.push({ source, outputPath, width: source.width, format: source.format })
    assets[source.src] = { src: `/${outputPath}`, width: source.width, height: source.height }
  }
  return { jobs, assets }
}
