import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type BetterShade, fail, LowContrast } from '../../errors/catalogue.js'
import type { ConfigError, Origin } from '../../errors/config-error.js'
import { addTo } from '../../tool/group.js'
import { packageRoot } from '../../tool/package.js'
import { originOf } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { SiteInput } from '../site-input.generated.js'
import { contrastRatio, floorRatio, nearestPassingShade } from '../theme/colour-shade.js'
import type { ColorToken, ContrastPair, ContrastRow, ContrastSize, ResolvedTheme } from '../theme/theme-model.js'
import type { StyleTable } from './check-style-tokens.js'

export type { ContrastPair, ContrastRow, ContrastSize }

/** WCAG 2.2 AA minimums: 4.5:1 for normal text, 3:1 for large text and for UI components and icons. */
const minimum: Record<ContrastSize, number> = { normal: 4.5, large: 3, ui: 3 }

/**
 * The pairs the stylesheets use, kept beside them (templates/styles/contrast-pairs.json) so a
 * rule that puts a theme colour on a theme background is added where it is written.
 */
export function readContrastPairs(): readonly ContrastPair[] {
  return readContrastTable().pairs
}

/** templates/styles/contrast-pairs.json: the pairs, and the tokens that are only decoration. */
export function readContrastTable(): StyleTable {
  const file = path.join(packageRoot, 'templates', 'styles', 'contrast-pairs.json')
  return JSON.parse(readFileSync(file, 'utf8')) as StyleTable
}

/** Every pair's ratio against its WCAG 2.2 AA minimum. Pure: the theme and the pairs in, rows out. */
export function checkContrast(theme: ResolvedTheme, pairs: readonly ContrastPair[]): ContrastRow[] {
  return pairs.map((pair) => {
    const textColor = theme.colors[pair.text]
    const backgroundColor = theme.colors[pair.background]
    const ratio = floorRatio(contrastRatio(textColor, backgroundColor))
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
    const key = `${row.textColor}|${row.backgroundColor}|${row.required}`
    addTo(failing, key, row)
  }
  return [...failing.values()].map((group) => {
    const row = group[0]!
    const origin = locate(row.text) ?? locate(row.background) ?? fallback
    return fail(
      LowContrast,
      origin,
      row,
      group.map((r) => r.use),
      betterShade(row, (token) => locate(token) !== undefined),
    )
  })
}

/**
 * The nearest passing shade (smallest OKLCH lightness change, src/config/theme/colour-shade.ts) of the
 * colour the site wrote: the text colour, else the background, else (both defaults) the text.
 */
function betterShade(row: ContrastRow, isWritten: (token: ColorToken) => boolean): BetterShade | undefined {
  const adjustBackground = !isWritten(row.text) && isWritten(row.background)
  const [token, color, against] = adjustBackground
    ? [row.background, row.backgroundColor, row.textColor]
    : [row.text, row.textColor, row.backgroundColor]
  const shade = nearestPassingShade(color, against, row.required)
  return shade && { token, ...shade }
}

/** site.yaml's theme checked, with errors pointing into site.yaml (what loadSite calls). */
export function checkThemeContrast(
  input: SiteInput,
  theme: ResolvedTheme,
  source: YamlSource,
): { rows: ContrastRow[]; errors: ConfigError[] } {
  const rows = checkContrast(theme, readContrastPairs())
  const errors = contrastErrors(rows, {
    locate: (token) => {
      const written = writtenToken(token, input.theme?.colors ?? {})
      return written ? originOf(source, `/theme/colors/${written}`, 'value') : undefined
    },
    fallback: originOf(source, input.theme ? '/theme' : '', 'key'),
  })
  return { rows, errors }
}

/** The token a default follows (src/config/theme/theme.ts), so an error points at the colour the site wrote. */
const follows: Partial<Record<ColorToken, ColorToken>> = {
  headerText: 'ink',
  footerBackground: 'ink',
  accentText: 'accent',
  accentHover: 'accent',
  headerHover: 'primary',
  footerLink: 'footerText',
  inputBorder: 'border',
}

function writtenToken(token: ColorToken, written: Partial<Record<ColorToken, string>>): ColorToken | undefined {
  for (let t: ColorToken | undefined = token; t; t = follows[t]) if (written[t]) return t
  return undefined
}
