import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

import type { FontFaceFile, ResolvedFont, SiteFonts } from '../types.js'
import { hash } from '../cache/digest.js'
import type { FontMetrics, ReadCache } from './read-cache.js'

export type { FontFaceFile, ResolvedFont, SiteFonts }

/** `Source Sans 3` → `source-sans-3`, fontsource's package id. */
export const fontId = (family: string) => family.trim().toLowerCase().replace(/\s+/g, '-')

/** Where a family may come from, best first: one variable file serves every weight. */
export const fontPackages = (family: string) => [`@fontsource-variable/${fontId(family)}`, `@fontsource/${fontId(family)}`]

interface FontsourceMetadata {
  family: string
  subsets: string[]
  weights: number[]
  defSubset: string
  category: string
  variable?: Record<string, { min: string; max: string }> | false
}

/**
 * Finds a family in the installed @fontsource packages: the site's own node_modules first (a site
 * that is its own npm project depends on its fonts), then citypress's; for body text the variable
 * package first, for headings the static one. Ships only the subsets
 * (fontsource's per-script files) that the site's text has characters of; latin always.
 * Undefined when no package provides the family.
 */
export async function resolveFont(family: string, options: { siteRoot: string; codePoints: ReadonlySet<number>; role?: 'body' | 'heading'; reads: ReadCache }): Promise<ResolvedFont | undefined> {
  // Headings are set bold only: one static bold face is half the bytes of a variable file (48 vs
  // 97 kB for Merriweather), and its metrics make the closer fallback. Body text needs several
  // weights, which one variable file serves best.
  const weights = options.role === 'heading' ? [700] : [400, 700]
  const order = options.role === 'heading' ? [...fontPackages(family)].reverse() : fontPackages(family)
  const found = findPackage(order, options.siteRoot)
  if (!found) return undefined
  const dir = found.dir
  const metadata = JSON.parse(await readFile(path.join(dir, 'metadata.json'), 'utf8')) as FontsourceMetadata
  const ranges = JSON.parse(await readFile(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>
  const id = fontId(family)
  const subsets = metadata.subsets.filter((s) => ranges[s] && (s === metadata.defSubset || usesRange(options.codePoints, ranges[s]!)))
  // Static packages describe the family's axes too: only a variable package ships the wght files.
  const wght = found.name.startsWith('@fontsource-variable/') && metadata.variable ? metadata.variable.wght : undefined
  const faces: FontFaceFile[] = subsets.flatMap((subset): FontFaceFile[] => wght
    ? [{ file: path.join(dir, 'files', `${id}-${subset}-wght-normal.woff2`), subset, weight: `${wght.min} ${wght.max}`, variable: true, unicodeRange: ranges[subset]! }]
    : weights.filter((w) => metadata.weights.includes(w)).map((w) => ({
      file: path.join(dir, 'files', `${id}-${subset}-${w}-normal.woff2`), subset, weight: String(w), variable: false, unicodeRange: ranges[subset]!,
    })))
  const first = faces.find((f) => f.subset === metadata.defSubset) ?? faces[0]!
  return {
    family: metadata.family, package: found.name, category: metadata.category, faces,
    fallback: fallbackFor(await fontMetrics(first.file, options.reads), metadata.category),
    woff: findWoff(family, options.siteRoot, metadata.defSubset),
  }
}

function findPackage(names: readonly string[], siteRoot: string): { name: string; dir: string } | undefined {
  const requires = [createRequire(path.join(siteRoot, 'package.json')), createRequire(import.meta.url)]
  for (const name of names) {
    for (const require of requires) {
      try {
        return { name, dir: path.dirname(require.resolve(`${name}/metadata.json`)) }
      } catch {
        // Not installed where this require looks; try the next place.
      }
    }
  }
  return undefined
}

/** The static package's bold latin .woff, for share images (satori cannot read WOFF2 or variable fonts). */
function findWoff(family: string, siteRoot: string, subset: string): string | undefined {
  const name = `@fontsource/${fontId(family)}`
  for (const require of [createRequire(path.join(siteRoot, 'package.json')), createRequire(import.meta.url)]) {
    for (const weight of [700, 600, 400]) {
      try {
        return require.resolve(`${name}/files/${fontId(family)}-${subset}-${weight}-normal.woff`)
      } catch {
        // Not installed here, or no such weight.
      }
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
  const sizeAdjust = (font.xWidthAvg / font.unitsPerEm) / (local.xWidthAvg / local.unitsPerEm)
  const percent = (value: number) => Math.round((Math.abs(value) / (font.unitsPerEm * sizeAdjust)) * 10000) / 100
  return {
    local: serif ? ['Times New Roman', 'Times', 'Liberation Serif'] : ['Arial', 'Helvetica', 'Liberation Sans'],
    ascent: percent(font.ascent), descent: percent(font.descent), lineGap: percent(font.lineGap),
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
