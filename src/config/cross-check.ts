import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { DamagedImage, fail, ImageOutsideFolder, MissingImage, OutsideSite, UnknownIcon, UnknownReference, UnsafeSvg, type ErrorData, type ErrorPlace } from '../errors/catalogue.js'
import { ConfigError, type Origin } from '../errors/config-error.js'
import { closestMatch } from '../errors/did-you-mean.js'
import type { ImageSource } from '../types.js'
import { originOf } from './locate.js'
import { measureKey, type ReadCache } from './read-cache.js'
import type { FoundRef, RefKind } from './validate.js'

export interface KnownNames {
  readonly services: readonly string[]
  readonly forms: readonly string[]
  readonly areaLists: readonly string[]
  readonly schedulers: readonly string[]
}

export interface CrossCheckResult {
  errors: ConfigError[]
  images: Map<string, ImageSource>
  icons: string[]
  links: { href: string; origin: Origin }[]
  /** Markdown fields that write an image or a link, for markdown-images.ts to check. */
  markdown: FoundRef[]
}

const what: Record<Exclude<RefKind, 'href' | 'image' | 'icon' | 'markdown'>, { noun: string; where: string; key: keyof KnownNames }> = {
  service: { noun: 'service', where: 'the services/ folder', key: 'services' },
  form: { noun: 'form', where: 'forms.yaml', key: 'forms' },
  areaList: { noun: 'area list', where: 'areas.yaml `lists`', key: 'areaLists' },
  scheduler: { noun: 'scheduler', where: 'site.yaml `schedulers`', key: 'schedulers' },
}

/**
 * Checks every reference the schemas marked with `citypressRef` once all files are loaded: that
 * named services, forms, area lists and schedulers exist, that icons are in the icon set, and that
 * local images exist inside the site folder and can be decoded. Internal links are returned for
 * plan/ to check against the route table.
 */
export async function crossCheck(refs: readonly FoundRef[], known: KnownNames, siteRoot: string, reads: ReadCache): Promise<CrossCheckResult> {
  const errors: ConfigError[] = []
  const images = new Map<string, ImageSource>()
  const icons = new Set<string>()
  const links: { href: string; origin: Origin }[] = []
  const markdown: FoundRef[] = []
  const iconNames = lucideIconNames()

  for (const ref of refs) {
    const at = () => originOf(ref.source, ref.pointer, 'value')
    switch (ref.kind) {
      case 'href':
        // Underline the link itself, not its key: that is what the user edits.
        if (ref.value.startsWith('/') || (ref.value.startsWith('#') && ref.value.length > 1)) links.push({ href: ref.value, origin: at() })
        break
      case 'markdown':
        // Most Markdown fields hold neither; scanning only those that may saves parsing thousands.
        if (ref.value.includes('](')) markdown.push(ref)
        break
      case 'icon':
        if (iconNames.has(ref.value)) icons.add(ref.value)
        else {
          errors.push(fail(UnknownIcon, at(), ref.value, closestMatch(ref.value, iconNames)))
        }
        break
      case 'image':
        if (/^https?:\/\//.test(ref.value) || images.has(ref.value)) break
        try {
          images.set(ref.value, { ...await readImage(siteRoot, ref.value, reads), origin: at() })
        } catch (error) {
          errors.push(imageError(error, ref.value, at()))
        }
        break
      default: {
        const { noun, where, key } = what[ref.kind]
        const names = known[key]
        if (names.includes(ref.value)) break
        errors.push(fail(UnknownReference, at(), noun, ref.value, where, names, closestMatch(ref.value, names)))
      }
    }
  }
  return { errors, images, icons: [...icons].sort(), links, markdown }
}

/** What is wrong with an image, found before its place is known (readImage serves YAML and Markdown alike). */
class ImageProblem<Args extends readonly unknown[]> extends Error {
  constructor(readonly data: ErrorData<Args>, readonly args: Args) {
    super(data.message(...args))
  }

  at(place: ErrorPlace): ConfigError {
    return fail(this.data, place, ...this.args)
  }
}

export async function readImage(siteRoot: string, src: string, reads: ReadCache): Promise<ImageSource> {
  const absolutePath = path.resolve(siteRoot, src)
  if (path.relative(siteRoot, absolutePath).startsWith('..')) {
    throw new ImageProblem(ImageOutsideFolder, [src])
  }
  const stats = await stat(absolutePath).catch(() => undefined)
  if (!stats?.isFile()) {
    throw new ImageProblem(MissingImage, [src, absolutePath])
  }
  // A symbolic link may lead anywhere: what it leads to is published only from inside the site folder.
  const [real, realRoot] = await Promise.all([realpath(absolutePath), realpath(siteRoot)])
  if (path.relative(realRoot, real).startsWith('..')) {
    throw new ImageProblem(OutsideSite, [src, real])
  }
  // An image is measured and hashed again only when the file changed.
  const key = measureKey(absolutePath, stats)
  const measured = reads.measured('images', key)
  if (measured) return { ...measured, src, absolutePath }
  const bytes = await readFile(absolutePath)
  if (/\.svg$/i.test(src)) checkSvg(src, bytes.toString('utf8'))
  const { default: sharp } = await import('sharp')
  try {
    const meta = await sharp(bytes).metadata()
    if (!meta.width || !meta.height || !meta.format) throw new Error('no size')
    const image = { width: meta.width, height: meta.height, format: meta.format, hash: createHash('sha256').update(bytes).digest('hex') }
    reads.remember('images', key, image)
    return { ...image, src, absolutePath }
  } catch {
    throw new ImageProblem(DamagedImage, [src])
  }
}

/**
 * An SVG is published as it is, and opened on its own (a link, a new tab) it runs whatever script
 * it holds, on the site's origin. One that holds code is refused, with what was found.
 */
function checkSvg(src: string, text: string): void {
  const event = /\son[a-z]+(?=\s*=)/i.exec(text)?.[0].trim()
  const found = /<script[\s>/]/i.test(text) ? 'a <script> element'
    : /<foreignObject[\s>/]/i.test(text) ? 'a <foreignObject> element (HTML inside the image)'
      : event ? `an ${event} event attribute`
        : /(?:href|xlink:href)\s*=\s*["']?\s*javascript:/i.test(text) ? 'a javascript: link' : undefined
  if (found) {
    throw new ImageProblem(UnsafeSvg, [src, found])
  }
}

export function imageError(error: unknown, _src: string, at: Omit<ConstructorParameters<typeof ConfigError>[0], 'code' | 'message'>): ConfigError {
  if (!(error instanceof ImageProblem)) throw error
  return error.at(at)
}

let iconCache: Set<string> | undefined
/** Icon names are the file names of lucide-react's per-icon modules: no need to load the set. */
function lucideIconNames(): Set<string> {
  if (!iconCache) {
    const require = createRequire(import.meta.url)
    const dir = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/icons')
    iconCache = new Set(readdirSync(dir).filter((f) => f.endsWith('.mjs') && !f.endsWith('.map')).map((f) => f.slice(0, -4)))
  }
  return iconCache
}
