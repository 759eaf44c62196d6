import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { BadFontPackage, FontFileMissing, fail } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { displayFile } from '../../tool/package.js'
import { locate } from '../read/locate.js'
import { parseYaml } from '../read/read-yaml.js'

/**
 * The pattern of site.yaml `theme.fonts` (schemas/site.schema.json): a family name a package
 * gives passes the same check as one typed in YAML, since both end up inside the stylesheet's
 * quoted `font-family`, and the stylesheet is inlined in every page's `<style>`.
 */
export const familyPattern = /^[A-Za-z0-9][A-Za-z0-9 .'-]*$/

/** What citypress reads of a fontsource package's metadata.json. */
export interface FontsourceMetadata {
  readonly family: string
  readonly subsets: readonly string[]
  readonly weights: readonly number[]
  readonly defSubset: string
  readonly category: string
  readonly variable?: { readonly wght?: { readonly min: string; readonly max: string } } | false
}

export interface FontMetadataResult {
  readonly metadata?: FontsourceMetadata
  /** unicode.json: subset → `U+0000-00FF,…`. */
  readonly ranges?: Readonly<Record<string, string>>
  readonly errors: readonly ConfigError[]
}

const subsetName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const weightAxis = /^\d{1,4}(?:\.\d+)?$/
const unicodeRange = /^U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?(?:, ?U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?)*$/

/** A check of one value: its JSON Pointer, whether it passes, and what it should have been. */
type Rule = readonly [pointer: string, value: unknown, passes: boolean, expected: string]

/**
 * Reads a fontsource package's metadata.json and unicode.json, and checks every value of them that
 * reaches the output (names, weights, axes, ranges) as strictly as a site.yaml value: a package is
 * input like any other, and a family such as `X";}</style><script>…` would otherwise be written
 * into every page. A value that fails is a `bad-font-package` error at its line in the package file.
 */
export async function readFontMetadata({ dir, pkg, family }: { dir: string; pkg: string; family: string }): Promise<FontMetadataResult> {
  const metadataFile = path.join(dir, 'metadata.json')
  const unicodeFile = path.join(dir, 'unicode.json')
  const [meta, unicode] = await Promise.all([readJson(metadataFile, pkg, family), readJson(unicodeFile, pkg, family)])
  if (meta.errors.length > 0 || unicode.errors.length > 0) return { errors: [...meta.errors, ...unicode.errors] }
  const m = meta.data as Record<string, unknown>
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  const strings = (v: unknown) => (Array.isArray(v) ? v : [])
  const wght = isRecord(m.variable) && isRecord(m.variable.wght) ? m.variable.wght : undefined
  const metaRules: Rule[] = [
    [
      '/family',
      m.family,
      typeof m.family === 'string' && familyPattern.test(m.family),
      "a family name of letters, digits, spaces and . ' -",
    ],
    ['/subsets', m.subsets, Array.isArray(m.subsets), 'a list of subset names'],
    ...strings(m.subsets).map(
      (s, i): Rule => [`/subsets/${i}`, s, typeof s === 'string' && subsetName.test(s), 'a subset name such as latin-ext'],
    ),
    ['/weights', m.weights, Array.isArray(m.weights), 'a list of weights'],
    ...strings(m.weights).map(
      (w, i): Rule => [`/weights/${i}`, w, Number.isInteger(w) && (w as number) >= 1 && (w as number) <= 1000, 'a weight from 1 to 1000'],
    ),
    ['/defSubset', m.defSubset, typeof m.defSubset === 'string' && subsetName.test(m.defSubset), 'a subset name such as latin'],
    ['/category', m.category, typeof m.category === 'string' && subsetName.test(m.category), 'a category such as serif'],
    [
      '/variable',
      m.variable,
      m.variable === undefined || m.variable === false || isRecord(m.variable),
      'false or the axes of a variable font',
    ],
    ...(wght
      ? (['min', 'max'] as const).map(
          (end): Rule => [
            `/variable/wght/${end}`,
            wght[end],
            typeof wght[end] === 'string' && weightAxis.test(wght[end]),
            'a weight such as "400"',
          ],
        )
      : []),
  ]
  const ranges = isRecord(unicode.data) ? unicode.data : {}
  const unicodeRules: Rule[] = [
    ['', unicode.data, isRecord(unicode.data), 'an object of subsets and their ranges'],
    ...Object.entries(ranges).map(
      ([subset, range]): Rule => [
        `/${subset.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        range,
        typeof range === 'string' && unicodeRange.test(range),
        'a unicode-range such as U+0000-00FF,U+0131',
      ],
    ),
  ]
  const errors = [
    ...failing(metaRules).map(([pointer, value, , expected]) =>
      fail(BadFontPackage, locate(meta.source(), pointer), pkg, `metadata.json ${pointer.slice(1) || 'top level'}`, show(value), expected),
    ),
    ...failing(unicodeRules).map(([pointer, value, , expected]) =>
      fail(
        BadFontPackage,
        locate(unicode.source(), pointer),
        pkg,
        `unicode.json ${pointer.slice(1) || 'top level'}`,
        show(value),
        expected,
      ),
    ),
  ]
  if (errors.length > 0) return { errors }
  return { metadata: m as unknown as FontsourceMetadata, ranges: ranges as Record<string, string>, errors }
}

const failing = (rules: readonly Rule[]) => rules.filter(([, , passes]) => !passes)

/** A value as the message shows it: a string as it is, anything else as JSON. */
const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'nothing'))

/**
 * A package file's JSON, with its YAML source for placing a problem at its line (JSON is YAML),
 * parsed only when a problem is found. Unreadable or not JSON: an error at the file.
 */
async function readJson(
  file: string,
  pkg: string,
  family: string,
): Promise<{ data?: unknown; source: () => ReturnType<typeof parseYaml>['source']; errors: ConfigError[] }> {
  const shown = displayFile(file)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return {
      source: () => parseYaml('', shown).source,
      errors: [fail(FontFileMissing, { file: displayFile(path.dirname(file)) }, pkg, path.basename(file), family)],
    }
  }
  const source = () => parseYaml(text, shown).source
  try {
    return { data: JSON.parse(text) as unknown, source, errors: [] }
  } catch {
    return { source, errors: [fail(BadFontPackage, { file: shown }, pkg, path.basename(file), 'text that is not JSON', 'JSON')] }
  }
}
