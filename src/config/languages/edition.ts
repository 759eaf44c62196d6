import { fail, MissingTranslation, ReadsAsDefault, warn } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { addTo } from '../../tool/group.js'
import { resolveAreas } from '../areas/resolve-areas.js'
import { yamlFieldDocument } from '../checks/markdown-images.js'
import { type MarkdownSource, scanMarkdown } from '../checks/markdown-refs.js'
import { isMarkdownKind } from '../checks/schema-validators.js'
import { messagesFor } from '../messages/messages.js'
import { normalizeForms, normalizeSite } from '../normalize.js'
import { locate, originOf, parsePointer, pointerOrigin } from '../read/locate.js'
import type { AreasInput, FormsInput, LandingInput, SiteInput } from '../site-input.generated.js'
import type { PageConfig, PostConfig, ServiceConfig, SiteConfig } from '../site-model.js'
import { type BaseFile, type LanguageTranslations, LOCALES, type Translation } from './read-translations.js'
import { untranslatedReason } from './reads-as.js'
import type { SiteLanguage } from './site-languages.js'
import { type TextField, textFields, withTranslation } from './text-fields.js'

/** A text of the site that a language does not have yet. */
export interface MissingText {
  /** The base file's display path, the text's line in it, and its JSON Pointer. */
  readonly file: string
  readonly line: number
  readonly pointer: string
  /** The site-relative translation file it goes in: `locales/es/services/roofing.yaml`. */
  readonly translation: string
}

/**
 * The site in one of its other languages: only what is translated, as a complete SiteConfig that
 * plan/ lays out under the language's address. Nothing falls back to the default language's text.
 */
export interface Edition {
  readonly language: SiteLanguage
  /**
   * The site in this language; absent while site.yaml or forms.yaml has a text without its
   * translation (every page shows them): then no page is made in this language.
   */
  readonly site?: SiteConfig
  /** Every text without this language's translation, base file by base file. */
  readonly missing: readonly MissingText[]
  /** Translation files a machine wrote and no person has reviewed (`translation: { method: machine }`). */
  readonly unreviewed: readonly string[]
  /**
   * Translations that are one only in name (reads-as.ts): a file, or a place of areas.yaml, whose
   * text is the default language's, copied or written anew. Their pages are kept out of search.
   */
  readonly readsAsDefault: readonly NotTranslated[]
  /** What plan/ keeps out of search in this language: these translation files' pages, and these areas' landing pages. */
  readonly hidden: { readonly files: ReadonlySet<string>; readonly areas: ReadonlySet<string> }
}

/** A translation that reads as the default language, and why. */
export interface NotTranslated {
  /** The translation file (site-relative), and its place in it where it is one place of areas.yaml. */
  readonly translation: string
  readonly place?: string
  readonly reason: 'copied' | 'default-language'
  /** Where it is: the translation file's display path and the JSON Pointer of the unit. */
  readonly file: string
  readonly pointer: string
}

/** The raw files an edition is assembled from, beside the finished default-language SiteConfig. */
export interface EditionInputs {
  readonly base: SiteConfig
  /** Every base file by its site-relative name. */
  readonly files: ReadonlyMap<string, BaseFile>
  /** The site-relative name of the file each service, page and post was read from, by its origin file. */
  readonly names: ReadonlyMap<string, string>
  readonly baseUrl?: string
}

