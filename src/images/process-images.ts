import { readdir, readFile, rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { type CacheNote, ensureCacheFolder, readSealed, writeSealed } from '../cache/sealed-file.js'
import { ownPath } from '../cache/site-folder.js'
import { fail, ShareImageFailed, UndecodableImage } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import type { ImageJob } from '../plan/plan-images.js'
import { runAll } from '../tool/run-all.js'
import type { OutputFile, OutputWriter } from '../types.js'
import { claimOrWait } from './cache-lock.js'
import { type ImageProcess, startImageProcess } from './image-process.js'

export interface ProcessImagesOptions {
  readonly jobs: readonly ImageJob[]
  /**
   * Folder of encoded variants kept between builds, keyed by output file name (which carries the
   * source hash, encoder settings, width and format). `false` encodes everything.
   */
  readonly cacheDir: string | false
  /** The names in `cacheDir` (listImageCache), when the caller has listed it already. */
  readonly cached?: ReadonlySet<string>
  /** Encodes at once; each sharp pipeline also uses libvips threads. @default availableParallelism() */
  readonly concurrency?: number
  readonly onProgress?: (done: number, total: number) => void
  /** Told of each cached variant that could not be trusted (and was encoded again). */
  readonly note?: CacheNote
  /**
   * Where each variant is written as soon as it is made (or read from the cache), keeping only
   * its size, so memory does not grow with the number of images (a share image per page: as many
   * images as pages). Without it, `files` carries every variant's bytes.
   */
  readonly output?: Pick<OutputWriter, 'write' | 'keep'>
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
      await output.write({ path: job.outputPath, contents: made.bytes })
      written[job.outputPath] = made.bytes.byteLength
    } else {
      files[index] = { path: job.outputPath, contents: made.bytes }
    }
    advance()
  }

  // Variants in the cache are only read (libuv's threads do it): many at a time rather than two
  // behind the encoder's limit, which made reading them a visible part of a warm build, but not
  // all at once, which held every one in memory together (a share image per page).
  const inCache = (job: ImageJob) => cacheDir !== false && cached.has(path.basename(job.outputPath))
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

/** The names of the variants in the cache folder (none when there is no folder): one readdir a build. */
export async function listImageCache(cacheDir: string | false): Promise<ReadonlySet<string>> {
  return new Set(cacheDir ? await readdir(cacheDir).catch(() => [] as string[]) : [])
}

/** How many variants the cache (`cached`, listImageCache's) lacks, i.e. how many sharp would encode. */
export function countUncached(jobs: readonly ImageJob[], cached: ReadonlySet<string>): number {
  return jobs.filter((j) => j.format !== 'copy' && !cached.has(path.basename(j.outputPath))).length
}

interface ProduceContext {
  readonly cacheDir: string | false
  readonly cached: ReadonlySet<string>
  readonly note?: CacheNote
  /** The process that encodes and draws variants (image-process.ts). */
  readonly images: () => ImageProcess
}

type Produced = { readonly bytes: Uint8Array; readonly encoded: boolean } | { readonly error: ConfigError }

/**
 * One variant's bytes: from the cache, copied, from a parallel build that encoded it, or encoded.
 * A cached variant is sealed with the hash of its bytes (sealed-file.ts) and used only when they
 * still match it, so a damaged file is encoded again rather than published.
 */
async function produce(job: ImageJob, { cacheDir, cached, note, images }: ProduceContext): Promise<Produced> {
  const key = path.basename(job.outputPath)
  const hit = cacheDir && cached.has(key) ? await readSealed(path.join(cacheDir, key), note) : undefined
  if (hit) return { bytes: hit, encoded: false }
  // An SVG is published as config/ sanitized it, never read from the site folder again.
  if (job.format === 'copy')
    return { bytes: job.source.svg !== undefined ? Buffer.from(job.source.svg) : await readFile(job.source.absolutePath), encoded: false }
  const claim = cacheDir ? await claimOrWait(cacheDir, key) : undefined
  if (claim && 'bytes' in claim) return { bytes: claim.bytes, encoded: false }
  try {
    let bytes: Uint8Array
    try {
      bytes = await images().make(job)
    } catch (error) {
      return { error: undecodable(job, error) }
    }
    if (cacheDir) await writeSealed(path.join(cacheDir, key), bytes)
    return { bytes, encoded: true }
  } finally {
    await claim?.release()
  }
}

/**
 * Removes cached variants that the build did not make (`made`: the output paths of its variants,
 * as its image run wrote or returned them), those of replaced or deleted images, so the folder a
 * CI keeps between runs does not grow forever. Call after a successful build, with the folder as
 * listed before it (what the build added is in use); one added since by another process goes
 * with a later build.
 */
export async function pruneImageCache(cacheDir: string, made: readonly string[], listed: ReadonlySet<string>): Promise<number> {
  const keep = new Set(made.map((outputPath) => path.basename(outputPath)))
  // Dot files are other builds' locks and half-written entries: never touch them.
  const stale = [...listed].filter((name) => !name.startsWith('.') && !keep.has(name))
  await Promise.all(stale.map((name) => rm(ownPath(path.join(cacheDir, name)), { force: true })))
  return stale.length
}

function undecodable(job: ImageJob, error: unknown): ConfigError {
  const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error)
  // A share image is drawn from the page's title, not decoded from a file of the site's.
  if (job.share) return fail(ShareImageFailed, job.share.origin, `share image of ${job.share.page}`, reason)
  return fail(UndecodableImage, job.source.origin ?? { file: job.source.src }, job.source.src, reason)
}
