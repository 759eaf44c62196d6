import type { SiteInput } from './site-input.generated.js'

type ThemeInput = NonNullable<SiteInput['theme']>
import type { ColorToken, ResolvedTheme } from '../types.js'

export type { ColorToken, ResolvedTheme }

/**
 * The neutral defaults (schemas/site.schema.json documents the same values for editor hover).
 * Every text colour passes WCAG AA on its background, so a site that sets nothing is legible.
 */
const defaultColors = {
  primary: '#0b5cab', onPrimary: '#ffffff', primaryDark: '#083f78', onPrimaryDark: '#ffffff',
  accent: '#15803d', onAccent: '#ffffff', ink: '#0f172a', muted: '#475569', surface: '#f1f5f9',
  background: '#ffffff', headerBackground: '#ffffff', footerText: '#e2e8f0',
} as const

/** Applies the defaults; tokens that default to another token follow what the site set for it. */
export function resolveTheme(input: ThemeInput | undefined): ResolvedTheme {
  const set = input?.colors ?? {}
  const base = { ...defaultColors, ...set }
  const colors: Record<ColorToken, string> = {
    ...base,
    headerText: set.headerText ?? base.ink,
    footerBackground: set.footerBackground ?? base.ink,
  }
  const body = input?.fonts?.body ?? 'Inter'
  return { colors, radius: input?.radius ?? '12px', fonts: { body, heading: input?.fonts?.heading ?? body } }
}

/** The theme as CSS custom properties (`primaryDark` → `--color-primary-dark`); the stylesheet reads only these. */
export function themeProperties(theme: ResolvedTheme): string {
  const vars = Object.entries(theme.colors).map(([name, value]) => `--color-${kebab(name)}:${value};`)
  return `${vars.join('')}--radius:${theme.radius};`
}

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** WCAG 2.2 relative luminance of a `#rgb`/`#rrggbb` colour (the schema allows only these). */
export function relativeLuminance(hex: string): number {
  const digits = hex.slice(1)
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Whether a background is dark: white text contrasts with it more than black does (picks the logo). */
export function isDark(background: string): boolean {
  return contrastRatio(background, '#ffffff') > contrastRatio(background, '#000000')
}
