import { readFile } from 'node:fs/promises'
import { type MemoCodec, noPageMemo, type PageMemo, type StringTable } from '../cache/page-memo.js'
import { collectPageFacts, findInlineText, type InlineKind, type PageFacts } from '../html/page-facts.js'
import type { RoutePlan } from '../plan/route-plan.js'
import type { InlineCode } from '../render/inline-code.js'
import { noItems } from '../tool/group.js'
import type { OutputWriter } from '../types.js'
import type { PlannedAddresses } from './check-links.js'

export interface WatchedPage {
  readonly route: RoutePlan
  readonly facts: PageFacts
  /** Inline code on the page that the build did not declare (src/render/inline-code.ts); mostly none. */
  readonly unexpected: readonly UnexpectedCode[]
}

/** One inline script, style or style attribute outside the declared list, with its text to quote. */
export interface UnexpectedCode {
  readonly kind: InlineKind
  /** `'sha256-…'`. */
  readonly hash: string
  /** The code itself (its hash, should the page not show it again). */
  readonly text: string
}

export interface PagesWatch {
  /** Use this writer for the pages: it sees every page on its way to the output. */
  readonly output: OutputWriter
  /** The facts of every page written so far, in route order (without links to the plan's pages, `planned`). */
  pages(): Promise<WatchedPage[]>
  /**
   * The largest page of each page kind with its HTML, the one kept document per kind: budgets
   * compress it to report gzip sizes without compressing every page.
   */
  largest(): Promise<ReadonlyMap<string, { readonly route: RoutePlan; readonly html: string }>>
}

/**
 * Collects the facts of every page as it is written (link check, inline code outside
 * `inlineCode`, image origins, budgets) without
 * keeping any HTML: the facts of a page reused from the page cache come from the page memo (or,
 * the first time, from reading the cached page), in order, while rendering goes on.
 */
