import type { SelectorComponent } from 'lightningcss'
import { runTimeNames } from '../../templates/widgets/run-time-names.js'
import { hash } from '../cache/digest.js'
import { type PageSheet, type PageSheets, type SelectorName, selectorNames } from '../html/selector-names.js'
import type { RoutePlan } from '../plan/route-plan.js'
import { addTo } from '../tool/group.js'
import { minifyCss } from '../tool/lightning-css.js'
import { rememberLast } from '../tool/remember.js'
import type { TemplateBundle } from './bundle-templates.js'
import type { RenderContext } from './render-context.js'
import { renderPage } from './render-pages.js'

/**
 * How many cut stylesheets a site gets at most. With the full one, a page's `<style>` is one of
 * twelve, each allowed by its hash in the Content-Security-Policy: twelve hashes keep `_headers`'
 * policy line far below the 2,000 characters Cloudflare Pages reads.
 */
export const maxPageSheets = 11

/** How many pages of one layout are rendered to learn the names its pages use. */
const samplesPerLayout = 4

/**
 * How many pages a layout needs to get a cut sheet. A cut follows from the names its sampled pages
 * use, and every page's cache key from the cuts (their hashes are in the policy): were a page of
 * its own layout sampled (a contact page), each edit of it that adds or drops a section would cut
 * again and render every page. A layout of more pages than are sampled changes its cut only when
 * a sampled page starts using a name its cut lacks.
 */
const minLayoutPages = samplesPerLayout + 1

export interface LayoutNamesOptions {
  /** Pages of each common layout (layoutSamples). */
  readonly samples: readonly (readonly RoutePlan[])[]
  readonly templates: TemplateBundle
  /** The context the pages are rendered in, but for its page sheets. */
  readonly context: RenderContext
  /**
   * The names sampled pages were found to use in an earlier cut (cache/sample-names.ts), null for
   * a page whose template threw: a page known there is not rendered again.
   */
  readonly remembered?: {
    get(route: RoutePlan): readonly SelectorName[] | null | undefined
    set(route: RoutePlan, names: readonly SelectorName[] | null): void
  }
}

/**
 * The names each of the site's most common page layouts uses, sorted, with those the widgets add
 * at run time: what pageStylesheets cuts by. Pages of one layout (its template; a sections page's
 * sections; a landing page's service) are drawn from the same components, so a few of them,
 * spread over the layout, name nearly every class its pages use. A layout none of whose samples
 * rendered (their template threw: the render stage's to report) is left out.
 */
export function layoutNames({ samples, templates, context, remembered }: LayoutNamesOptions): SelectorName[][] {
  const namesOf = (route: RoutePlan): readonly SelectorName[] | null => {
    const known = remembered?.get(route)
    if (known !== undefined) return known
    const page = renderPage(templates, route, context)
    const found = 'html' in page ? [...selectorNames(withoutStyles(page.html))] : null
    remembered?.set(route, found)
    return found
  }
  return samples.flatMap((layout) => {
    const found = layout.map(namesOf).filter((names) => names !== null)
    if (found.length === 0) return []
    return [[...new Set([...runTimeNames.classes.map((name) => `.${name}`), ...runTimeNames.elements, ...found.flat()])].sort()]
  })
}

/**
 * The stylesheets cut for the site's most common page layouts (layoutNames), smallest first: each
 * keeps every rule its layout's names can match. A page then carries the first sheet that covers
 * its own names (templates/render.tsx, stylesheetFor), and any page that uses a name no cut sheet
 * covers (a rare component, a site's own template) carries the whole stylesheet: a page is never
 * styled by a sheet that dropped a rule it can match.
 *
 * Decided before any page is rendered, so the Content-Security-Policy, which lists each sheet's
 * hash, is known first (src/render/inline-code.ts).
 */
