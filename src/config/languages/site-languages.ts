import { BothLanguageForms, fail, NotALanguageTag, RightToLeft, SameLanguageTwice, UnknownToIntl } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { languageProblem } from '../messages/check-language.js'
import { shippedLanguages } from '../messages/messages.js'
import { locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { SiteInput } from '../site-input.generated.js'

/** A language the site is written in (site.yaml `languages`, or its one `language`). */
export interface SiteLanguage {
  /** Its BCP 47 tag as site.yaml writes it: the pages' `lang` and `hreflang`. */
  readonly code: string
  /** Its name in itself, as the link to it reads: "Español". */
  readonly label: string
  /** The address segment its pages are under ("es" → /es/…); "" for the default language. */
  readonly path: string
}

/**
 * The site's languages, the default first: `languages`, else the one `language`. A language
 * citypress cannot write was reported with site.yaml (checkLanguages) and is left out; with none
 * left the site is English, so the round's other checks go on.
 */
export function siteLanguages(input: Pick<SiteInput, 'language' | 'languages'>): SiteLanguage[] {
  // A site that names no language is in English, the language of citypress's own words.
  const english: { code: string; label?: string; path?: string } = { code: shippedLanguages[0]! }
  const listed = input.languages ?? [input.language === undefined ? english : { code: input.language }]
  const [first = english, ...others] = listed.filter((l) => !languageProblem(l.code))
  return [
    { code: first.code, label: first.label ?? nameInItself(first.code), path: '' },
    ...others.map((l) => ({ code: l.code, label: l.label ?? nameInItself(l.code), path: l.path ?? primarySubtag(l.code) })),
  ]
}

/** site.yaml's `language` or `languages`: each a language citypress can write, each once, with an address of its own. */
export function checkLanguages(source: YamlSource, input: Pick<SiteInput, 'language' | 'languages'>): ConfigError[] {
  const errors: ConfigError[] = []
  const place = (pointer: string) => ({ path: pointer.slice(1).replaceAll('/', '.'), ...locate(source, pointer) })
  if (input.language !== undefined && input.languages !== undefined) errors.push(fail(BothLanguageForms, place('/languages')))
  const tags = input.languages?.map((l, i) => ({ code: l.code, pointer: `/languages/${i}/code` })) ?? []
  if (input.language !== undefined) tags.push({ code: input.language, pointer: '/language' })
  for (const { code, pointer } of tags) {
    const problem = languageProblem(code)
    if (problem) errors.push(fail({ tag: NotALanguageTag, intl: UnknownToIntl, rtl: RightToLeft }[problem], place(pointer), code))
  }
  const codes = new Set<string>()
  const paths = new Set<string>()
  input.languages?.forEach((l, i) => {
    const code = l.code.toLowerCase()
    if (codes.has(code)) errors.push(fail(SameLanguageTwice, place(`/languages/${i}/code`), 'code', l.code))
    codes.add(code)
    if (i === 0) return
    const segment = l.path ?? primarySubtag(l.code)
    if (paths.has(segment)) errors.push(fail(SameLanguageTwice, place(`/languages/${i}`), 'path', segment))
    paths.add(segment)
  })
  return errors
}

/** "es-US" → "es". */
function primarySubtag(code: string): string {
  return code.split('-')[0]!.toLowerCase()
}

/** What Intl calls a language in itself, capitalised as a label starts: "es" → "Español". */
function nameInItself(code: string): string {
  const language = primarySubtag(code)
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(language) ?? code
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1)
}
