import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { hash } from '../../cache/digest.js'
import { type ErrorPlace, FontFileDamaged, FontFileMissing, FontWeightMissing, fail } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { FontMetrics, ReadCache } from '../read/read-cache.js'
import { readFontMetadata } from './font-metadata.js'
import { matchWeight, stylesheetWeights } from './font-weights.js'
import type { FontFaceFile, ResolvedFont, SiteFonts } from './theme-model.js'

export type { FontFaceFile, ResolvedFont, SiteFonts }

/** `Source Sans 3` → `source-sans-3`, fontsource's package id. */
export const fontId = (family: string) => family.trim().toLowerCase().replace(/\s+/g, '-')

/** Where a family may come from, best first: one variable file serves every weight. */
export const fontPackages = (family: string) => [`@fontsource-variable/${fontId(family)}`, `@fontsource/${fontId(family)}`]

/** What finding one family gave: the font, or the problems of the package that has it. */
export interface FontResolution {
  /** Undefined with no errors: no installed package has the family. */
  readonly font?: ResolvedFont
  readonly errors: readonly ConfigError[]
  /**
   * Every package file read, and every place the package was looked for (absent ones too): a
   * font package removed, changed or newly installed in any of them changes the build's inputs.
   */
  readonly inputs: readonly string[]
}

/**
 * Finds a family in the installed @fontsource packages: the site's own node_modules first (a site
 * that is its own npm project depends on its fonts), then citypress's; for body text the variable
 * package first, for headings the static one. Ships only the subsets
 * (fontsource's per-script files) that the site's text has characters of; latin always, and the
 * weights `weights` lists, else every weight the stylesheet uses (font-weights.ts).
 * The package's metadata is checked like site.yaml (font-metadata.ts), and a face file it lacks
 * is an error at `at`, the site.yaml line that names the family; a listed weight the package lacks
 * is one at `weightsAt`. `also`: weights shipped besides the stylesheet's (the headings' own list,
 * when they share the body's family and the body lists none).
 */
