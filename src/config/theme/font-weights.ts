/**
 * The font weights templates/styles/ asks for (`font-weight: 650`), plus 400 for plain text.
 * tests/config/fonts.build.test.ts reads the stylesheets and fails when this list and theirs differ.
 * Without site.yaml `theme.fonts.weights`, every family ships a face for each of them (a static
 * package: the face the browser would pick, see matchWeight).
 */
export const stylesheetWeights = [400, 500, 550, 600, 650, 700, 750, 800] as const

/**
 * The weight the browser renders for `desired` among `available`, by the matching rule of CSS
 * Fonts 4 §5.2 (font-weight): exact; else for 400–500 the weights up to 500, then lighter, then
 * heavier; below 400 lighter first; above 500 heavier first. The stylesheet asks for exactly this
 * weight, so no browser synthesizes a bold or picks a face the site did not ship.
 */
export function matchWeight(desired: number, available: readonly number[]): number {
  if (available.length === 0 || available.includes(desired)) return desired
  const lighter = available.filter((w) => w < desired).sort((a, b) => b - a)
  const heavier = available.filter((w) => w > desired).sort((a, b) => a - b)
  if (desired >= 400 && desired <= 500) return heavier.find((w) => w <= 500) ?? lighter[0] ?? heavier[0]!
  return desired < 400 ? (lighter[0] ?? heavier[0]!) : (heavier[0] ?? lighter[0]!)
}

/** CSS generic families (CSS Fonts 4 §4.2): the names a system stack ends in. */
const genericFamilies = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
])

/**
 * site.yaml `theme.fonts.body`/`heading` as a system stack, or undefined for a family to find in a
 * package: a value with a comma (`Segoe UI, Roboto, sans-serif`) or a generic family alone
 * (`system-ui`). A stack is the visitor's own fonts: nothing is installed, hosted or preloaded.
 */
export function systemStack(value: string): readonly string[] | undefined {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.length > 1 || genericFamilies.has(names[0]?.toLowerCase() ?? '') ? names : undefined
}

/**
 * A stack as CSS: generic families and vendor keywords (`-apple-system`) bare, other names quoted.
 * The schema's pattern leaves no quote, semicolon or brace in a name.
 */
export const stackCss = (names: readonly string[]) =>
  names.map((name) => (genericFamilies.has(name.toLowerCase()) || name.startsWith('-') ? name.toLowerCase() : `"${name}"`)).join(',')
