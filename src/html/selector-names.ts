import { decodeHTMLAttribute } from 'entities/decode'

/**
 * The names a stylesheet's selectors can require of a page, one string each: an element's name
 * (`nav`), a class with its dot (`.btn`), an id with its hash (`#services`). Element names are
 * lower-cased, as selectors of HTML documents match them.
 */
export type SelectorName = string

/**
 * The stylesheet cut for the site's common page layouts (src/render/page-stylesheets.ts), each for
 * the pages whose names it covers.
 */
export interface PageSheets {
  /**
   * Every name the whole stylesheet's selectors can require, sorted: a page's other names (an
   * icon's own class, an id no rule styles) cannot make a rule match, so they never count.
   */
  readonly required: readonly SelectorName[]
  /** Smallest first. */
  readonly sheets: readonly PageSheet[]
}

/** One cut of the stylesheet: it keeps every rule that a page using only `names` can match. */
export interface PageSheet {
  readonly css: string
  /** Sorted; only names of `required`. */
  readonly names: readonly SelectorName[]
}

/**
 * A tag's name, or a `class` or `id` attribute in any of HTML's quotings. Text never holds a `<`
 * (it is escaped), so every match in markup outside `<style>` and `<script>` is a real tag or
 * attribute; a match inside them only adds a name, which can only keep more rules.
 */
const nameSource = /<([a-zA-Z][a-zA-Z0-9-]*)|\s(class|id)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi

/** Every name `markup` gives selectors to match (no `<style>` element's text: the caller's to leave out). */
export function selectorNames(markup: string): Set<SelectorName> {
  // A page repeats a few dozen tag names and class lists hundreds of times: each is read once.
  const tags = new Set<string>()
  const values = new Set<string>()
  const names = new Set<SelectorName>()
  nameSource.lastIndex = 0
  for (let match = nameSource.exec(markup); match !== null; match = nameSource.exec(markup)) {
    if (match[1] !== undefined) {
      tags.add(match[1])
      continue
    }
    const isId = match[2]!.length === 2
    const raw = match[3] ?? match[4] ?? match[5] ?? ''
    const seen = isId ? `#${raw}` : raw
    if (values.has(seen)) continue
    values.add(seen)
    const value = raw.includes('&') ? decodeHTMLAttribute(raw) : raw
    if (isId) names.add(`#${value}`)
    else for (const name of value.split(/[\t\n\f\r ]+/)) if (name) names.add(`.${name}`)
  }
  for (const tag of tags) names.add(tag.toLowerCase())
  return names
}

/** Each sheet's and `required`'s names as a set, made once per list per thread. */
const nameSets = new WeakMap<readonly SelectorName[], ReadonlySet<SelectorName>>()
const setOf = (names: readonly SelectorName[]) => {
  let set = nameSets.get(names)
  if (!set) nameSets.set(names, (set = new Set(names)))
  return set
}

/**
 * The stylesheet of a page whose body is `body`: the first of `cuts`' sheets (smallest first) that
 * covers every name the body uses that a rule can require, else `full`. Decided from the page
 * alone, so a page's bytes do not depend on which pages were rendered before it or where.
 */
export function stylesheetFor(body: string, cuts: PageSheets | undefined, full: string): string {
  if (!cuts?.sheets.length) return full
  const required = setOf(cuts.required)
  const names = [...selectorNames(body)].filter((name) => required.has(name))
  for (const sheet of cuts.sheets) {
    const covered = setOf(sheet.names)
    if (names.every((name) => covered.has(name))) return sheet.css
  }
  return full
}
