import MarkdownIt from 'markdown-it'
import type { FormConfig } from '../types.js'
import type { LandingPageProps } from './landing-model.js'

// The same settings as templates/components/Markdown.tsx, so the text matches what is rendered.
// No typographer here: site.yaml `typographer` applies one to every field alike (templates/typeset.ts).
const md = new MarkdownIt({ html: false, linkify: false, typographer: false })

/**
 * The visible text of a landing page's main content, in the order templates/pages/LandingPage.tsx
 * renders it, read from the planned props rather than from rendered HTML. This is what the
 * quality gate scores: deciding `noindex` needs every page's text before any page's <head> is
 * written, and the plan has it without a second render pass. tests/landing/quality.test.ts
 * checks that this text and the rendered <main> agree.
 *
 * Header, footer and the JSON-LD script are not main content. The form's labels and options are:
 * they are on every page alike, which is exactly what a similarity score should see.
 */
export function landingMainText(props: LandingPageProps, form?: FormConfig): string {
  const parts: (string | undefined)[] = []
  const { hero } = props
  parts.push(hero.eyebrow, hero.title, markdown(hero.lead), ...hero.actions.map((a) => a.label), ...hero.badges)
  parts.push(...props.breadcrumbs.map((b) => b.label))
  if (props.intro) parts.push(props.intro.heading, markdown(props.intro.text))
  if (props.local) {
    parts.push(props.local.heading, markdown(props.local.text))
    for (const fact of props.local.facts) parts.push(fact.label, ...fact.items)
  }
  if (props.highlights) {
    parts.push(props.highlights.heading, markdown(props.highlights.text))
    for (const item of props.highlights.items) parts.push(item.title, item.description)
  }
  if (props.testimonials) {
    parts.push(props.testimonials.heading)
    for (const t of props.testimonials.items) parts.push(t.quote, t.name, t.company)
  }
  if (props.faqs) {
    parts.push(props.faqs.heading)
    for (const f of props.faqs.items) parts.push(f.question, markdown(f.answer))
  }
  parts.push(props.areas.heading, markdown(props.areas.text))
  for (const n of props.areas.nearby) parts.push(n.label, n.miles !== undefined ? `${n.miles} mi` : undefined)
  if (props.siblings) parts.push(props.siblings.heading, ...props.siblings.items.map((s) => s.label))
  if (props.form) {
    parts.push(props.form.heading, markdown(props.form.text))
    for (const field of form?.fields ?? []) parts.push(field.label, field.placeholder && field.type === 'select' ? field.placeholder : undefined, field.help, ...(field.options ?? []).map((o) => o.label))
    parts.push(form?.submitLabel)
  }
  return parts.filter((p): p is string => Boolean(p)).join(' ').replace(/\s+/g, ' ').trim()
}

/**
 * Words of a text: runs of letters and digits, lower-cased, apostrophes kept inside words (what a
 * shingle is made of). Latin, Greek and Cyrillic letters by code-point range rather than with
 * \p{L}: twice as fast, which matters at 10,000 pages.
 */
export function wordsOf(text: string): string[] {
  // ’ and ' are one apostrophe: the site's typographer (templates/typeset.ts) may turn one into the other.
  return text.toLowerCase().replaceAll('’', "'").match(/[a-z0-9\u00c0-\u02af\u0370-\u1fff]+(?:['’][a-z\u00c0-\u02af\u0370-\u1fff]+)?/g) ?? []
}

/** Markdown as the words a reader sees (markup and entities removed). */
export function markdownToText(text: string): string {
  return decodeEntities(md.render(text).replace(/<[^>]+>/g, ' '))
}

function markdown(text: string | undefined): string | undefined {
  return text === undefined ? undefined : markdownToText(text)
}

function decodeEntities(html: string): string {
  return html.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, name: string) => {
    const lower = name.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10))
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[lower]!
  })
}