export function watchPages({
  routes,
  output,
  memo = noPageMemo,
  inlineCode,
  planned,
}: {
  routes: readonly RoutePlan[]
  output: OutputWriter
  memo?: PageMemo
  inlineCode: InlineCode
  /**
   * The addresses of the routes' own pages as pages link them (check-links.ts plannedAddresses):
   * left out of every page's links, since each leads where it should once every route is written,
   * which `pages()` makes sure of. A landing page's nearby areas, other services, breadcrumbs,
   * canonical link and other languages' versions are most of its own links.
   */
  planned?: PlannedAddresses
}): PagesWatch {
  const routeOf = new Map(routes.map((r) => [r.outputPath, r]))
  const checked = checkedFacts(planned)
  // The shared parts' links arrive from a render worker as a copy per page: each list is kept once.
  const sharedUrlLists = new Map<string, readonly string[]>()
  const keptOnce = new WeakSet<readonly string[]>()
  const withSharedUrlsOnce = (facts: PageFacts): PageFacts => {
    // A list the memo decoded is already one per table (summaryCodec): copying the facts to swap it
    // for this one would keep a second facts object per page.
    if (facts.sharedUrls.length === 0 || keptOnce.has(facts.sharedUrls) || decodedOnce.has(facts.sharedUrls)) return facts
    const key = jsonOf(facts.sharedUrls)
    const kept = sharedUrlLists.get(key)
    if (kept) return { ...facts, sharedUrls: kept }
    if (sharedUrlLists.size < sharedListsBound) sharedUrlLists.set(key, facts.sharedUrls)
    keptOnce.add(facts.sharedUrls)
    return facts
  }
  const undeclared = undeclaredIn(inlineCode)
  const found = new Map<string, WatchedPage>()
  // The largest page per kind keeps its HTML, or where to read it (a page reused from the cache).
  const largest = new Map<string, { route: RoutePlan; length: number; html?: string; source?: string }>()
  let reading: Promise<void> = Promise.resolve()
  const record = (
    outputPath: string,
    { facts, length }: PageSummary,
    page: { html?: string; source?: string },
    unexpected: readonly UnexpectedCode[],
  ) => {
    const route = routeOf.get(outputPath)
    if (!route) return
    found.set(outputPath, { route, facts: checked(withSharedUrlsOnce(facts)), unexpected })
    if (length > (largest.get(route.template)?.length ?? -1)) largest.set(route.template, { route, length, ...page })
  }
  // The texts of undeclared code, for the error to quote: read from the page only when there is any.
  const quoted = (found: readonly Omit<UnexpectedCode, 'text'>[], html: string) =>
    found.map((u) => ({ ...u, text: findInlineText(html, u.kind, u.hash) ?? u.hash }))
  const inspect = (outputPath: string, html: string) => {
    const summary = summarize(html)
    record(outputPath, summary, { html }, quoted(undeclared(summary.facts), html))
  }
  return {
    output: {
      get count() {
        return output.count
      },
      async write(file) {
        if (routeOf.has(file.path))
          inspect(file.path, typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'))
        await output.write(file)
      },
      async link(file, page) {
        if (routeOf.has(file)) {
          reading = reading.then(async () => {
            const { source, contents } = page
            const sent = page.derived?.['page-facts'] as PageSummary | undefined
            // Kept once before the memo encodes it, so the memo's table meets the one list's text.
            const known = sent && { ...sent, facts: withSharedUrlsOnce(sent.facts) }
            const summary = await memo.derive({ name: factsMemoName, source, contents, known, codec: summaryCodec, compute: summarize })
            const odd = undeclared(summary.facts)
            const unexpected = odd.length === 0 ? noItems : quoted(odd, contents ?? (await readFile(source, 'utf8')))
            record(file, summary, contents === undefined ? { source } : { html: contents }, unexpected)
          })
        }
        await output.link(file, page)
      },
      commit: () => output.commit(),
      abort: () => output.abort(),
    },
    async pages() {
      await reading
      const pages = routes.flatMap((r) => found.get(r.outputPath) ?? [])
      // A build writes every page of its plan or fails before its check: a page missing here would
      // leave links to it unchecked, a fault of the build, not of the site.
      if (planned && pages.length < routes.length)
        throw new Error(`The link check left out links to ${routes.length - pages.length} pages of the plan that were not written`)
      return pages
    },
    async largest() {
      await reading
      const pages = new Map<string, { route: RoutePlan; html: string }>()
      for (const [kind, page] of largest) pages.set(kind, { route: page.route, html: page.html ?? (await readFile(page.source!, 'utf8')) })
      return pages
    },
  }
}

/**
 * What the checks keep of a page's facts: its links but those to the plan's own pages
 * (`planned`), which leaves the pages of a kind, a service and a language mostly alike (at 10,107
 * pages, 27 different facts); each alike set is kept once, as the first page's object. Pages are
 * alike when their other links are and their other lists are the same lists, as the page memo
 * shares them (summaryCodec). At 50,000 pages, a copy of each page's facts held until the check
 * was about a tenth of the main thread's heap at the end of rendering.
 */
function checkedFacts(planned: PlannedAddresses | undefined): (facts: PageFacts) => PageFacts {
  const kept = new Map<string, PageFacts>()
  const numbers = new WeakMap<readonly string[], number>()
  let count = 0
  const numberOf = (list: readonly string[]) => {
    let number = numbers.get(list)
    if (number === undefined) numbers.set(list, (number = count++))
    return number
  }
  return (facts) => {
    const urls = planned ? facts.urls.filter((url) => !planned.has(url)) : facts.urls
    const key = [JSON.stringify(urls), ...factLists.map((name) => (name === 'urls' ? '' : numberOf(facts[name])))].join('|')
    const known = kept.get(key)
    if (known) return known
    const own = urls.length === facts.urls.length ? facts : { ...facts, urls }
    if (kept.size < sharedListsBound) kept.set(key, own)
    return own
  }
}

/** The inline code of a page's facts that `declared` does not hold, in the order scripts, styles, style attributes. */
function undeclaredIn(declared: InlineCode): (facts: PageFacts) => Omit<UnexpectedCode, 'text'>[] {
  const kinds = [
    ['script', 'scriptHashes', new Set(declared.scripts)],
    ['style', 'styleHashes', new Set(declared.styles)],
    ['style attribute', 'styleAttributeHashes', new Set(declared.styleAttributes)],
  ] as const
  return (facts) =>
    kinds.flatMap(([kind, list, allowed]) => facts[list].filter((hash) => !allowed.has(hash)).map((hash) => ({ kind, hash })))
}

interface PageSummary {
  readonly facts: PageFacts
  /** Length of the HTML, to find each kind's largest page without keeping every page. */
  readonly length: number
}

const summarize = (html: string): PageSummary => ({ facts: collectPageFacts(html), length: html.length })

/** The lists of PageFacts, in the order a page's memo value holds them. */
const factLists = [
  'urls',
  'sharedUrls',
  'ids',
  'scriptHashes',
  'styleHashes',
  'styleAttributeHashes',
  'images',
  'stylesheets',
  'scripts',
  'imageOrigins',
  'frameOrigins',
] as const

/** The page memo's name for the facts: another set of lists is another value, never misread as this one. */
const factsMemoName = `page-facts(${factLists.join(',')})`

/**
 * Facts through JSON as one flat array of numbers: the length, then each list's size and its
 * strings by their numbers in the memo's table. (One array a page instead of eleven objects and
 * arrays: derived.json parses in two thirds of the time.) The shared parts' links, the same list
 * on thousands of pages, are one string of the table (the list as JSON): size 1 and its number.
 */
const summaryCodec: MemoCodec<PageSummary> = {
  encode: ({ facts, length }, strings) => {
    const flat = [length]
    for (const name of factLists) {
      if (name === 'sharedUrls' && facts.sharedUrls.length > 0) flat.push(1, strings.number(jsonOf(facts.sharedUrls)))
      else {
        flat.push(facts[name].length)
        for (const text of facts[name]) flat.push(strings.number(text))
      }
    }
    return flat
  },
  decode: (json, strings) => {
    const flat = json as number[]
    const shared = sharedListsOf(strings)
    let at = 1
    // Every field in one literal first, so that all are the object's own (fields added one by one
    // past an empty literal's first four take a second array per page); then read in the file's order.
    const lists: Record<(typeof factLists)[number], readonly string[]> = {
      urls: noItems,
      sharedUrls: noItems,
      ids: noItems,
      scriptHashes: noItems,
      styleHashes: noItems,
      styleAttributeHashes: noItems,
      images: noItems,
      stylesheets: noItems,
      scripts: noItems,
      imageOrigins: noItems,
      frameOrigins: noItems,
    }
    for (const name of factLists) {
      const size = flat[at++]!
      if (name === 'sharedUrls' && size === 1) {
        const number = flat[at++]!
        const key = `${name}:${number}`
        let list = shared.get(key)
        if (!list) {
          list = JSON.parse(strings.text(number)) as string[]
          if (shared.size < sharedListsBound) {
            shared.set(key, list)
            decodedOnce.add(list)
          }
        }
        lists[name] = list
        continue
      }
      const key = name === 'urls' || size === 0 ? undefined : `${name}:${flat.slice(at, at + size).join(',')}`
      const known = key === undefined ? (size === 0 ? noItems : undefined) : shared.get(key)
      if (known) {
        lists[name] = known
        at += size
        continue
      }
      // The table's own strings: parsed once from the file, shared by every page that has them.
      const texts = new Array<string>(size)
      for (let i = 0; i < size; i++) texts[i] = strings.text(flat[at++]!)
      lists[name] = texts
      if (key !== undefined && shared.size < sharedListsBound) shared.set(key, texts)
    }
    return { length: flat[0]!, facts: lists }
  },
}

/**
 * Every list of a page's facts but its links is the same on most pages of a kind (the inline
 * code's hashes, the stylesheet and script, the header's and footer's ids): each distinct list
 * is kept once per string table, not once per page (at 50,000 pages, hundreds of thousands of
 * small arrays). Keyed by the table's numbers, so only within one table. Its links differ from
 * page to page and are left out.
 */
const sharedLists = new WeakMap<StringTable, Map<string, readonly string[]>>()
/** Shared-links lists decoded from a table: each is the one list of its pages (within its table). */
const decodedOnce = new WeakSet<readonly string[]>()
/** How many distinct lists are kept for sharing: enough for every kind and language of page. */
const sharedListsBound = 10_000

function sharedListsOf(strings: StringTable): Map<string, readonly string[]> {
  let shared = sharedLists.get(strings)
  if (!shared) sharedLists.set(strings, (shared = new Map()))
  return shared
}

/** A shared-links list as the table keeps it, once per list (the same string, so the table hashes it once). */
const listTexts = new WeakMap<readonly string[], string>()
function jsonOf(list: readonly string[]): string {
  let text = listTexts.get(list)
  if (text === undefined) listTexts.set(list, (text = JSON.stringify(list)))
  return text
}
