import { checkContrast, readContrastPairs } from '../config/checks/check-contrast.js'
import { contrastRatio, floorRatio, nearestPassingShade } from '../config/theme/colour-shade.js'
import { resolveTheme } from '../config/theme/theme.js'
import type { ColorToken } from '../config/theme/theme-model.js'
import { colourPattern } from './schema-fields.js'

/** One colour the edited one is paired with, as the editor shows it under the colour's picker. */
export interface PairedColour {
  /** Where the two show together, for people: "body text, links". */
  readonly uses: string
  readonly other: string
  readonly otherColor: string
  /** Rounded down to two decimals, as checkers print it. */
  readonly ratio: number
  readonly required: number
  /**
   * When this pair fails: the edited colour's nearest shade that passes against every colour it
   * is put with, or, when none does, against this one.
   */
  readonly nearest?: string
}

/** A colour as the schemas take it; while one is typed, it may not be one yet. */
const hex = new RegExp(colourPattern)

/**
 * The contrast of `token` against every colour the stylesheets put it with, the site's other
 * colours as the marketer has them now (`colors`, site.yaml `theme.colors`; the defaults for the
 * rest, as the build resolves them): the same pairs and minimums as the build's contrast check.
 * Nothing for a token that is not a colour of the theme, or while a colour is not a hex yet.
 */
export function pairedColours(colors: Readonly<Record<string, unknown>>, token: string): PairedColour[] {
  const given = Object.entries(colors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
  if (given.some(([, value]) => !hex.test(value))) return []
  const theme = resolveTheme({ colors: Object.fromEntries(given) })
  if (!Object.hasOwn(theme.colors, token)) return []
  const own = theme.colors[token as ColorToken]
  const byOther = new Map<string, Omit<PairedColour, 'nearest'>>()
  for (const row of checkContrast(theme, readContrastPairs())) {
    if (row.text !== token && row.background !== token) continue
    const [other, otherColor] = row.text === token ? [row.background, row.backgroundColor] : [row.text, row.textColor]
    const key = `${other}|${row.required}`
    const known = byOther.get(key)
    byOther.set(
      key,
      known
        ? { ...known, uses: `${known.uses}, ${row.use}` }
        : { uses: row.use, other, otherColor, ratio: row.ratio, required: row.required },
    )
  }
  const pairs = [...byOther.values()]
  // One shade for every pair where there is one (each pair's minimum met in turn, as the build
  // derives a field border that must stand out on several backgrounds); else each pair's own.
  let shade = own
  for (const pair of pairs) shade = nearestPassingShade(shade, pair.otherColor, pair.required)?.color ?? shade
  const forAll = pairs.every((pair) => floorRatio(contrastRatio(shade, pair.otherColor)) >= pair.required) ? shade : undefined
  const nearestFor = (pair: Omit<PairedColour, 'nearest'>) =>
    pair.ratio >= pair.required ? undefined : (forAll ?? nearestPassingShade(own, pair.otherColor, pair.required)?.color)
  // Failing pairs first, the worst first; then the passing ones.
  return pairs
    .map((pair) => {
      const nearest = nearestFor(pair)
      return nearest ? { ...pair, nearest } : pair
    })
    .sort((a, b) => (a.ratio >= a.required ? 1 : 0) - (b.ratio >= b.required ? 1 : 0) || a.ratio - b.ratio)
}