export async function resolveFont(
  family: string,
  options: {
    siteRoot: string
    codePoints: ReadonlySet<number>
    role?: 'body' | 'heading'
    reads: ReadCache
    at: ErrorPlace
    weights?: readonly number[]
    also?: readonly number[]
    weightsAt?: ErrorPlace
  },
): Promise<FontResolution> {
  // Headings prefer the static package: the few bold faces they use are smaller than one variable
  // file (48 vs 97 kB for Merriweather at 700), and a face is downloaded only when a page uses it.
  // Body text needs several weights, which one variable file serves best.
  const order = options.role === 'heading' ? [...fontPackages(family)].reverse() : fontPackages(family)
  const { found, probed } = findPackage(order, options.siteRoot)
  if (!found) return { errors: [], inputs: probed }
  const dir = found.dir
  const read = [path.join(dir, 'metadata.json'), path.join(dir, 'unicode.json')]
  const inputs = () => [...new Set([...probed, ...read])]
  const { metadata, ranges, errors } = await readFontMetadata({ dir, pkg: found.name, family })
  if (!metadata || !ranges) return { errors, inputs: inputs() }
  const id = fontId(family)
  const subsets = metadata.subsets.filter((s) => ranges[s] && (s === metadata.defSubset || usesRange(options.codePoints, ranges[s]!)))
  // Static packages describe the family's axes too: only a variable package ships the wght files.
  const wght = found.name.startsWith('@fontsource-variable/') && metadata.variable ? metadata.variable.wght : undefined
  const axis = wght ? ([Number(wght.min), Number(wght.max)] as const) : undefined
  const has = (w: number) => (axis ? w >= axis[0] && w <= axis[1] : metadata.weights.includes(w))
  const lacking = [...(options.weights ?? []), ...(options.also ?? [])].filter((w) => !has(w))
  if (lacking.length > 0)
    return {
      errors: [
        fail(
          FontWeightMissing,
          options.weightsAt ?? options.at,
          found.name,
          family,
          lacking,
          axis ? `${axis[0]} to ${axis[1]}` : metadata.weights.join(', '),
        ),
      ],
      inputs: inputs(),
    }
  // A static package ships the face the browser would pick for each weight the stylesheet asks.
  const weights = options.weights
    ? [...options.weights].sort((a, b) => a - b)
    : axis
      ? []
      : [...new Set([...stylesheetWeights.map((w) => matchWeight(w, metadata.weights)), ...(options.also ?? [])])].sort((a, b) => a - b)
  // The main subset's face nearest to regular first: the document preloads the body's first face.
  const ordered = [metadata.defSubset, ...subsets.filter((s) => s !== metadata.defSubset)].filter((s) => subsets.includes(s))
  const regular = matchWeight(400, weights)
  const faces: FontFaceFile[] = ordered.flatMap((subset): FontFaceFile[] =>
    axis
      ? [
          {
            file: path.join(dir, 'files', `${id}-${subset}-wght-normal.woff2`),
            subset,
            weight: weights.length ? `${weights[0]} ${weights.at(-1)}` : `${wght!.min} ${wght!.max}`,
            variable: true,
            unicodeRange: ranges[subset]!,
          },
        ]
      : [regular, ...weights.filter((w) => w !== regular)].map((w) => ({
          file: path.join(dir, 'files', `${id}-${subset}-${w}-normal.woff2`),
          subset,
          weight: String(w),
          variable: false,
          unicodeRange: ranges[subset]!,
        })),
  )
  read.push(...faces.map((f) => f.file))
  // A package without its files/ folder (or without the weights needed) has nothing to serve.
  const wanted = path.join(dir, 'files', `${id}-${metadata.defSubset}-${axis ? 'wght' : regular}-normal.woff2`)
  const missing =
    faces.length === 0
      ? wanted
      : (
          await Promise.all(
            faces.map((f) =>
              stat(f.file).then(
                () => undefined,
                () => f.file,
              ),
            ),
          )
        ).find(Boolean)
  if (missing)
    return {
      errors: [fail(FontFileMissing, options.at, found.name, path.relative(dir, missing).split(path.sep).join('/'), family)],
      inputs: inputs(),
    }
  // The fallback is scaled to the face the role shows most: regular text, bold headings.
  const measured = String(matchWeight(options.role === 'heading' ? 700 : 400, weights))
  const first = faces.find((f) => f.subset === metadata.defSubset && f.weight === measured) ?? faces[0]!
  const woff = findWoff(family, options.siteRoot, metadata.defSubset, options.weights)
  if (woff) read.push(woff)
  const metrics = await fontMetrics(first.file, options.reads).catch(() => undefined)
  if (!metrics)
    return {
      errors: [fail(FontFileDamaged, options.at, found.name, path.relative(dir, first.file).split(path.sep).join('/'), family)],
      inputs: inputs(),
    }
  return {
    font: {
      family: metadata.family,
      package: found.name,
      category: metadata.category,
      faces,
      weights,
      ...(axis ? { axis } : {}),
      fallback: fallbackFor(metrics, metadata.category),
      woff,
    },
    errors: [],
    inputs: inputs(),
  }
}

/**
 * The first of `names` installed where the site or citypress resolves packages, with every
 * `metadata.json` path looked at on the way.
 */
function findPackage(names: readonly string[], siteRoot: string): { found?: { name: string; dir: string }; probed: string[] } {
  const probed: string[] = []
  for (const name of names) {
    const file = lookFor(`${name}/metadata.json`, siteRoot, probed)
    if (file) return { found: { name, dir: path.dirname(file) }, probed }
  }
  return { probed }
}

/**
 * The static package's bold .woff of the main subset (else the nearest weight it has), for share
 * images (satori cannot read WOFF2 or variable fonts); of the listed weights, when site.yaml lists them.
 */
