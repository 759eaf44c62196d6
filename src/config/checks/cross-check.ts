import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  BadAddress,
  BadMapPlace,
  fail,
  IconNotSvg,
  IconWithoutShapes,
  InsecureImage,
  UnknownIcon,
  UnknownReference,
} from '../../errors/catalogue.js'
import { ConfigError, type Origin } from '../../errors/config-error.js'
import { closestIconName, closestMatch } from '../../errors/did-you-mean.js'
import { embedProviders } from '../../markdown/embeds.js'
import { originOf } from '../read/locate.js'
import type { ReadCache } from '../read/read-cache.js'
import { imageError, readImage } from '../read/read-image.js'
import type { ImageSource, OwnIcon } from '../site-model.js'
import { checkWebAddress } from './check-url.js'
import { iconDrawing } from './sanitize-svg.js'
import type { FoundRef, RefKind } from './validate.js'

export { imageError, readImage }

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
  /** The site's own icons (`icons/x.svg`) by their name, as drawn inline. */
  ownIcons: Map<string, OwnIcon>
  links: { href: string; origin: Origin }[]
  /** Markdown fields that write an image, a link or an embed, for markdown-images.ts to check. */
  markdown: FoundRef[]
  /** Embed providers the YAML files use outside Markdown (a `map` section), for the CSP. */
  embeds: string[]
}

export interface CrossCheckOptions {
  /** The site is served over https (its `url`, or `--base-url`): http:// images are refused. */
  readonly isHttps?: boolean
  /** loadSite's overlay: an image there as null is taken as deleted. */
  readonly overlay?: ReadonlyMap<string, string | null>
}

const what: Record<
  Exclude<RefKind, 'href' | 'image' | 'icon' | 'markdown' | 'map'>,
  { noun: string; where: string; key: keyof KnownNames }
> = {
  service: { noun: 'service', where: 'the services/ folder', key: 'services' },
  form: { noun: 'form', where: 'forms.yaml', key: 'forms' },
  areaList: { noun: 'area list', where: 'areas.yaml `lists`', key: 'areaLists' },
  scheduler: { noun: 'scheduler', where: 'site.yaml `schedulers`', key: 'schedulers' },
}

/**
 * Checks every reference the schemas marked with `citypressRef` once all files are loaded: that
 * named services, forms, area lists and schedulers exist, that icons are in the icon set, and that
 * local images exist inside the site folder and can be decoded (config/read/read-image.ts). Internal links are returned for
 * plan/ to check against the route table.
 */
export async function crossCheck(
  refs: readonly FoundRef[],
  known: KnownNames,
  siteRoot: string,
  reads: ReadCache,
  options: CrossCheckOptions = {},
): Promise<CrossCheckResult> {
  const errors: ConfigError[] = []
  const images = new Map<string, ImageSource>()
  const icons = new Set<string>()
  const links: { href: string; origin: Origin }[] = []
  const markdown: FoundRef[] = []
  const embeds = new Set<string>()
  const iconNames = lucideIconNames()
  const ownIcons = new Map<string, OwnIcon>()

  for (const ref of refs) {
    const at = () => originOf(ref.source, ref.pointer, 'value')
    switch (ref.kind) {
      case 'href':
        // Underline the link itself, not its key: that is what the user edits.
        if (ref.value.startsWith('/') || (ref.value.startsWith('#') && ref.value.length > 1)) links.push({ href: ref.value, origin: at() })
        break
      case 'markdown':
        // Most Markdown fields hold no link, image or embed; scanning only those that may saves parsing thousands.
        if (ref.value.includes('](') || ref.value.includes(':::')) markdown.push(ref)
        break
      case 'map':
        // The same rule as `::: map` in Markdown (src/markdown/embeds.ts).
        if (embedProviders.map.isValid(ref.value)) embeds.add('map')
        else errors.push(fail(BadMapPlace, at(), ref.value))
        break
      case 'icon':
        if (iconNames.has(ref.value)) icons.add(ref.value)
        else if (ownIcons.has(ref.value)) break
        else if (ref.value.startsWith('icons/') && existsSync(path.join(siteRoot, ref.value))) {
          const own = await readOwnIcon(siteRoot, ref.value, reads, options.overlay, at)
          if (own instanceof ConfigError) errors.push(own)
          else ownIcons.set(ref.value, own)
        } else {
          const own = ownIconNames(siteRoot)
          // The site's own first: "racoon" is more likely its icons/raccoon.svg than a Lucide name.
          const ownGuess = closestMatch(
            ref.value.replace(/^icons\/|\.svg$/g, ''),
            own.map((name) => name.slice(6, -4)),
          )
          const guess = ownGuess ? `icons/${ownGuess}.svg` : closestIconName(ref.value, iconNames)
          errors.push(fail(UnknownIcon, at(), ref.value, own, guess))
        }
        break
      case 'image':
        if (/^https?:\/\//i.test(ref.value)) {
          // Its origin joins the policy's img-src, so its host is checked like every other.
          const address = checkWebAddress(ref.value)
          if (!address.ok) errors.push(fail(BadAddress, at(), 'image', ref.value, address.problem))
          // An https page that shows an http:// image is "not secure" (or the image is blocked).
          else if (options.isHttps && /^http:\/\//i.test(ref.value)) errors.push(fail(InsecureImage, at(), ref.value))
          break
        }
        if (images.has(ref.value)) break
        try {
          images.set(ref.value, { ...(await readImage(siteRoot, ref.value, reads, options.overlay)), origin: at() })
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
  return { errors, images, icons: [...icons].sort(), ownIcons, links, markdown, embeds: [...embeds] }
}

let iconCache: Set<string> | undefined
/** Icon names are the file names of lucide-react's per-icon modules: no need to load the set. */
export function lucideIconNames(): Set<string> {
  if (!iconCache) {
    const require = createRequire(import.meta.url)
    const dir = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/icons')
    iconCache = new Set(
      readdirSync(dir)
        .filter((f) => f.endsWith('.mjs') && !f.endsWith('.map'))
        .map((f) => f.slice(0, -4)),
    )
  }
  return iconCache
}

/**
 * A site's own icon: an SVG read and sanitized as every image is (config/read/read-image.ts), then
 * kept to its shapes in the text's colour (sanitize-svg.ts iconDrawing), remembered by its hash.
 */
async function readOwnIcon(
  siteRoot: string,
  src: string,
  reads: ReadCache,
  overlay: CrossCheckOptions['overlay'],
  at: () => Origin,
): Promise<OwnIcon | ConfigError> {
  let image: ImageSource
  try {
    image = await readImage(siteRoot, src, reads, overlay)
  } catch (error) {
    return imageError(error, src, at())
  }
  if (image.svg === undefined) return fail(IconNotSvg, at(), src, image.format)
  const drawing = reads.measured('icons', image.hash) ?? (await iconDrawing(image.svg, image))
  if (!drawing) return fail(IconWithoutShapes, at(), src)
  reads.remember('icons', image.hash, drawing)
  return { ...drawing, absolutePath: image.absolutePath }
}

/** The SVGs of the site's icons/ folder, as an icon names them (`icons/raccoon.svg`), for a hint. */
function ownIconNames(siteRoot: string): string[] {
  try {
    return readdirSync(path.join(siteRoot, 'icons'))
      .filter((name) => /^[a-z0-9-]+\.svg$/.test(name))
      .sort()
      .map((name) => `icons/${name}`)
  } catch {
    return []
  }
}
