import { clampChroma, formatHex, interpolate, oklch, wcagContrast } from 'culori'

/**
 * Colour arithmetic for the theme, all of it through culori: WCAG ratios, tints derived from the
 * brand, and the nearest shade of a colour that reaches a contrast minimum (the contrast hints).
 */

/** WCAG 2.2 contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return wcagContrast(a, b)
}

/** Rounded down to two decimals, as checkers print it (4.499 is not 4.5). */
export const floorRatio = (ratio: number) => Math.floor(ratio * 100) / 100

/** `amount` (0 to 1) of `color` mixed into `base` in OKLab, as hex. */
export function mixColours(color: string, base: string, amount: number): string {
  return formatHex(interpolate([base, color], 'oklab')(amount))
}

export interface Shade {
  readonly color: string
  /** Against the colour it was found for, rounded down to two decimals. */
  readonly ratio: number
}

/**
 * The shade of `color` with the smallest change of OKLCH lightness (hue kept, chroma clipped to
 * sRGB) whose ratio against `against` reaches `required`; undefined when neither black's nor
 * white's side of the lightness scale gets there.
 */
export function nearestPassingShade(color: string, against: string, required: number): Shade | undefined {
  const start = oklch(color)
  if (!start) return undefined
  const at = (l: number): Shade => {
    const hex = formatHex(clampChroma({ ...start, l }, 'oklch'))
    return { color: hex, ratio: floorRatio(contrastRatio(hex, against)) }
  }
  if (at(start.l).ratio >= required) return at(start.l)
  // Steps of 0.001 L: finer than one step of an 8-bit channel, so no passing hex is skipped.
  for (let step = 1; step <= 1000; step++) {
    const candidates = [start.l - step / 1000, start.l + step / 1000].filter((l) => l >= 0 && l <= 1).map(at)
    const passing = candidates.filter((s) => s.ratio >= required)
    if (passing.length > 0) return passing[0]
  }
  return undefined
}
