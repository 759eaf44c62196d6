import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { isScalar, type Node, stringify, visit, type Document as YamlDocument } from 'yaml'
import { stateName } from '../../src/config/areas/us-states.js'
import { en } from '../../src/config/messages/en.js'
import type { TemplateName } from '../../src/config/site-model.js'
import { editSiteFiles, type Marks, markPlainText } from '../helpers/plain-text-fields.js'
import { siteFrom } from '../helpers/site.js'
import { type BuiltSite, buildInMemory } from '../plan/helpers.js'

// A pseudo-language shows every word citypress writes that does not come from a translatable
// text: the every-field fixture, built in `en-XA` with every plain-text and Markdown field and
// every entry of citypress's table (through messages.yaml) wrapped in ⟦…⟧. What a visitor reads
// outside the markers must be data no language changes (names, places, numbers), or Intl's.

const LANGUAGE = 'en-XA'
const wrap = (text: string) => `⟦${text}⟧`

/** Words of the strings no schema calls text (names, places, codes): data, the same in every language. */
const dataWords = new Set<string>()
const wordsOf = (text: string) => text.match(/\p{L}+/gu) ?? []

/** Wraps a file's texts, and collects its data words; `language` is set below. */
function wrapTexts(doc: YamlDocument, schema: string): string {
  markPlainText(doc.contents as Node, schema, marks, wrap, { markdown: true })
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && !node.value.startsWith('⟦')) for (const word of wordsOf(node.value)) dataWords.add(word)
    },
    Pair(_, pair) {
      // Keys are names, not text.
      if (isScalar(pair.key) && pair.key.value === 'language') return visit.REMOVE
    },
  })
  return schema === 'site.schema.json' ? `${doc.toString()}language: ${LANGUAGE}\n` : doc.toString()
}

/** A Markdown body wrapped paragraph by paragraph. */
function wrapBody(text: string): string {
  return `${text
    .split(/\n{2,}/)
    .map((paragraph) => (paragraph.trim() ? wrap(paragraph.trim()) : paragraph))
    .join('\n\n')}\n`
}

/** The words Intl writes for the language: months, weekdays, day periods, the mile's unit. */
function intlWords(language: string): Set<string> {
  const words = new Set<string>()
  for (let day = 0; day < 366; day += 1) {
    const date = new Date(Date.UTC(2024, 0, 1 + day, 12))
    for (const options of [{ month: 'long' }, { month: 'short' }, { weekday: 'long' }, { hour: 'numeric' }] as const)
      for (const word of wordsOf(date.toLocaleString(language, { ...options, timeZone: 'UTC' }))) words.add(word)
  }
  for (const word of wordsOf(new Intl.NumberFormat(language, { style: 'unit', unit: 'mile' }).format(2))) words.add(word)
  for (const word of wordsOf(new Intl.ListFormat(language).format(['a', 'b', 'c']))) words.add(word)
  return words
}

/** The text left when every marked text is taken out, innermost first (a heading holds a service's title). */
function unmarked(text: string): string {
  let rest = text
  for (let before = ''; before !== rest; ) {
    before = rest
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')
  }
  return rest
}

/** Attributes whose words a visitor reads, or a widget writes into the page. */
const shownAttributes = ['alt', 'aria-label', 'title', 'placeholder', 'data-message', 'data-submitting-label', 'data-text']

let site: BuiltSite
let allowed: Set<string>
const marks: Marks = { next: 1, fields: new Set<string>(), fieldOf: new Map(), textOf: new Map() }

beforeAll(async () => {
  const dir = await siteFrom('every-field')
  editSiteFiles(dir, wrapTexts, wrapBody)
  const table = Object.fromEntries(
    Object.entries(en).map(([key, entry]) => [
      key,
      typeof entry === 'string' ? wrap(entry) : Object.fromEntries(Object.entries(entry).map(([form, text]) => [form, wrap(String(text))])),
    ]),
  )
  writeFileSync(path.join(dir, 'messages.yaml'), stringify(table))
  // A state's name is a place's name, written as the language writes it (src/plan/us-states.ts).
  allowed = new Set([...dataWords, ...intlWords(LANGUAGE), ...wordsOf(stateName('IL', LANGUAGE))])
  site = await buildInMemory(dir)
}, 120_000)

describe('a site in a pseudo-language', () => {
  it('is built on every page kind', () => {
    const kinds: TemplateName[] = ['sections', 'service', 'landing', 'post', 'blog-index', 'locations', 'not-found', 'form-success']
    expect(new Set(site.routes.map((r) => r.template))).toEqual(new Set(kinds))
    expect(site.page('/')).toContain(`<html lang="${LANGUAGE}"`)
    // Every text field of the fixture was wrapped, and the table's entries with them.
    expect(marks.next).toBeGreaterThan(200)
    expect(site.page('/404')).toContain('⟦This page could not be found.⟧')
  })

  it('shows no word outside the markers but names, places, numbers and what Intl writes', () => {
    const loose: string[] = []
    for (const route of site.routes) {
      const { document } = new JSDOM(site.page(route.url)).window
      for (const element of document.querySelectorAll('script, style, template')) element.remove()
      // Text nodes apart, so two fields side by side do not make one word.
      const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */)
      const nodes: string[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node.textContent ?? '')
      const texts = [document.title, nodes.join(' ')]
      for (const name of shownAttributes)
        for (const element of document.querySelectorAll(`[${name}]`)) texts.push(element.getAttribute(name) ?? '')
      for (const element of document.querySelectorAll('input[type="submit"], input[type="button"]'))
        texts.push(element.getAttribute('value') ?? '')
      for (const text of texts) {
        const words = wordsOf(unmarked(text)).filter((word) => !allowed.has(word))
        if (words.length > 0) loose.push(`${route.url}: ${[...new Set(words)].join(' ')}`)
      }
    }
    expect(loose).toEqual([])
  })

  it('has the widgets write only texts of the table at run time', () => {
    const script = /src="\/(assets\/site-\w+\.js)"/.exec(site.page('/'))![1]!
    const code = site.file(script)
    // Entries of more than one word: a single word ("Accept") is also a name in the code.
    const english = Object.values(en)
      .flatMap((entry): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry)))
      .filter((text) => /\s/.test(text))
    // esbuild writes ⟦ as the escape \u27E6; an English entry may appear only right after it.
    const bare = english.filter((text) =>
      code
        .split(text)
        .slice(0, -1)
        .some((before) => !before.endsWith('\\u27E6')),
    )
    expect(bare).toEqual([])
    expect(code).toContain('\\u27E6Link copied to clipboard!\\u27E7')
  })
})
