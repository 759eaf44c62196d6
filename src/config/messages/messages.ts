import { en, type MessageKey } from './en.js'
import { es } from './es.js'

export type { MessageKey }

/** One entry: a text, or one text per plural category of its `count` (`other` always given). */
export type Message = string | (Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & { readonly other: string })

/** A language's table: every key English has. */
export type Messages = Readonly<Record<MessageKey, Message>>

/** The tables shipped with citypress, by primary language subtag. */
const tables: Readonly<Record<string, Messages>> = { en, es }

/** The table citypress ships for a BCP 47 tag, by its language subtag (`es-US` → Spanish). */
export function shippedMessagesFor(language: string): Messages | undefined {
  return tables[language.split('-')[0]!.toLowerCase()]
}

/**
 * A site's words: citypress's table for its language with the site's own entries (messages.yaml)
 * over it. A language citypress ships no table for must give every entry (config/ checks it);
 * English fills what it does not.
 */
export function messagesFor(language: string, own: Readonly<Partial<Messages>> = {}): Messages {
  return { ...(shippedMessagesFor(language) ?? en), ...own }
}

/**
 * A value that stands for markup in an entry ("This page has moved to {link}."): the entry is
 * written with it, escaped or rendered as text, and the markup put in its place afterwards.
 */
export const HOLE = '\u0000'

/** The languages citypress ships a table for. */
export const shippedLanguages: readonly string[] = Object.keys(tables)

/**
 * An entry of `messages` written out for `language`: `{name}` filled from `values`, and the plural
 * form of `values.count` where the entry has plural forms.
 */
export function formatMessage(
  messages: Messages,
  language: string,
  key: MessageKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const entry = messages[key]
  const text = typeof entry === 'string' ? entry : (entry[new Intl.PluralRules(language).select(Number(values.count ?? 0))] ?? entry.other)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** An entry of a site's own table, in its language (site.yaml, as config/ resolved it). */
export function siteText(
  site: { readonly messages: Messages; readonly language: string },
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
): string {
  return formatMessage(site.messages, site.language, key, values)
}

/** The blog's title: site.yaml `blog.title`, else our word for a blog in the site's language. */
export function blogTitle(site: {
  readonly blog?: { readonly title?: string }
  readonly messages: Messages
  readonly language: string
}): string {
  return site.blog?.title ?? siteText(site, 'blog')
}
