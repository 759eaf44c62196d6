/**
 * The class and element names that scripts add to a page after it is drawn: the widgets of this
 * folder and the inline scripts of templates/inline-code.ts. A page's stylesheet is cut to the
 * rules its markup can match (src/render/page-stylesheets.ts), and these names count as present
 * on every page, so the rules for an open menu, a solid header or a loaded embed are never cut.
 * Attribute selectors (`[hidden]`, `[aria-expanded=true]`) are never cut, so attributes need no
 * list. tests/render/page-stylesheets.test.ts reads the scripts and keeps this list complete.
 */
export const runTimeNames = {
  classes: ['embed-frame', 'is-active', 'is-open', 'is-solid', 'js', 'scroll-locked'],
  elements: ['iframe', 'script'],
} as const
