import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fg from 'fast-glob'
import {
  CompressedSvg,
  DamagedImage,
  type ErrorData,
  type ErrorPlace,
  fail,
  ImageOutsideFolder,
  ImageTooManyPixels,
  MissingImage,
  NotAnSvgDrawing,
  OutsideSite,
  SvgDeclaration,
  SvgInDisguise,
  SvgTooLarge,
} from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { maxImagePixels, maxSvgBytes } from '../checks/image-limits.js'
import { decodeSvg, sanitizeSvg, svgDeclaration } from '../checks/sanitize-svg.js'
import type { ImageSource } from '../site-model.js'
import { imageTypeOf } from './image-type.js'
import { siteFileTarget } from './inside-site.js'
import { type MeasuredImage, measureKey, type ReadCache } from './read-cache.js'

/** What is wrong with an image, found before its place is known (readImage serves YAML and Markdown alike). */
class ImageProblem<Args extends readonly unknown[]> extends Error {
  constructor(
    readonly data: ErrorData<Args>,
    readonly args: Args,
  ) {
    super(data.message(...args))
  }

  at(place: ErrorPlace): ConfigError {
    return fail(this.data, place, ...this.args)
  }
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

/**
 * Reads, types and measures a local image. Its type is decided by its bytes (image-type.ts). An
 * SVG is sanitized here, once (config/checks/sanitize-svg.ts), and its sanitized text travels as data
 * (`ImageSource.svg`): no later stage reads an SVG from the site folder, so sharp, the output, the
 * favicon and the share image's logo all get the same checked bytes. The text is kept in the read
 * cache by the hash of the file, so an unchanged SVG never loads the sanitizer again.
 */
/** `overlay`: as loadSite's; an image there as null is taken as deleted (the editor asks before it deletes one). */
export async function readImage(
  siteRoot: string,
  src: string,
  reads: ReadCache,
  overlay?: ReadonlyMap<string, string | null>,
): Promise<ImageSource> {
  const absolutePath = path.resolve(siteRoot, src)
  if (path.relative(siteRoot, absolutePath).startsWith('..')) {
    throw new ImageProblem(ImageOutsideFolder, [src])
  }
  const gone = overlay?.get(path.relative(siteRoot, absolutePath).split(path.sep).join('/')) === null
  const stats = gone ? undefined : await stat(absolutePath).catch(() => undefined)
  if (!stats?.isFile()) {
    throw new ImageProblem(MissingImage, [src, absolutePath])
  }
  const target = await siteFileTarget(siteRoot, absolutePath)
  if (target.kind === 'outside') {
    throw new ImageProblem(OutsideSite, [src, target.real])
  }
  // An image is measured and hashed again only when the file changed.
  const key = measureKey(absolutePath, stats)
  const measured = reads.measured('images', key)
  const known = measured && withSvg(measured, reads)
  if (known) return { ...known, src, absolutePath, bytes: stats.size }
  const bytes = await readFile(absolutePath)
  const type = imageTypeOf(bytes)
  if (type === 'gzip') throw new ImageProblem(CompressedSvg, [src])
  const svg = type === 'text' ? await sanitizedSvg(src, bytes, reads) : undefined
  const { default: sharp } = await import('sharp')
  let image: MeasuredImage
  try {
    const meta = await sharp(svg === undefined ? bytes : Buffer.from(svg.text)).metadata()
    if (!meta.width || !meta.height || !meta.format) throw new Error('no size')
    image =
      svg === undefined
        ? { width: meta.width, height: meta.height, format: meta.format, hash: sha256(bytes) }
        : // Named by the bytes that are published: a new sanitizer's output gets new URLs.
          { width: meta.width, height: meta.height, format: 'svg', hash: sha256(svg.text), sourceHash: svg.sourceHash }
  } catch {
    throw new ImageProblem(DamagedImage, [src])
  }
  // An SVG is drawn at the size each use asks for; a raster image is decoded whole.
  if (svg === undefined && image.width * image.height > maxImagePixels) {
    throw new ImageProblem(ImageTooManyPixels, [src, image.width, image.height, maxImagePixels])
  }
  reads.remember('images', key, image)
  return { ...image, src, absolutePath, bytes: stats.size, ...(svg && { svg: svg.text }) }
}

/**
 * Whether reading the site's images will sanitize an SVG: one of its SVG files (outside its own
 * and its code's folders) that the read cache does not hold sanitized. Looked at by stat alone,
 * and only files of the site folder itself: no link is followed, to a file or a folder. A guess,
 * which at worst starts the sanitizer for nothing: readImage sanitizes whatever it meets.
 */
export async function svgsToSanitize(siteRoot: string, reads: ReadCache): Promise<boolean> {
  // Not following links, fast-glob lists a link as neither file nor folder: it is left out, and a
  // file's stats are its own (lstat's), as readImage's stat would find them.
  const entries = await fg('**/*.svg', {
    cwd: siteRoot,
    ignore: ['node_modules/**', '.*/**', 'templates/**'],
    caseSensitiveMatch: false,
    followSymbolicLinks: false,
    stats: true,
  })
  for (const { path: name, stats } of entries) {
    if (!stats) continue
    const absolutePath = path.join(siteRoot, name)
    const measured = reads.peek('images', measureKey(absolutePath, stats))
    if (!measured || (measured.format === 'svg' && !(measured.sourceHash && reads.peek('svgs', measured.sourceHash)))) return true
  }
  return false
}

/** A measured image with its sanitized text when it is an SVG; undefined when that text is not cached. */
function withSvg(measured: MeasuredImage, reads: ReadCache): Omit<ImageSource, 'src' | 'absolutePath'> | undefined {
  if (measured.format !== 'svg') return measured
  const svg = measured.sourceHash && reads.measured('svgs', measured.sourceHash)?.svg
  return svg ? { ...measured, svg } : undefined
}

/** An SVG's sanitized text, from the read cache by the file's hash, else sanitized now. */
async function sanitizedSvg(src: string, bytes: Uint8Array, reads: ReadCache): Promise<{ text: string; sourceHash: string }> {
  const text = decodeSvg(bytes)
  if (!/<svg[\s>/]/i.test(text)) throw new ImageProblem(DamagedImage, [src])
  const extension = path.extname(src).toLowerCase()
  if (extension !== '.svg') throw new ImageProblem(SvgInDisguise, [src, extension])
  if (bytes.byteLength > maxSvgBytes) throw new ImageProblem(SvgTooLarge, [src, bytes.byteLength, maxSvgBytes])
  const declaration = svgDeclaration(text)
  if (declaration) throw new ImageProblem(SvgDeclaration, [src, declaration])
  const sourceHash = sha256(bytes)
  const cached = reads.measured('svgs', sourceHash)?.svg
  const clean = cached ?? (await sanitizeSvg(text))
  if (!clean) throw new ImageProblem(NotAnSvgDrawing, [src])
  if (!cached) reads.remember('svgs', sourceHash, { svg: clean })
  return { text: clean, sourceHash }
}

export function imageError(
  error: unknown,
  _src: string,
  at: Omit<ConstructorParameters<typeof ConfigError>[0], 'code' | 'message'>,
): ConfigError {
  if (!(error instanceof ImageProblem)) throw error
  return error.at(at)
}
