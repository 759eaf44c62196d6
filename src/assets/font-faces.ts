import path from 'node:path'
import type { ResolvedFont, SiteFonts } from '../types.js'

/** What follows the fallback font in every stack, should neither web font nor fallback load. */
const systemStacks: Record<string, string> = {
  serif: 'Georgia, "Times New Roman", serif',
  default: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
}

/**
 * The @font-face rules of the site's two families and the custom properties the stylesheet reads
 * (`--font-sans` for text, `--font-heading`). Each family gets one rule per shipped subset, each
 * with its unicode-range, so a page downloads only the scripts it shows; `font-display: swap`
 * shows text at once in the fallback, whose metric overrides make the swap move nothing (CLS).
 * URLs are relative to `from` (templates/), where esbuild resolves and fingerprints them.
 */
export function fontFacesCss(fonts: SiteFonts, from: string): string {
  const families = fonts.heading.package === fonts.body.package ? [fonts.body] : [fonts.body, fonts.heading]
  const rules = families.flatMap((font) => [
    ...font.faces.map((face) => `@font-face{font-family:"${webName(font)}";font-style:normal;font-display:swap;font-weight:${face.weight};`
      + `src:url("${path.relative(from, face.file).split(path.sep).join('/')}") format("${face.variable ? 'woff2-variations' : 'woff2'}");unicode-range:${face.unicodeRange};}`),
    `@font-face{font-family:"${fallbackName(font)}";src:${font.fallback.local.map((l) => `local("${l}")`).join(',')};`
      + `ascent-override:${font.fallback.ascent}%;descent-override:${font.fallback.descent}%;line-gap-override:${font.fallback.lineGap}%;size-adjust:${font.fallback.sizeAdjust}%;}`,
  ])
  return `${rules.join('\n')}\n:root{--font-sans:${stack(fonts.body)};--font-heading:${stack(fonts.heading)};}`
}

/** The file name stem (before esbuild's hash) of the face the document preloads: the body font's main subset. */
export function preloadName(fonts: SiteFonts): string {
  return path.basename(fonts.body.faces[0]!.file, '.woff2')
}

const webName = (font: ResolvedFont) => `${font.family} Web`
const fallbackName = (font: ResolvedFont) => `${font.family} Fallback`
const stack = (font: ResolvedFont) => `"${webName(font)}","${fallbackName(font)}",${systemStacks[font.category] ?? systemStacks.default}`
