import { type SelectorList, transform } from 'lightningcss'

/**
 * The browsers Lightning CSS writes for: where the stylesheet's newest selector, `:has()`, arrived
 * (Safari 15.4). Without targets it would write newer syntax than templates/styles/ does (media
 * query ranges for `min-width`), which older browsers skip.
 */
const targets = { chrome: 105 << 16, firefox: 121 << 16, safari: (15 << 16) | (4 << 8) }

/**
 * `css` minified by Lightning CSS, shared by assets/ (the whole stylesheet) and render/ (its cuts
 * for pages): one printer for both, so a cut rule is byte for byte the rule of the whole sheet and
 * a page styles the same under either. With `keep`, a style rule whose selectors it refuses is
 * left out.
 *
 * A rule is kept whole or dropped, never rewritten: Lightning CSS cannot read back every rule it
 * hands a visitor (a declaration with `var()` fails to deserialize).
 */
export function minifyCss(css: string, keep?: (selectors: SelectorList) => boolean): string {
  const { code } = transform({
    filename: 'site.css',
    code: Buffer.from(css),
    minify: true,
    targets,
    // What it cannot read it leaves out, as a browser would, instead of failing the build.
    errorRecovery: true,
    ...(keep ? { visitor: { Rule: { style: (rule) => (keep(rule.value.selectors) ? undefined : []) } } } : {}),
  })
  return code.toString().trim()
}
