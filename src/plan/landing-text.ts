import { decodeHTML } from 'entities/decode'
import MarkdownIt from 'markdown-it'
import type { FormConfig } from '../config/site-model.js'
import type { LandingBlock, LandingPageProps } from './landing-model.js'

// The same settings as templates/components/Markdown.tsx, so the text matches what is rendered.
// No typographer here: site.yaml `typographer` applies one to every field alike (templates/typeset.ts).
const md = new MarkdownIt({ html: false, linkify: false, typographer: false })

/**
 * The visible text of a landing page's main content, section by section in the page's `layout`
 * as templates/pages/LandingPage.tsx renders it, read from the planned props rather than from
 * rendered HTML. This is what the quality gate scores: deciding `noindex` needs every page's text
 * before any page's <head> is written, and the plan has it without a second render pass.
 * tests/plan/example-site.build.test.ts checks that this text and the rendered <main> agree.
 *
 * Header, footer and the JSON-LD script are not main content. The form's labels and options are:
 * they are on every page alike, which is exactly what a similarity score should see.
 */
export function landingMainText(props: LandingPageProps, form?: FormConfig): string {
  return landingTextParts(props, form).join(' ').replace(/\s+/g, ' ').trim()
}

/**
 * landingMainText's parts in order, before they are joined: no word spans two parts, so a text's
 * words are its parts' words in turn, and a part shared by many pages (a service's FAQ, the
 * form's labels) is read once per build (`toText` may be a memo of markdownToText).
 */
export function landingTextParts(
  props: LandingPageProps,
  form?: FormConfig,
  toText: (markdown: string) => string = markdownToText,
): string[] {
  const parts: (string | undefined)[] = []
  const markdown = (text: string | undefined) => (text === undefined ? undefined : toText(text))
  const features = (block?: { heading?: string; text?: string; items: readonly { title: string; description?: string }[] }) => {
    if (!block) return
    parts.push(block.heading, markdown(block.text))
    for (const item of block.items) parts.push(item.title, item.description)
  }
  const testimonials = (block?: { heading?: string; items: readonly { quote: string; name?: string; company?: string }[] }) => {
    if (!block) return
    parts.push(block.heading)
    for (const t of block.items) parts.push(t.quote, t.name, t.company)
  }
  const faqs = (block?: { heading?: string; items: readonly { question: string; answer: string }[] }) => {
    if (!block) return
    parts.push(block.heading)
    for (const f of block.items) parts.push(f.question, markdown(f.answer))
  }
  const formFields = () => [
    ...(form?.fields ?? []).flatMap((field) => [
      field.label,
      field.placeholder && field.type === 'select' ? field.placeholder : undefined,
      field.help,
      ...(field.options ?? []).map((o) => o.label),
    ]),
    form?.submitLabel,
  ]
  const text: Record<LandingBlock, () => void> = {
    hero: () => {
      const { hero } = props
      parts.push(hero.eyebrow, hero.title, markdown(hero.lead), ...hero.actions.map((a) => a.label), ...hero.badges)
    },
    // In the order of templates/sections/Hero.tsx's background layout: the copy, buttons and
    // badges, then the form beside them (its text as written: the hero shows it as plain text).
    'hero-form': () => {
      const { hero } = props
      parts.push(hero.eyebrow, hero.title, markdown(hero.lead), ...hero.actions.map((a) => a.label), ...hero.badges)
      if (props.form) parts.push(props.form.heading, props.form.text, ...formFields())
    },
    breadcrumbs: () => parts.push(...props.breadcrumbs.map((b) => b.label)),
    intro: () => props.intro && parts.push(props.intro.heading, markdown(props.intro.text)),
    local: () => {
      if (!props.local) return
      parts.push(props.local.heading, markdown(props.local.text))
      for (const fact of props.local.facts) parts.push(fact.label, ...fact.items)
    },
    highlights: () => features(props.highlights),
    benefits: () => features(props.benefits),
    services: () => {
      if (!props.serviceCards) return
      parts.push(props.serviceCards.heading, markdown(props.serviceCards.text))
      // Each card: its title, text, features and its link ("Learn more"), whose hidden rest names the card again.
      for (const card of props.serviceCards.items)
        parts.push(card.title, card.description, ...(card.features ?? []), props.serviceCards.linkLabel, card.title)
    },
    testimonials: () => testimonials(props.testimonials),
    'service-testimonials': () => testimonials(props.serviceTestimonials),
    faq: () => faqs(props.faqs),
    'service-faq': () => faqs(props.serviceFaqs),
    nearby: () => {
      if (!props.areas) return
      parts.push(props.areas.heading, markdown(props.areas.text))
      for (const n of props.areas.nearby) parts.push(n.label, n.distance)
    },
    siblings: () => props.siblings && parts.push(props.siblings.heading, ...props.siblings.items.map((s) => s.label)),
    form: () => {
      if (!props.form) return
      parts.push(props.form.heading, markdown(props.form.text), ...formFields())
    },
    // In the order of the stats band's <dl>: each label (dt) before its value (dd).
    stats: () => props.stats && parts.push(props.stats.heading, ...props.stats.items.flatMap((s) => [s.label, s.value])),
    cta: () => props.cta && parts.push(props.cta.heading, markdown(props.cta.text), ...props.cta.actions.map((a) => a.label)),
  }
  for (const block of props.layout) text[block]()
  return parts.filter((p): p is string => Boolean(p))
}

/**
 * Words of a text: runs of letters and digits, lower-cased, apostrophes kept inside words (what a
 * shingle is made of). Latin, Greek and Cyrillic letters by code-point range rather than with
 * \p{L}: twice as fast, which matters at 10,000 pages.
 */
export function wordsOf(text: string): string[] {
  // ’ and ' are one apostrophe: the site's typographer (templates/typeset.ts) may turn one into the other.
  return (
    text
      .toLowerCase()
      .replaceAll('’', "'")
      .match(/[a-z0-9\u00c0-\u02af\u0370-\u1fff]+(?:['’][a-z\u00c0-\u02af\u0370-\u1fff]+)?/g) ?? []
  )
}

/** Markdown as the words a reader sees (markup and entities removed). */
export function markdownToText(text: string): string {
  return decodeHTML(md.render(text).replace(/<[^>]+>/g, ' '))
}
