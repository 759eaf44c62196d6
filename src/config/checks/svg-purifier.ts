import type { Config, DOMPurify } from 'dompurify'
import type { IconDrawing } from './sanitize-svg.js'

/**
 * SVG sanitizing: an SVG is a document that browsers run when it is opened on its own (a link, a
 * new tab), on the site's origin. Only what DOMPurify's SVG allow-list keeps is published.
 *
 * DOMPurify (cure53) is the maintained allow-list sanitizer, and jsdom is the one Node DOM it
 * supports. The text is parsed as XML (`application/xhtml+xml`), as a browser parses an .svg file:
 * parsed as HTML, a namespaced `<s:script>`, CDATA or an entity would be read differently from the
 * browser (a parser differential is how sanitizers are bypassed). A regex cannot do this: the same
 * script can be written as `<s:script>`, `&#106;avascript:` or `<set attributeName="href">`.
 */

/**
 * SVG's mixed-case names. DOMPurify lowercases its lists, which suits the HTML parser; the XML
 * parser keeps case, so without these `viewBox`, `linearGradient` or `feGaussianBlur` would be
 * dropped. Only names whose lowercase form DOMPurify's SVG and SVG-filter profiles allow.
 */
const mixedCaseTags = [
  'altGlyph',
  'altGlyphDef',
  'altGlyphItem',
  'clipPath',
  'glyphRef',
  'linearGradient',
  'radialGradient',
  'textPath',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]
const mixedCaseAttributes = [
  'baseFrequency',
  'clipPathUnits',
  'diffuseConstant',
  'edgeMode',
  'filterUnits',
  'glyphRef',
  'gradientTransform',
  'gradientUnits',
  'kernelMatrix',
  'kernelUnitLength',
  'lengthAdjust',
  'markerHeight',
  'markerUnits',
  'markerWidth',
  'maskContentUnits',
  'maskUnits',
  'numOctaves',
  'pathLength',
  'patternContentUnits',
  'patternTransform',
  'patternUnits',
  'preserveAlpha',
  'preserveAspectRatio',
  'primitiveUnits',
  'refX',
  'refY',
  'specularConstant',
  'specularExponent',
  'spreadMethod',
  'startOffset',
  'stdDeviation',
  'stitchTiles',
  'surfaceScale',
  'systemLanguage',
  'tableValues',
  'targetX',
  'targetY',
  'textLength',
  'viewBox',
  'xChannelSelector',
  'yChannelSelector',
  'zoomAndPan',
]

const config: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  PARSER_MEDIA_TYPE: 'application/xhtml+xml',
  // `use` is how drawing tools repeat a shape; only references inside the file are kept (hook below).
  ADD_TAGS: [...mixedCaseTags, 'use'],
  // `role="img"` with `aria-label`, as accessible SVG exports write (aria-* is allowed already).
  ADD_ATTR: [...mixedCaseAttributes, 'role'],
  // SMIL animation can set any attribute, an href to javascript: included (`<set>` and `<animate>`
  // are outside the profile already); a logo or an illustration does not need it.
  FORBID_TAGS: ['animatecolor', 'animatemotion', 'animatetransform'],
  // What a removed element held goes with it: a script's text, an editor's metadata.
  KEEP_CONTENT: false,
}

/** `javascript:` however CSS writes it: with spaces, comments or escapes (`\6a`) between its letters. */
const mentionsScript = (css: string) => /javascript:|\\/i.test(css.replace(/\/\*.*?\*\/|\s/gs, ''))

/** `#id`: a reference inside the file. */
const localReference = /^#[^\s#]+$/

let purifier: Promise<DOMPurify> | undefined

