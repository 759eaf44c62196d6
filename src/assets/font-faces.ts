import path from 'node:path'
import { matchWeight, stackCss, stylesheetWeights } from '../config/theme/font-weights.js'
import type { ResolvedFont, SiteFonts } from '../config/theme/theme-model.js'

/** What follows the fallback font in every stack, should neither web font nor fallback load. */
const systemStacks: Record<string, string> = {
  serif: 'Georgia, "Times New Roman", serif',
  default: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
}

/**
 * The elements set in the heading font (templates/styles/base.css `h1, h2, h3, h4`, shell.css
 * `.logo-text`): they, and everything inside them, take the heading family's weights.
 */
const headingElements = 'h1,h2,h3,h4,.logo-text'

/**
 * The @font-face rules of the site's two families and the custom properties the stylesheet reads
 * (`--font-sans` for text, `--font-heading`). Each family gets one rule per shipped subset and
 * weight, each with its unicode-range, so a page downloads only the scripts and weights it shows;
 * `font-display: swap`
 * shows text at once in the fallback, whose metric overrides make the swap move nothing (CLS).
 * A system stack gets no rule: it is the visitor's own fonts.
 * Each weight the stylesheet asks for is `var(--weight-N)` (bundle-assets.ts): here it becomes the
 * weight of the family's faces a browser would pick, so none is missing or synthesized.
 * URLs are relative to `from` (templates/), where esbuild resolves and fingerprints them.
 */
export function fontFacesCss(fonts: SiteFonts, from: string): string {
  const families = fonts.heading.package === fonts.body.package ? [fonts.body] : [fonts.body, fonts.heading]
  const rules = families
    .filter((font) => !font.system)
    .flatMap((font) => [
      ...font.faces.map(
        (face) =>
          `@font-face{font-family:"${webName(font)}";font-style:normal;font-display:swap;font-weight:${face.weight};` +
          `src:url("${path.relative(from, face.file).split(path.sep).join('/')}") format("${face.variable ? 'woff2-variations' : 'woff2'}");unicode-range:${face.unicodeRange};}`,
      ),
      ...(font.fallback
        ? [
            `@font-face{font-family:"${fallbackName(font)}";src:${font.fallback.local.map((l) => `local("${l}")`).join(',')};` +
              `ascent-override:${font.fallback.ascent}%;descent-override:${font.fallback.descent}%;line-gap-override:${font.fallback.lineGap}%;size-adjust:${font.fallback.sizeAdjust}%;}`,
          ]
        : []),
    ])
  return (
    `${rules.join('\n')}\n:root{--font-sans:${stack(fonts.body)};--font-heading:${stack(fonts.heading)};${weightProperties(fonts.body)}}` +
    `\n${headingElements}{${weightProperties(fonts.heading)}}`
  )
}

/** The file name stem (before esbuild's hash) of the face the document preloads: the body font's main subset. None for a system stack. */
export function preloadName(fonts: SiteFonts): string | undefined {
  const face = fonts.body.faces[0]
  return face && path.basename(face.file, '.woff2')
}

/** `--weight-650:700;…`: each stylesheet weight as the family serves it. */
function weightProperties(font: ResolvedFont): string {
  return stylesheetWeights.map((w) => `--weight-${w}:${servedWeight(w, font)};`).join('')
}

function servedWeight(weight: number, font: ResolvedFont): number {
  if (font.weights.length > 0) return matchWeight(weight, font.weights)
  return font.axis ? Math.min(Math.max(weight, font.axis[0]), font.axis[1]) : weight
}

const webName = (font: ResolvedFont) => `${font.family} Web`
const fallbackName = (font: ResolvedFont) => `${font.family} Fallback`
const stack = (font: ResolvedFont) =>
  font.system ? stackCss(font.system) : `"${webName(font)}","${fallbackName(font)}",${systemStacks[font.category] ?? systemStacks.default}`