export function pageStylesheets(css: string, layouts: readonly (readonly SelectorName[])[]): PageSheets | undefined {
  const required = requiredNames(css)
  const sheets: PageSheet[] = []
  for (const names of layouts) {
    const needed = names.filter((name) => required.has(name))
    const cut = cutOnce(css, needed)
    if (cut.length < css.length) sheets.push({ css: cut, names: needed })
  }
  if (sheets.length === 0) return undefined
  sheets.sort((a, b) => a.css.length - b.css.length || (a.css < b.css ? -1 : a.css > b.css ? 1 : 0))
  return { required: [...required].sort(), sheets }
}

/**
 * `samplesPerLayout` pages of each of the `maxPageSheets` layouts with the most pages (at least
 * `minLayoutPages`), most first (a tie in the order the first page of each comes in), spread from
 * its first page to its last.
 */
export function layoutSamples(routes: readonly RoutePlan[]): RoutePlan[][] {
  const layouts = new Map<string, RoutePlan[]>()
  for (const route of routes) addTo(layouts, layoutKey(route), route)
  return [...layouts.values()]
    .filter((pages) => pages.length >= minLayoutPages)
    .sort((a, b) => b.length - a.length)
    .slice(0, maxPageSheets)
    .map((pages) => {
      const step = (pages.length - 1) / (samplesPerLayout - 1)
      return Array.from({ length: samplesPerLayout }, (_, i) => pages[Math.round(i * step)]!)
    })
}

/** What decides which components a page is drawn from, as far as the plan knows it. */
function layoutKey(route: RoutePlan): string {
  if (route.landing) return `landing ${route.landing.service.slug}`
  if (route.template === 'sections') {
    const { sections, markdown } = route.props
    return `sections ${sections.map((s) => s.type).join(' ')}${markdown ? ` markdown@${markdown.at}` : ''}`
  }
  return route.template
}

/** A page without its `<style>` elements' text: its own stylesheet names nothing the page uses. */
function withoutStyles(html: string): string {
  return html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
}

/** The name a selector part requires of a page, if it requires one that a cut can test. */
function requirement(part: SelectorComponent): SelectorName | undefined {
  if (part.type === 'class') return `.${part.name}`
  if (part.type === 'id') return `#${part.name}`
  if (part.type === 'type') return part.name.toLowerCase()
  return undefined
}

/**
 * Cuts and required names made in this process, by stylesheet and names: preview builds again
 * after every edit, which seldom changes the names a layout's pages use. Bounded, as each holds
 * a stylesheet.
 */
const cuts = rememberLast<string>(64)
const requiredSets = rememberLast<ReadonlySet<SelectorName>>(8)

function cutOnce(css: string, names: readonly SelectorName[]): string {
  return cuts(`${hash(css)} ${names.join(' ')}`, () => cutStylesheet(css, new Set(names)))
}

/** Every name a selector of `css` requires where cutStylesheet can test it. */
function requiredNames(css: string): ReadonlySet<SelectorName> {
  return requiredSets(hash(css), () => namesRequiredBy(css))
}

function namesRequiredBy(css: string): Set<SelectorName> {
  const names = new Set<SelectorName>()
  minifyCss(css, (selectors) => {
    for (const part of selectors.flat()) {
      const name = requirement(part)
      if (name !== undefined) names.add(name)
    }
    return true
  })
  return names
}

/**
 * `css` without the style rules no page using only `names` can match: a rule stays when one of its
 * selectors requires only elements, classes and ids among `names`. What a selector requires inside
 * `:not()`, `:is()`, `:where()` or `:has()`, and every attribute and pseudo-class, counts as
 * possible, so a cut never drops a rule a state can make match. At-rules (`@font-face`, custom
 * properties' `:root`, `@keyframes`) stay whole.
 */
export function cutStylesheet(css: string, names: ReadonlySet<SelectorName>): string {
  return minifyCss(css, (selectors) =>
    selectors.some((selector) =>
      selector.every((part) => {
        const name = requirement(part)
        return name === undefined || names.has(name)
      }),
    ),
  )
}
