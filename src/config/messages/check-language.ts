import { fail, NoOwnWords, UnknownMessageValue } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { escapePointer, locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import { en, type MessageKey } from './en.js'
import { type Message, shippedLanguages, shippedMessagesFor } from './messages.js'

/** A site's messages.yaml: entries of citypress's table in the site's own words. */
export type OwnMessages = Readonly<Partial<Record<MessageKey, Message>>>

/**
 * Why citypress cannot write pages in `language`: not a tag browsers read, one this Node's Intl has
 * no dates and numbers for (a small-ICU Node would fall back to English without a word), or one
 * written right to left, which the templates are not laid out for. Undefined when it can.
 */
export function languageProblem(language: string): 'tag' | 'intl' | 'rtl' | undefined {
  try {
    Intl.getCanonicalLocales(language)
  } catch {
    return 'tag'
  }
  if (Intl.DateTimeFormat.supportedLocalesOf([language]).length === 0) return 'intl'
  if (directionOf(language) === 'rtl') return 'rtl'
  return undefined
}

/** Each entry of messages.yaml uses only the `{name}`s citypress fills in for it. */
export function checkOwnMessages(source: YamlSource, messages: OwnMessages): ConfigError[] {
  const errors: ConfigError[] = []
  for (const [key, entry] of Object.entries(messages) as [MessageKey, Message][]) {
    const known = valueNames(en[key])
    const forms: [string, string][] = typeof entry === 'string' ? [['', entry]] : Object.entries(entry)
    for (const [form, text] of forms) {
      for (const name of valueNames(text).filter((n) => !known.includes(n))) {
        const pointer = `/${escapePointer(key)}${form ? `/${form}` : ''}`
        errors.push(fail(UnknownMessageValue, { path: key, ...locate(source, pointer) }, key, name, known))
      }
    }
  }
  return errors
}

/**
 * A language citypress ships no words for is written in the site's own: messages.yaml must then
 * give every entry, or those texts would be English on every page. `language` is the site's as
 * normalizeSite resolved it: one citypress can write (an unusable one is checkLanguages's error).
 */
export function missingOwnWords(site: YamlSource, language: string, own: OwnMessages = {}): ConfigError[] {
  if (shippedMessagesFor(language)) return []
  const missing = Object.keys(en).filter((key) => !(key in own))
  if (missing.length === 0) return []
  return [fail(NoOwnWords, { path: 'language', ...locate(site, '/language') }, language, shippedNames(), missing)]
}

/** "English and Spanish", in English: the catalogue's language. */
function shippedNames(): string[] {
  const names = new Intl.DisplayNames('en', { type: 'language' })
  return shippedLanguages.map((code) => names.of(code) ?? code)
}

function valueNames(entry: Message): string[] {
  const texts = typeof entry === 'string' ? [entry] : Object.values(entry)
  return [...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))]
}

/** Intl.Locale's text direction: a method in newer engines, a property in Node 20's. */
function directionOf(language: string): string | undefined {
  const locale = new Intl.Locale(language) as Intl.Locale & {
    getTextInfo?: () => { direction?: string }
    textInfo?: { direction?: string }
  }
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction
}