/** The site in `translations`' language, and what it lacks. */
export function editionOf(inputs: EditionInputs, translations: LanguageTranslations): Edition {
  const { base, files, names } = inputs
  const { language } = translations
  const folder = `${LOCALES}/${language.code}`
  const missing: MissingText[] = []
  /** The texts of a base file that its translation lacks, recorded in `missing`. */
  const gaps = (name: string): MissingText[] => {
    const file = files.get(name)
    if (!file) return []
    const translation = translations.files.get(name)
    const found = baseTextFields(file)
      .filter((field) => !hasText(translation?.texts, field.pointer))
      .map((field) => ({
        file: file.source.file,
        line: (field.pointer === '/body' ? (file.data as { bodyLine?: number }).bodyLine : locate(file.source, field.pointer).line) ?? 1,
        pointer: field.pointer,
        translation: `${folder}/${name}`,
      }))
    missing.push(...found)
    return found
  }
  const translated = (name: string): Translation | undefined =>
    gaps(name).length === 0 ? (translations.files.get(name) ?? none) : undefined
  const unreviewed = [...translations.files]
    .filter(([, t]) => t.provenance?.method === 'machine' && !t.provenance.reviewed)
    .map(([name]) => `${folder}/${name}`)

  const readsAsDefault = notTranslated(inputs, translations)
  const hidden = {
    files: new Set([...unreviewed, ...readsAsDefault.filter((n) => !n.place).map((n) => n.translation)]),
    areas: new Set(
      readsAsDefault.flatMap((n) => {
        const place = n.place === undefined ? undefined : (files.get('areas.yaml')?.data as AreasInput | undefined)?.places?.[n.place]
        return Object.entries(base.areas.places ?? {}).flatMap(([area, p]) => (place && p === place ? [area] : []))
      }),
    ),
  }

  const shell = [...gaps('site.yaml'), ...gaps('forms.yaml')]
  const texts = (name: string) => translations.files.get(name)?.texts
  const services: ServiceConfig[] = base.services.flatMap((service) => {
    const name = names.get(service.origin.file)!
    const t = translated(name)
    if (!t) return []
    return [{ ...withTranslation(service, t.texts), ...(t.slug ? { addressSlug: t.slug } : {}), origin: originIn(t, service.origin) }]
  })
  const pages: PageConfig[] = base.pages.flatMap((page) => {
    const name = names.get(page.origin.file)!
    const t = translated(name)
    if (!t) return []
    const { body, ...front } = (t.texts ?? {}) as { body?: string }
    const markdown = page.markdown && {
      ...page.markdown,
      body: body ?? page.markdown.body,
      bodyLine: markdownBodyLine(t) ?? page.markdown.bodyLine,
    }
    return [
      {
        ...withTranslation(page, front),
        ...(t.path ? { path: t.path } : {}),
        ...(markdown ? { markdown } : {}),
        origin: originIn(t, page.origin),
      },
    ]
  })
  const posts: PostConfig[] = base.posts.flatMap((post) => {
    const name = names.get(post.origin.file)!
    const t = translations.files.get(name)
    // A post is in a language only where that language has its file.
    if (!t || gaps(name).length > 0) return []
    return [
      {
        ...withTranslation(post, t.texts),
        ...(t.slug ? { addressSlug: t.slug } : {}),
        bodyLine: markdownBodyLine(t) ?? post.bodyLine,
        origin: originIn(t, post.origin),
      },
    ]
  })

  // landing.yaml and areas.yaml: a landing page shows both, and its place's texts.
  const areasFile = files.get('areas.yaml')
  const landingFile = files.get('landing.yaml')
  const areaGaps = gaps('areas.yaml')
  const landingGaps = gaps('landing.yaml')
  const placeGap = (gap: MissingText) => {
    const [file, place, ...inside] = parsePointer(gap.pointer)
    return file === 'places' && inside.length > 0 ? place : undefined
  }
  const untranslatedPlaces = new Set(areaGaps.flatMap((gap) => placeGap(gap) ?? []))
  const hasLanding = landingGaps.length === 0 && areaGaps.every((gap) => placeGap(gap) !== undefined)
  const rawPlaces = (areasFile?.data as AreasInput | undefined)?.places ?? {}
  const untranslatedAreas = new Set(
    Object.entries(base.areas.places ?? {}).flatMap(([area, place]) =>
      [...untranslatedPlaces].some((key) => rawPlaces[key] === place) ? [area] : [],
    ),
  )
  const resolved = resolveAreas({
    areas: withTranslation((areasFile?.data as AreasInput | undefined) ?? { lists: {} }, texts('areas.yaml')),
    landing:
      landingFile &&
      withThresholds(withTranslation(landingFile.data as LandingInput, texts('landing.yaml')), translations.files.get('landing.yaml')),
    areasFile: areasFile?.source.file,
    landingFile: landingFile?.source.file,
  })

  const siteInput = withTranslation(files.get('site.yaml')!.data as SiteInput, texts('site.yaml'))
  const normalized = normalizeSite(siteInput, inputs.baseUrl)
  const meta = {
    ...base.site,
    ...normalized,
    ...pick(base.site, ['callingCode', 'published', 'embeds']),
    language: language.code,
    languagePath: `/${language.path}`,
    messages: messagesFor(language.code, translations.messages),
  }
  if (shell.length > 0) return { language, missing, unreviewed, readsAsDefault, hidden }
  const formsInput = files.get('forms.yaml')?.data as FormsInput | undefined
  const forms = normalizeForms(keepOptionValues(formsInput, withTranslation(formsInput, texts('forms.yaml'))), meta)
  const site: SiteConfig = {
    ...base,
    site: meta,
    services,
    pages,
    posts,
    forms,
    areas: resolved.areas,
    landing: hasLanding && base.landing && resolved.landing ? { ...resolved.landing, origin: base.landing.origin } : undefined,
    untranslatedAreas,
    editions: [],
    links: translationLinks(files, translations),
  }
  return { language, site, missing, unreviewed, readsAsDefault, hidden }
}