/** Loaded once in a thread (svg-worker.ts loads it as it starts). */
export function loadPurifier(): Promise<DOMPurify> {
  return (purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')])
    // No scripts run and no resources load in a JSDOM window unless asked for.
    const purify: DOMPurify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0])
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      if (
        node.nodeName === 'use' &&
        (data.attrName === 'href' || data.attrName === 'xlink:href') &&
        !localReference.test(data.attrValue.trim())
      ) {
        data.keepAttr = false
      }
      if (data.attrName === 'style' && mentionsScript(data.attrValue)) data.keepAttr = false
    })
    // Browsers no longer run javascript: URLs from CSS, but no drawing needs one either.
    purify.addHook('afterSanitizeElements', (node) => {
      if (node.nodeName === 'style' && mentionsScript(node.textContent ?? '')) node.textContent = ''
    })
    return purify
  })())
}

/**
 * An icon keeps only shapes and how they are drawn: no text, image, link, style, filter, gradient
 * or id. Drawn inline in every page that shows it, it must not style the page, load anything, or
 * give the page an id its own elements could collide with.
 */
const iconConfig: Config = {
  PARSER_MEDIA_TYPE: 'application/xhtml+xml',
  ALLOWED_TAGS: ['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect'],
  ALLOWED_ATTR: [
    'viewBox',
    'd',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'x',
    'y',
    'x1',
    'y1',
    'x2',
    'y2',
    'width',
    'height',
    'points',
    'transform',
    'fill',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'fill-rule',
    'clip-rule',
    'opacity',
    'fill-opacity',
    'stroke-opacity',
  ],
  KEEP_CONTENT: false,
  RETURN_DOM_FRAGMENT: true,
}

/**
 * A site's icon from an SVG purifySvg has kept: its shapes only (iconConfig), each colour
 * `currentColor` so it takes the colour of the text around it as Lucide's do; `viewBox` from the
 * file, else its width and height. Undefined when no shape is left.
 */
export async function drawIcon(svg: string, size: { width: number; height: number }): Promise<IconDrawing | undefined> {
  const purify = await loadPurifier()
  const root = (purify.sanitize(svg, iconConfig) as unknown as DocumentFragment).firstElementChild
  if (root?.localName !== 'svg') return undefined
  for (const element of [root, ...root.querySelectorAll('*')]) {
    // Shapes only: what text is left between them (white space) is nothing to draw.
    for (const node of [...element.childNodes]) if (node.nodeType !== node.ELEMENT_NODE) node.remove()
    for (const paint of ['fill', 'stroke']) {
      const value = element.getAttribute(paint)
      if (value !== null && value.trim() !== 'none') element.setAttribute(paint, 'currentColor')
    }
  }
  if (!root.querySelector('path, circle, ellipse, line, polyline, polygon, rect')) return undefined
  // How the root draws (a line icon's `fill="none" stroke="…"`) goes with the shapes, in a group.
  const drawn = [...root.attributes].filter((a) => !['viewBox', 'width', 'height', 'x', 'y'].includes(a.name))
  let inner = root.innerHTML
  if (drawn.length > 0) {
    const group = root.ownerDocument.createElementNS(root.namespaceURI, 'g')
    for (const a of drawn) group.setAttribute(a.name, a.value)
    group.append(...root.childNodes)
    inner = group.outerHTML
  }
  // The serializer names the namespace on each element whose parent it leaves out; the page's <svg> names it.
  const shapes = inner.replaceAll(' xmlns="http://www.w3.org/2000/svg"', '')
  return { viewBox: root.getAttribute('viewBox') ?? `0 0 ${size.width} ${size.height}`, shapes }
}

/**
 * The SVG that DOMPurify's allow-list keeps of `text`, as UTF-8 XML with its root `<svg>`; '' when
 * nothing is left (not well-formed XML, or no `<svg>` root in the SVG namespace). Call
 * svgDeclaration first: DTDs are refused, not parsed. Sanitizing the result again returns it as it is.
 */
export async function purifySvg(text: string): Promise<string> {
  const purify = await loadPurifier()
  // The XML declaration may only start a document; DOMPurify parses the SVG inside a page of its own.
  const body = text.replace(/^\s*<\?xml[^>]*\?>/, '')
  const clean = purify.sanitize(body, config).trim()
  return /^<svg[\s>/]/.test(clean) ? clean : ''
}
