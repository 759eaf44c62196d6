/** The theme and fonts as config/ resolves them: what the stylesheet, the contrast check and share images read. */
import type { SiteInput } from '../site-input.generated.js'

type ThemeInput = NonNullable<SiteInput['theme']>
export type ColorToken = keyof NonNullable<ThemeInput['colors']>

/** site.yaml `theme` with every default applied: what the stylesheet and the contrast check read. */
export interface ResolvedTheme {
  readonly colors: Readonly<Record<ColorToken, string>>
  /** A CSS length. */
  readonly radius: string
  /** Family names as written (`Source Sans 3`); the heading font defaults to the body font. */
  readonly fonts: { readonly heading: string; readonly body: string }
  /** The button style of forms' send buttons. */
  readonly submit: 'primary' | 'accent'
}

/** Text size classes of WCAG 2.2 SC 1.4.3 (text) and 1.4.11 (non-text: icons, outlines). */
export type ContrastSize = 'normal' | 'large' | 'ui'

/** One text colour on one background, as a rule of templates/styles/ uses them. */
export interface ContrastPair {
  /** Where the pair shows, for people: `accent buttons`. */
  readonly use: string
  readonly text: ColorToken
  readonly background: ColorToken
  readonly size: ContrastSize
}

/** A checked pair: the line of the `--verbose` table. */
export interface ContrastRow extends ContrastPair {
  readonly textColor: string
  readonly backgroundColor: string
  /** Rounded down to two decimals, as checkers print it (4.499 is not 4.5). */
  readonly ratio: number
  readonly required: number
  readonly passes: boolean
}

/** One @font-face of a self-hosted family: one subset's file. */
export interface FontFaceFile {
  /** Absolute path of the .woff2 in its @fontsource package. */
  readonly file: string
  readonly subset: string
  /** `100 900` for a variable face, else one weight. */
  readonly weight: string
  readonly variable: boolean
  readonly unicodeRange: string
}

/** A family as the stylesheet declares it: its faces and the local font stretched to its metrics. */
export interface ResolvedFont {
  /** As written in site.yaml: `Source Sans 3`; a system stack as written: `system-ui, sans-serif`. */
  readonly family: string
  /** The npm package it comes from: `@fontsource-variable/source-sans-3`. Absent for a system stack. */
  readonly package?: string
  /** A system stack's names (site.yaml `body: system-ui`): no package, no face, no fallback. */
  readonly system?: readonly string[]
  readonly category: string
  readonly faces: readonly FontFaceFile[]
  /**
   * The weights the stylesheet may ask of this family: site.yaml `theme.fonts.weights`, else the
   * faces shipped. Empty: any (a variable face's whole axis, or a system stack).
   */
  readonly weights: readonly number[]
  /** The weight range a variable face serves, `[min, max]`. */
  readonly axis?: readonly [number, number]
  /**
   * A local font with overrides that give it this family's line height and average width, so the
   * swap to the web font moves no line (CLS). Percentages, from the font file's own metrics.
   */
  readonly fallback?: {
    readonly local: readonly string[]
    readonly ascent: number
    readonly descent: number
    readonly lineGap: number
    readonly sizeAdjust: number
  }
  /** The .woff file of the same subset and a bold weight where the package has one (share images read WOFF, not WOFF2). */
  readonly woff?: string
}

export interface SiteFonts {
  readonly body: ResolvedFont
  readonly heading: ResolvedFont
  /**
   * Absolute paths of every font-package file the fonts were made from, and of every place a
   * package was looked for, sorted: part of the assets' inputs, so a font package removed,
   * changed or installed makes the next build rebuild (src/assets/bundle-assets.ts).
   */
  readonly inputs: readonly string[]
  /**
   * The .woff share images are drawn with: the heading's (else the body's) static face, else the
   * face bundled with citypress (`@fontsource/inter`), which a warning names.
   */
  readonly share: { readonly file: string; readonly family: string }
}