/**
 * The internal links this language's own texts write (its Markdown fields and bodies), at their
 * places in its translation files; the links of the files it shares with the default language
 * are the default language's. plan/ checks them against this language's addresses.
 */
function translationLinks(files: EditionInputs['files'], translations: LanguageTranslations): SiteConfig['links'] {
  return [...translations.files].flatMap(([name, translation]) => {
    const file = files.get(name)
    if (!file || translation === none) return []
    // The base file says which texts are Markdown (a translation's sections carry no type).
    const documents = baseTextFields(file).flatMap(({ pointer, kind }): MarkdownSource[] => {
      const value = kind === 'markdown' ? stringAt(translation.texts, pointer) : undefined
      if (value === undefined) return []
      // A Markdown file's body is its own text after the front matter; any other text is a YAML field.
      if (pointer === '/body' && isMarkdownKind(file.kind))
        return [{ file: translation.source.file, body: value, bodyLine: markdownBodyLine(translation) ?? 1 }]
      return [yamlFieldDocument({ kind: 'markdown', value, source: translation.source, pointer })]
    })
    return documents.flatMap((document) =>
      scanMarkdown(document).refs.flatMap((ref) => (ref.kind === 'href' ? [{ href: ref.value, origin: ref.origin }] : [])),
    )
  })
}

/**
 * A base file's texts, each with its kind: its schema's text fields, and its `body`, Markdown (a
 * Markdown file's, which is not YAML and so in no schema, or a service's).
 */
function baseTextFields(file: BaseFile): TextField[] {
  const { body, bodyLine: _line, ...data } = file.data as { body?: string; bodyLine?: number }
  return [...textFields(file.kind, data), ...(body?.trim() ? [{ pointer: '/body', kind: 'markdown' as const }] : [])]
}

/**
 * The translations that read as the default language: each file judged as a whole, but
 * areas.yaml place by place (one town's pasted paragraph should not hide the others').
 */
function notTranslated(inputs: EditionInputs, translations: LanguageTranslations): NotTranslated[] {
  const { files, base } = inputs
  const { language } = translations
  const found: NotTranslated[] = []
  for (const [name, translation] of translations.files) {
    const file = files.get(name)
    if (!file) continue
    const { body, bodyLine: _line, ...data } = file.data as { body?: string; bodyLine?: number }
    const fields = [...textFields(file.kind, data).map((f) => f.pointer), ...(body?.trim() ? ['/body'] : [])]
    const units = new Map<string, string[]>()
    for (const pointer of fields) {
      const place = name === 'areas.yaml' ? /^\/places\/[^/]+/.exec(pointer)?.[0] : undefined
      addTo(units, place ?? '', pointer)
    }
    for (const [unit, pointers] of units) {
      const textsAt = (root: unknown) => pointers.flatMap((p) => stringAt(root, p) ?? [])
      const reason = untranslatedReason(textsAt(file.data), textsAt(translation.texts), language.code, base.site.language)
      if (!reason) continue
      const place = unit ? parsePointer(unit)[1] : undefined
      found.push({
        translation: `${LOCALES}/${language.code}/${name}`,
        ...(place ? { place } : {}),
        reason,
        file: translation.source.file,
        pointer: unit,
      })
    }
  }
  return found
}

