import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Node } from 'yaml'
import { isolateBidi } from '../../templates/isolate-bidi.js'
import { editSiteFiles, type Marks, markPlainText, plainTextFields } from '../helpers/plain-text-fields.js'
import { siteFrom } from '../helpers/site.js'
import { type BuiltSite, buildInMemory } from '../plan/helpers.js'

// Right-to-left text is isolated wherever a plain-text field is shown. The
// every-field fixture sets every plain-text field of every schema; each of its strings gets a
// numbered Hebrew marker with punctuation, and the built pages must isolate every marker.

const marker = (n: number) => `«מבחן ${n}, כן!»`
const markerIds = (text: string) => [...text.matchAll(/מבחן (\d+)/g)].map((m) => Number(m[1]!))

/** A service's title is also the {service} and {serviceLower} token of other fields' text. */
const tokenSources = new Set(['service.schema.json#/properties/title'])

/**
 * The fields a text shows apart from the text of tokens: a heading "Questions about {service}"
 * is one field, with the service's title inside it.
 */
function fieldMarkers(ids: number[]): Set<number> {
  const own = ids.filter((id) => !tokenSources.has(marks.fieldOf.get(id) ?? ''))
  return new Set(own.length > 0 ? own : ids)
}

/** Whether a text is the marked text of a field, whitespace collapsed, whatever its tokens became. */
function isFieldText(text: string, id: number): boolean {
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim()
  const escaped = squeeze(marks.textOf.get(id) ?? '').replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/\{[a-zA-Z]+\}/g, '.+?')}$`).test(squeeze(text))
}

/**
 * Plain-text fields that no visitor reads as text, so the fixture leaves them out: they are
 * lists of code for the Content-Security-Policy, and a marker would declare code no page has.
 */
const notShown = new Set([
  'site.schema.json#/properties/csp/properties/inlineScripts',
  'site.schema.json#/properties/csp/properties/inlineStyles',
  'site.schema.json#/properties/csp/properties/styleAttributes',
])

let site: BuiltSite
/** Each page parsed once: two tests walk every page. */
const documents = new Map<string, Document>()
const documentOf = (url: string) => {
  let document = documents.get(url)
  if (!document) documents.set(url, (document = new JSDOM(site.page(url)).window.document))
  return document
}
const marks: Marks = { next: 1, fields: new Set<string>(), fieldOf: new Map(), textOf: new Map() }
beforeAll(async () => {
  const dir = await siteFrom('every-field')
  // Each YAML file, or the front matter of a Markdown file, marked in place.
  editSiteFiles(dir, (doc, schema) => {
    markPlainText(doc.contents as Node, schema, marks, (text, n) => `${text} ${marker(n)}`)
    return doc.toString()
  })
  site = await buildInMemory(dir)
}, 60_000)

describe('right-to-left text in plain-text fields', () => {
  it('is tried in every plain-text field of every schema, since the fixture sets each of them', () => {
    const fields = [...plainTextFields().values()]
    // messages.yaml holds a site's words for citypress's own texts, whose language is left to right
    // (config/ refuses the others); tests/render/pseudo-language.build.test.ts tries each of them.
    const missing = fields.filter((field) => !marks.fields.has(field) && !notShown.has(field) && !field.startsWith('messages.schema.json#'))
    expect(missing).toEqual([])
    expect(fields.length).toBeGreaterThan(150)
  })

  it('is inside an isolating element of its own (`<bdi>` or `dir`) at every occurrence on every page', () => {
    const loose: string[] = []
    let occurrences = 0
    for (const route of site.routes) {
      const document = documentOf(route.url)
      const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const ids = markerIds(text.textContent ?? '')
        // Structured data and code are not shown.
        if (ids.length === 0 || text.parentElement?.closest('script, style')) continue
        occurrences += ids.length
        const isolating = (text.parentElement as Element | null)?.closest('bdi, [dir]')
        const isolated = isolating?.textContent ?? ''
        // Its own: the isolating element holds one field's text and nothing else: no other field
        // (each part of "Springfield, IL 62701" is isolated), and no text of the template, which a
        // right-to-left field would carry to its wrong side ("Office: ", "Name. All rights reserved.").
        const own = [...fieldMarkers(ids)]
        if (
          !isolating ||
          isolating === document.body ||
          own.length > 1 ||
          !isFieldText(isolated, own[0]!) ||
          markerIds(isolated).some((id) => !ids.includes(id))
        ) {
          loose.push(
            `${route.url}: ${isolating?.outerHTML.slice(0, 100) ?? `<${text.parentElement?.tagName.toLowerCase()}> ${text.textContent?.trim().slice(0, 60)}`}`,
          )
        }
      }
    }
    expect(marks.next).toBeGreaterThan(200)
    expect(occurrences).toBeGreaterThan(800)
    expect(loose).toEqual([])
  })

  it('is written by the form widget into elements that isolate it (the submitting label and the error)', () => {
    const loose: string[] = []
    let forms = 0
    for (const route of site.routes) {
      const document = documentOf(route.url)
      for (const form of document.querySelectorAll<HTMLFormElement>('form[data-submitting-label]')) {
        forms++
        // templates/widgets/form.client.ts sets these elements' textContent, so the text has no <bdi> of its own.
        const written = [form.querySelector('[type="submit"]'), form.querySelector('[data-form-error]')]
        for (const element of written) if (!element?.closest('[dir]')) loose.push(`${route.url}: ${element?.outerHTML.slice(0, 80)}`)
      }
    }
    expect(forms).toBeGreaterThan(5)
    expect(loose).toEqual([])
  })

  it('leaves a page without right-to-left letters as it is, and wraps only the text nodes that have one', () => {
    const html =
      '<p class="x">Plain “quote”</p><ul><li>שלום, עולם!</li><li>Two</li></ul><script>var a = "שלום"</script><select><option dir="auto">שלום</option></select>'
    expect(isolateBidi('<p>Plain “quote”</p>')).toBe('<p>Plain “quote”</p>')
    expect(isolateBidi(html)).toBe(
      '<p class="x">Plain “quote”</p><ul><li><bdi>שלום, עולם!</bdi></li><li>Two</li></ul><script>var a = "שלום"</script><select><option dir="auto">שלום</option></select>',
    )
  })
})
