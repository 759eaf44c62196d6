import { mapTextNodes } from '../src/html/text-nodes.js'

/**
 * Right-to-left text in a left-to-right page (a testimonial quoted in Arabic or Hebrew, a name)
 * must be isolated, or its punctuation and the words around it are reordered by the Unicode
 * bidirectional algorithm. Every text node of the rendered body that holds a
 * right-to-left letter is wrapped in `<bdi>`, which isolates it and takes its direction from its
 * first strong letter (HTML § the bdi element). Like the typographer it runs over the whole page
 * body after rendering, so every field of every template is covered; a page with no such letter
 * (almost all of them) is returned as it is after one search.
 */
export function isolateBidi(html: string): string {
  if (!rtlLetter.test(html)) return html
  return mapTextNodes(html, { skip: textOnly }, (text) => (rtlLetter.test(text) ? `<bdi>${text}</bdi>` : text))
}

/** A letter of a right-to-left script: Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms. */
const rtlLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/

/**
 * Elements whose content may hold no element: code and data, and text-only elements (an
 * `<option>` isolates itself with `dir="auto"` in templates/components/Form.tsx), and SVG.
 */
const textOnly = new Set(['script', 'style', 'textarea', 'title', 'option', 'svg'])
