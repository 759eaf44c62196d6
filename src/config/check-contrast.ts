import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fail, LowContrast } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { packageRoot } from '../paths.js'
import { originOf } from './locate.js'
import type { YamlSource } from './read-yaml.js'
import type { SiteInput } from './site-input.generated.js'
import type { ColorToken, ContrastPair, ContrastRow, ContrastSize, ResolvedTheme } from '../types.js'
import { contrastRatio } from './theme.js'

export type { ContrastPair, ContrastRow, ContrastSize }

/** WCAG 2.2 AA minimums: 4.5:1 for normal text, 3:1 for large text and for UI components and icons. */
const minimum: Record<ContrastSize, number> = { normal: 4.5, large: 3, ui: 3 }

/**
 * The pairs the stylesheets use, kept beside them (templates/styles/contrast-pairs.json) so a
 * rule that puts a theme colour on a theme background is added where it is written.
 */
export function readContrastPairs(): readonly ContrastPair[] {
  const file = path.join(packageRoot, 'templates', 'styles', 'contrast-pairs.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { pairs: ContrastPair[] }).pairs
}

/** Every pair's ratio against its WCAG 2.2 AA minimum. Pure: the theme and the pairs in, rows out. */
export function checkContrast(theme: ResolvedTheme, pairs: readonly ContrastPair[]): ContrastRow[] {
  return pairs.map((pair) => {
    const textColor = theme.colors[pair.text]
    const backgroundColor = theme.colors[pair.background]
    const ratio = Math.floor(contrastRatio(textColor, backgroundColor) * 100) / 100
    const required = minimum[pair.size]
    return { ...pair, textColor, backgroundColor, ratio, required, passes: ratio >= required }
  })
}

export interface ContrastErrorOptions {
  /** Where a colour token is written in site.yaml; undefined when the site left it at its default. */
  readonly locate: (token: ColorToken) => Origin | undefined
  /** Where to point when neither colour of a pair is written (the `theme` key, or the file). */
  readonly fallback: Origin
}

/**
 * One `low-contrast` error per failing pair of colours (uses of the same pair are named together),
 * at the line of the colour the site wrote: the text colour, else the background.
 */
export function contrastErrors(rows: readonly ContrastRow[], { locate, fallback }: ContrastErrorOptions): ConfigError[] {
  const failing = new Map<string, ContrastRow[]>()
  for (const row of rows.filter((r) => !r.passes)) {
    const key = `${row.text}|${row.background}|${row.required}`
    failing.set(key, [...(failing.get(key) ?? []), row])
  }
  return [...failing.values()].map((group) => {
    const row = group[0]!
    const origin = locate(row.text) ?? locate(row.background) ?? fallback
    return fail(LowContrast, origin, row, group.map((r) => r.use), betterText(row))
  })
}

/** White or black text on the pair's background, whichever contrasts more, when that is enough. */
function betterText(row: ContrastRow): { color: string; ratio: number } | undefined {
  const [color, ratio] = (['#ffffff', '#000000'] as const)
    .map((c) => [c, contrastRatio(c, row.backgroundColor)] as const)
    .sort((a, b) => b[1] - a[1])[0]!
  return ratio >= row.required ? { color, ratio: Math.floor(ratio * 100) / 100 } : undefined
}

/** site.yaml's theme checked, with errors pointing into site.yaml (what loadSite calls). */
export function checkThemeContrast(input: SiteInput, theme: ResolvedTheme, source: YamlSource): { rows: ContrastRow[]; errors: ConfigError[] } {
  const rows = checkContrast(theme, readContrastPairs())
  const errors = contrastErrors(rows, {
    locate: (token) => input.theme?.colors?.[token] ? originOf(source, `/theme/colors/${token}`, 'value') : undefined,
    fallback: originOf(source, input.theme ? '/theme' : '', 'key'),
  })
  return { rows, errors }
}
