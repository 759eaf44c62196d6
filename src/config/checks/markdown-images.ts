import { existsSync } from 'node:fs'
import path from 'node:path'
import { BadAddress, fail, InsecureImage, MissingMarkdownImage } from '../../errors/catalogue.js'
import type { ConfigError, Origin } from '../../errors/config-error.js'
import { candidatesOf } from '../../markdown/image-paths.js'
import { originOf } from '../read/locate.js'
import type { ReadCache } from '../read/read-cache.js'
import type { ImageSource } from '../site-model.js'
import { checkWebAddress } from './check-url.js'
import { imageError, readImage } from './cross-check.js'
import { type MarkdownSource, scanMarkdown } from './markdown-refs.js'
import type { FoundRef } from './validate.js'

export interface MarkdownDocument extends MarkdownSource {
  /** The .md file's folder inside the site folder, forward slashes: `blog`. */
  readonly folder: string
}

export interface MarkdownCheck {
  readonly errors: ConfigError[]
  /** Internal links, for plan/ to check against the route table at their Markdown place. */
  readonly links: { href: string; origin: Origin }[]
  /** Per document (same order): each image as written → key of `images`. */
  readonly imagePaths: Record<string, string>[]
  /** Embed providers the documents use, sorted: the CSP frames only these. */
  readonly embeds: string[]
}

/**
 * Checks the images and links of every Markdown document. A relative
 * image is looked for next to the .md file, then in the site folder, then in `images/`, and the
 * first found is read and measured like a YAML image (added to `images`, which it extends), so
 * the image stage encodes it and plan/ fixes its URLs. Errors point at the .md file's own place.
 */
export async function checkMarkdownDocuments(
  documents: readonly MarkdownDocument[],
  options: {
    root: string
    reads: ReadCache
    images: Map<string, ImageSource>
    isHttps?: boolean
    overlay?: ReadonlyMap<string, string | null>
  },
): Promise<MarkdownCheck> {
  const errors: ConfigError[] = []
  const links: { href: string; origin: Origin }[] = []
  const imagePaths: Record<string, string>[] = []
  const embeds = new Set<string>()
  for (const document of documents) {
    const scan = scanMarkdown(document)
    errors.push(...scan.errors)
    const paths: Record<string, string> = {}
    imagePaths.push(paths)
    for (const ref of scan.refs) {
      if (ref.kind === 'embed') {
        embeds.add(ref.value)
        continue
      }
      if (ref.kind === 'remote-image') {
        // Its origin joins the policy's img-src, so its host is checked like every other.
        const address = checkWebAddress(ref.value)
        if (!address.ok) errors.push(fail(BadAddress, ref.origin, 'image', ref.value, address.problem))
        else if (options.isHttps && /^http:\/\//i.test(ref.value)) errors.push(fail(InsecureImage, ref.origin, ref.value))
        continue
      }
      if (ref.kind === 'href') {
        links.push({ href: ref.value, origin: ref.origin })
        continue
      }
      const candidates = candidatesOf(ref.value, document.folder)
      const key = candidates.find((c) => !c.startsWith('..') && options.overlay?.get(c) !== null && existsSync(path.join(options.root, c)))
      if (!key) {
        errors.push(
          fail(
            MissingMarkdownImage,
            ref.origin,
            ref.value,
            candidates.filter((c) => !c.startsWith('..')),
          ),
        )
        continue
      }
      paths[ref.value] = key
      if (options.images.has(key)) continue
      try {
        options.images.set(key, { ...(await readImage(options.root, key, options.reads, options.overlay)), origin: ref.origin })
      } catch (error) {
        errors.push(imageError(error, key, ref.origin))
      }
    }
  }
  return { errors, links, imagePaths, embeds: [...embeds].sort() }
}

/**
 * A Markdown field of a YAML file as a document: its images resolve against the site folder and
 * images/, and a written address is placed by its line and column in the field's text
 * (config/read/place-problems.ts finds it on the file's lines at or below where the field starts).
 */
export function yamlFieldDocument(ref: FoundRef): MarkdownDocument {
  const { source, pointer } = ref
  return {
    file: source.file,
    body: ref.value,
    bodyLine: 1,
    folder: '',
    // A field's `#fragment` may name any section of the page: checked once rendered (check/).
    hasOwnFragments: false,
    locate: (line, column, written) => ({ ...originOf(source, pointer, 'value'), inValue: { line, column, text: written } }),
  }
}
