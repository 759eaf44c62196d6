import { readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { type CacheNote, ensureCacheFolder } from '../cache/sealed-file.js'
import { fail, ShareImageFailed, UndecodableImage } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import type { ImageJob } from '../plan/plan-images.js'
import { runAll } from '../tool/run-all.js'
import type { OutputFile, OutputWriter } from '../types.js'
import { claimOrWait } from './cache-lock.js'
import { type ImageProcess, startImageProcess } from './image-process.js'
import {
  type CachedVariant,
  findVariant,
  type ImageCacheListing,
  isListed,
  listImageCache,
  readVariant,
  writeVariant,
} from './variant-cache.js'

export interface ProcessImagesOptions {
  readonly jobs: readonly ImageJob[]
  /**
   * Folder of encoded variants kept between builds, keyed by output file name (which carries the
   * source hash, encoder settings, width and format; variant-cache.ts). `false` encodes everything.
   */
  readonly cacheDir: string | false
  /** `cacheDir` as listed (listImageCache), when the caller has listed it already. */
  readonly cached?: ImageCacheListing
  /** Encodes at once; each sharp pipeline also uses libvips threads. @default availableParallelism() */
  readonly concurrency?: number
  readonly onProgress?: (done: number, total: number) => void
  /** Told of each cached variant that could not be trusted (and was encoded again). */
  readonly note?: CacheNote
  /**
   * Where each variant is written as soon as it is made (or read from the cache), keeping only
   * its size, so memory does not grow with the number of images (a share image per page: as many
   * images as pages). A variant in the cache is linked there, not copied. Without it, `files`
   * carries every variant's bytes.
   */
  readonly output?: Pick<OutputWriter, 'write' | 'link' | 'keep'>
}

export interface ProcessImagesResult {
  /** Every variant's bytes; none when they went to `output`. */
  readonly files: readonly OutputFile[]
  /** Byte length of each variant written to `output`, by output path. */
  readonly written: Readonly<Record<string, number>>
  /** Variants encoded by this build. */
  readonly encoded: number
  /** Variants taken from the cache (or copied as they are). */
  readonly reused: number
  readonly errors: readonly ConfigError[]
}

/**
 * Stage 3 (beside render): produces the bytes of every planned image, encoding with sharp only
 * what the cache lacks, a bounded number at a time so a 2-core machine stays responsive. A
 * source that sharp cannot decode fully (config/ only read its header) is reported at the YAML
 * line that references it; the stage never throws for a user's file.
 */
export async function processImages(options: ProcessImagesOptions): Promise<ProcessImagesResult> {
  const { jobs, cacheDir, output } = options
  if (cacheDir) await ensureCacheFolder(cacheDir)
  const cached = options.cached ?? (await listImageCache(cacheDir))
  const files: OutputFile[] = new Array(jobs.length)
  const written: Record<string, number> = {}
  const errors = new Map<string, ConfigError>()
  let encoded = 0
  let reused = 0
  let done = 0
  // Started at the first variant to make, ended with the stage.
  let maker: ImageProcess | undefined

  const advance = () => {
    if (++done % 10 === 0 || done === jobs.length) options.onProgress?.(done, jobs.length)
  }
  // A variant's name changes with its bytes: one the kept output holds need not be read or
  // written. Settled here, one stat each, before anything is awaited (after an edit to one city,
  // every variant of 10,000 pages is kept).
  const toMake = jobs.flatMap((job, index) => {
    const kept = output?.keep?.(job.outputPath)
    if (kept === undefined) return [index]
    written[job.outputPath] = kept
    reused++
    advance()
    return []
  })
  const runJob = async (job: ImageJob, index: number) => {
    const made = await produce(job, { cacheDir, cached, note: options.note, images: () => (maker ??= startImageProcess()) })
    if ('error' in made) {
      // One error an image: a photo's for all its variants, a share image's for its page.
      errors.set(job.share ? job.share.page : job.source.src, made.error)
      return
    }
    if (made.encoded) encoded++
    else reused++
    if (output) {
      await (made.file
        ? output.link(job.outputPath, { source: made.file, ino: made.ino, ctimeMs: made.ctimeMs, stamped: false })
        : output.write({ path: job.outputPath, contents: made.bytes }))
      written[job.outputPath] = made.bytes.byteLength
    } else {
      files[index] = { path: job.outputPath, contents: made.bytes }
    }
    advance()
  }

  // Variants in the cache are only read (libuv's threads do it): many at a time rather than two
  // behind the encoder's limit, which made reading them a visible part of a warm build, but not
  // all at once, which held every one in memory together (a share image per page).
  const inCache = (job: ImageJob) => cacheDir !== false && isListed(cached, path.basename(job.outputPath))
  await runAll(
    toMake.filter((index) => inCache(jobs[index]!)),
    32,
    (index) => runJob(jobs[index]!, index),
  )
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism())
  try {
    await runAll(
      toMake.filter((index) => !inCache(jobs[index]!)),
      concurrency,
      (index) => runJob(jobs[index]!, index),
    )
  } finally {
    await maker?.close()
  }
  return { files: files.filter(Boolean), written, encoded, reused, errors: [...errors.values()] }
}

/** How many variants the cache (`cached`, listImageCache's) lacks, i.e. how many sharp would encode. */
export function countUncached(jobs: readonly ImageJob[], cached: ImageCacheListing): number {
  return jobs.filter((j) => j.format !== 'copy' && !isListed(cached, path.basename(j.outputPath))).length
}

interface ProduceContext {
  readonly cacheDir: string | false
  readonly cached: ImageCacheListing
  readonly note?: CacheNote
  /** The process that encodes and draws variants (image-process.ts). */
  readonly images: () => ImageProcess
}

/** With the cache entry that holds exactly `bytes`, to link, when there is one. */
type Produced =
  | ({ readonly bytes: Uint8Array; readonly encoded: boolean } & Partial<Omit<CachedVariant, 'bytes'>>)
  | { readonly error: ConfigError }

/**
 * One variant's bytes: from the cache, copied, from a parallel build that encoded it, or encoded.
 * A cached variant is used only when its bytes match the seal in its name (variant-cache.ts), so
 * a damaged file is encoded again rather than published.
 */
async function produce(job: ImageJob, { cacheDir, cached, note, images }: ProduceContext): Promise<Produced> {
  const key = path.basename(job.outputPath)
  const hit = cacheDir ? await readVariant(cacheDir, key, cached, note) : undefined
  if (hit) return { ...hit, encoded: false }
  // An SVG is published as config/ sanitized it, never read from the site folder again.
  if (job.format === 'copy')
    return { bytes: job.source.svg !== undefined ? Buffer.from(job.source.svg) : await readFile(job.source.absolutePath), encoded: false }
  const claim = cacheDir ? await claimOrWait(cacheDir, key, () => findVariant(cacheDir, key, note)) : undefined
  if (claim && 'found' in claim) return { ...claim.found, encoded: false }
  try {
    let bytes: Uint8Array
    try {
      bytes = await images().make(job)
    } catch (error) {
      return { error: undecodable(job, error) }
    }
    return { bytes, encoded: true, file: cacheDir ? await writeVariant(cacheDir, key, bytes) : undefined }
  } finally {
    await claim?.release()
  }
}

function undecodable(job: ImageJob, error: unknown): ConfigError {
  const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error)
  // A share image is drawn from the page's title, not decoded from a file of the site's.
  if (job.share) return fail(ShareImageFailed, job.share.origin, `share image of ${job.share.page}`, reason)
  return fail(UndecodableImage, job.source.origin ?? { file: job.source.src }, job.source.src, reason)
}