function findWoff(family: string, siteRoot: string, subset: string, weights?: readonly number[]): string | undefined {
  for (const weight of weights ? [matchWeight(700, weights)] : [700, 800, 600, 900, 500, 400]) {
    const file = lookFor(`@fontsource/${fontId(family)}/files/${fontId(family)}-${subset}-${weight}-normal.woff`, siteRoot, [])
    if (file) return file
  }
  return undefined
}

/**
 * A package file as Node would find it from the site, then from citypress: in each node_modules
 * folder Node looks in (the site's, its ancestors', the global ones). Looked up on the disk each
 * time, not with require.resolve, which remembers what it found for the life of the process (a
 * preview would keep a package's removed files). `probed` gets every path looked at.
 */
function lookFor(request: string, siteRoot: string, probed: string[]): string | undefined {
  const name = request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/')
  for (const require of [createRequire(path.join(path.resolve(siteRoot), 'package.json')), createRequire(import.meta.url)]) {
    for (const folder of require.resolve.paths(name) ?? []) {
      const file = path.join(folder, request)
      probed.push(file)
      if (existsSync(file)) return file
    }
  }
  return undefined
}

/** `U+0000-00FF,U+0131` → does any used code point fall inside? */
function usesRange(codePoints: ReadonlySet<number>, unicodeRange: string): boolean {
  const spans = unicodeRange.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-')
    return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)] as const
  })
  for (const point of codePoints) if (spans.some(([from, to]) => point >= from && point <= to)) return true
  return false
}

/**
 * The two local fonts a fallback is scaled from: their average character width (latin) per em,
 * as @capsizecss/metrics measures them. Written here rather than installed: that package holds
 * every Google font's metrics (about 170 MB) for these two pairs of numbers.
 */
const localMetrics = {
  sans: { xWidthAvg: 913, unitsPerEm: 2048 }, // Arial
  serif: { xWidthAvg: 832, unitsPerEm: 2048 }, // Times New Roman
} as const

/**
 * A font file's metrics, as @capsizecss/unpack reads them, remembered by the file's contents: npm
 * gives every file it installs the same modification time, so another version of a font with the
 * same size would pass for the same file by its stat. Reading and hashing it costs a millisecond.
 */
async function fontMetrics(file: string, reads: ReadCache): Promise<FontMetrics> {
  const bytes = await readFile(file)
  const key = hash(bytes)
  const known = reads.measured('fonts', key)
  if (known) return known
  const { fromBuffer } = await import('@capsizecss/unpack')
  const { xWidthAvg, unitsPerEm, ascent, descent, lineGap } = await fromBuffer(bytes)
  const metrics = { xWidthAvg, unitsPerEm, ascent, descent, lineGap }
  reads.remember('fonts', key, metrics)
  return metrics
}

/**
 * Overrides that make a local font take the web font's space (the approach of CSS Fonts 5
 * `size-adjust`): scale it to the same average character width, then give it the web font's
 * ascent, descent and line gap at that scale. Metrics are read from the font file itself.
 */
function fallbackFor(font: FontMetrics, category: string): ResolvedFont['fallback'] {
  const serif = category === 'serif'
  const local = serif ? localMetrics.serif : localMetrics.sans
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm)
  const percent = (value: number) => Math.round((Math.abs(value) / (font.unitsPerEm * sizeAdjust)) * 10000) / 100
  return {
    local: serif ? ['Times New Roman', 'Times', 'Liberation Serif'] : ['Arial', 'Helvetica', 'Liberation Sans'],
    ascent: percent(font.ascent),
    descent: percent(font.descent),
    lineGap: percent(font.lineGap),
    sizeAdjust: Math.round(sizeAdjust * 10000) / 100,
  }
}

/** Every code point above ASCII in a text (ASCII is in every subset's file anyway). */
export function collectCodePoints(text: string, into: Set<number> = new Set()): Set<number> {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    const point = text.codePointAt(i)!
    into.add(point)
    if (point > 0xffff) i++
  }
  return into
}
