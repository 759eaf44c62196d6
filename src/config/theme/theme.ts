import type { SiteInput } from '../site-input.generated.js'
import { contrastRatio, mixColours, nearestPassingShade } from './colour-shade.js'

type ThemeInput = NonNullable<SiteInput['theme']>

import type { ColorToken, ResolvedTheme } from './theme-model.js'

export type { ColorToken, ResolvedTheme }
export { contrastRatio }

/**
 * The neutral defaults (schemas/site.schema.json documents the same values for editor hover).
 * Every text colour passes WCAG AA on its background, so a site that sets nothing is legible.
 */
const defaultColors = {
  primary: '#0b5cab',
  onPrimary: '#ffffff',
  primaryDark: '#083f78',
  onPrimaryDark: '#ffffff',
  accent: '#15803d',
  onAccent: '#ffffff',
  ink: '#0f172a',
  muted: '#475569',
  surface: '#f1f5f9',
  background: '#ffffff',
  headerBackground: '#ffffff',
  footerText: '#e2e8f0',
  danger: '#b91c1c',
} as const

/** WCAG 2.2 SC 1.4.11: a form field's boundary needs 3:1 against what surrounds it. */
const inputBoundary = 3

/**
 * Applies the defaults. Tokens that default to another token follow what the site set for it;
 * borders are derived from the brand's own ink and background (culori, src/config/theme/colour-shade.ts).
 */
export function resolveTheme(input: ThemeInput | undefined): ResolvedTheme {
  const set = input?.colors ?? {}
  const base = { ...defaultColors, ...set }
  const footerText = base.footerText
  const footerBackground = set.footerBackground ?? base.ink
  const border = set.border ?? mixColours(base.ink, base.background, 0.08)
  const colors: Record<ColorToken, string> = {
    ...base,
    headerText: set.headerText ?? base.ink,
    footerBackground,
    accentText: set.accentText ?? base.accent,
    accentHover: set.accentHover ?? mixColours(isDark(base.onAccent) ? '#ffffff' : '#000000', base.accent, 0.15),
    headerHover: set.headerHover ?? base.primary,
    footerLink: set.footerLink ?? footerText,
    link: set.link ?? base.primary,
    card: set.card ?? base.background,
    footerBottomBackground: set.footerBottomBackground ?? footerBackground,
    border,
    inputBorder: set.inputBorder ?? inputBorderFor(border, [base.background, base.surface, set.card ?? base.background]),
  }
  const body = input?.fonts?.body ?? 'Inter'
  return {
    colors,
    radius: input?.radius ?? '12px',
    fonts: { body, heading: input?.fonts?.heading ?? body },
    submit: input?.submit ?? 'primary',
  }
}

/** The shade of `border` nearest in lightness that reaches 3:1 on each of `backgrounds`. */
function inputBorderFor(border: string, backgrounds: readonly string[]): string {
  let shade = border
  for (const background of backgrounds) shade = nearestPassingShade(shade, background, inputBoundary)?.color ?? shade
  return shade
}

/** The theme as CSS custom properties (`primaryDark` → `--color-primary-dark`); the stylesheet reads only these. */
export function themeProperties(theme: ResolvedTheme): string {
  const vars = Object.entries(theme.colors).map(([name, value]) => `--color-${kebab(name)}:${value};`)
  return `${vars.join('')}--radius:${theme.radius};`
}

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** Whether a background is dark: white text contrasts with it more than black does (picks the logo). */
export function isDark(background: string): boolean {
  return contrastRatio(background, '#ffffff') > contrastRatio(background, '#000000')
}