/** Where a page of a language says it reads as the default one: a warning at the translation's place. */
export function readsAsDefaultWarnings(edition: Edition, defaultLanguage: string): ConfigWarning[] {
  return edition.readsAsDefault.map((n) =>
    warn(
      ReadsAsDefault,
      pointerOrigin(n.file, n.pointer, 'key'),
      n.translation,
      n.place,
      n.reason,
      languageName(defaultLanguage),
      languageName(edition.language.code),
    ),
  )
}

/** A language's name in English, the catalogue's language. */
function languageName(code: string): string {
  return new Intl.DisplayNames('en', { type: 'language' }).of(code.split('-')[0]!) ?? code
}

function stringAt(root: unknown, pointer: string): string | undefined {
  let node = root
  for (const key of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * Forms with their choices' values as the default language sends them: a choice written as one
 * string is its label and its value, and its translation changes only the label, so whoever
 * receives the posts reads one vocabulary whatever the visitor's language.
 */
function keepOptionValues(base: FormsInput | undefined, translated: FormsInput | undefined): FormsInput | undefined {
  if (!base || !translated) return translated
  const forms = Object.fromEntries(
    Object.entries(translated.forms ?? {}).map(([name, form]) => [
      name,
      {
        ...form,
        fields: form.fields.map((field, i) => ({
          ...field,
          ...(field.options && {
            options: field.options.map((option, j) => {
              const original = base.forms?.[name]?.fields[i]?.options?.[j]
              return typeof option === 'string' && typeof original === 'string' && option !== original
                ? { value: original, label: option }
                : option
            }),
          }),
        })),
      },
    ]),
  )
  return { ...translated, forms }
}

/** A translation of a file that has no text to translate. */
const none: Translation = { source: undefined as never, texts: {} }

/** Where a translated entry is written: its translation file, where it has one. */
function originIn(translation: Translation, origin: SiteConfig['services'][number]['origin']) {
  return translation === none ? origin : originOf(translation.source, '')
}

/** The line a translated Markdown body starts on, in its own file. */
function markdownBodyLine(translation: Translation): number | undefined {
  if (translation === none) return undefined
  const head = translation.source.text
  return head ? head.split('\n').length : undefined
}

function hasText(texts: unknown, pointer: string): boolean {
  return (stringAt(texts, pointer)?.trim() ?? '') !== ''
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Partial<Pick<T, K>>
}

/**
 * One problem per translation file that lacks texts: placed at the first missing text of the base
 * file, naming the others and what is not built for want of them. Warnings, or errors where the
 * site asks for every translation (`translations: { strict: true }`, --strict-translations).
 */
export function translationGaps(edition: Edition, strict: boolean): (ConfigError | ConfigWarning)[] {
  const byTranslation = new Map<string, MissingText[]>()
  for (const gap of edition.missing) addTo(byTranslation, gap.translation, gap)
  return [...byTranslation].map(([translation, gaps]) => {
    const name = translation.split('/').slice(2).join('/')
    const consequence =
      name === 'site.yaml' || name === 'forms.yaml'
        ? 'language'
        : name === 'landing.yaml'
          ? 'landing'
          : name === 'areas.yaml'
            ? gaps.every((g) => g.pointer.startsWith('/places/'))
              ? 'place'
              : 'landing'
            : 'page'
    const fields = gaps.map((g) => fieldPath(g.pointer))
    const at = pointerOrigin(gaps[0]!.file, gaps[0]!.pointer)
    return (strict ? fail : warn)(MissingTranslation, at, edition.language.code, translation, fields, consequence)
  })
}

/** `/services/0/title` as a reader writes it: `services.0.title`. */
function fieldPath(pointer: string): string {
  return parsePointer(pointer).join('.')
}

/** landing.yaml in a language, with the gate thresholds its translation sets for that language. */
function withThresholds(landing: LandingInput, translation: Translation | undefined): LandingInput {
  return translation?.quality ? { ...landing, quality: { ...landing.quality, ...translation.quality } } : landing
}
