import path from 'node:path'
import {
  type ErrorPlace,
  fail,
  NotALanguageFolder,
  TranslatedSlug,
  TranslationLength,
  TranslationNotAString,
  TranslationNotText,
  TranslationOfNothing,
  TranslationWithoutBase,
  UnknownFile,
  WrongType,
} from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { closestMatch } from '../../errors/did-you-mean.js'
import { displayFile } from '../../tool/package.js'
import { isSlug, textSlug } from '../areas/area-slug.js'
import { checkUrlPath } from '../checks/check-url.js'
import { type FileKind, isMarkdownKind, schemaDocument } from '../checks/schema-validators.js'
import { validateSource } from '../checks/validate.js'
import type { OwnMessages } from '../messages/check-language.js'
import { readContentFile } from '../read/inside-site.js'
import { locate } from '../read/locate.js'
import { parseMarkdownFile } from '../read/markdown-file.js'
import { parseYaml, type YamlSource } from '../read/read-yaml.js'
import type { SiteLanguage } from './site-languages.js'
import { overlayProblems } from './text-fields.js'

/** The folder every language's translations are in: `locales/<code>/`, mirroring the site's own files. */
export const LOCALES = 'locales'

/** A site file as config/ read it, which a translation mirrors. */
export interface BaseFile {
  readonly kind: FileKind
  readonly source: YamlSource
  /** As validated; a Markdown file's front matter with its `body`. */
  readonly data: unknown
}

/** Who wrote a translation, and whether a person read it (a file's `translation:`). */
export interface Provenance {
  readonly method: 'human' | 'machine'
  readonly reviewed: boolean
}

/** One translation file: the texts of one site file in another language. */
export interface Translation {
  /** The translation file's own source, where its problems are placed. */
  readonly source: YamlSource
  /** Its texts, in the shape of the base file's data (a Markdown file's body as `body`). */
  readonly texts: unknown
  /** The page's address in this language: a service's or post's `slug`, a page's `path`. */
  readonly slug?: string
  readonly path?: string
  readonly provenance?: Provenance
  /** landing.yaml's gate thresholds for this language, where its translation sets them. */
  readonly quality?: Readonly<Record<string, number>>
}

/** A language's translations, by the site-relative name of the file each translates. */
export interface LanguageTranslations {
  readonly language: SiteLanguage
  readonly files: ReadonlyMap<string, Translation>
  /** Its messages.yaml: citypress's words as the site writes them in this language. */
  readonly messages?: OwnMessages
}

/** Keys a translation file may have besides the texts of the file it translates. */
export const ownKeys: ReadonlySet<string> = new Set(['translation', 'slug', 'path', 'quality'])

/**
 * The doorway gate's thresholds, which a language's landing.yaml may set for its own pages: how
 * many words make a paragraph, or how alike two pages may be, differ between languages. The
 * schema marks them (`perLanguage`); the rest of `quality` (the addresses kept in search, the
 * report's length) is one for every language.
 */
function thresholds(): ReadonlySet<string> {
  const quality = (
    schemaDocument('landing.schema.json').properties as Record<string, { properties: Record<string, { perLanguage?: boolean }> }>
  ).quality!.properties
  return new Set(Object.keys(quality).filter((key) => quality[key]!.perLanguage))
}

/**
 * Reads `locales/<code>/…` of every language after the first: each file's texts, checked against
 * the file it translates (config/languages/text-fields.ts), its address and its provenance.
 */
export async function readTranslations(options: {
  readonly root: string
  /** Site-relative names under locales/. */
  readonly names: readonly string[]
  readonly languages: readonly SiteLanguage[]
  readonly bases: ReadonlyMap<string, BaseFile>
  /** The editor's proposed contents, read instead of the disk (config/load-site.ts `overlay`). */
  readonly overlay: ReadonlyMap<string, string | null>
}): Promise<{ translations: LanguageTranslations[]; errors: ConfigError[]; warnings: ConfigWarning[] }> {
  const { root, languages, bases, overlay } = options
  const errors: ConfigError[] = []
  const warnings: ConfigWarning[] = []
  const others = languages.slice(1)
  const byFolder = new Map(
    others.map((language) => [
      language.code,
      { language, files: new Map<string, Translation>(), messages: undefined as OwnMessages | undefined },
    ]),
  )
  const unknownFolders = new Set<string>()
  await Promise.all(
    options.names.map(async (name) => {
      const [, folder = '', ...rest] = name.split('/')
      const translated = rest.join('/')
      const absolute = path.join(root, name)
      const file = displayFile(absolute)
      const entry = byFolder.get(folder)
      if (!entry) {
        if (!unknownFolders.has(folder))
          errors.push(
            fail(
              NotALanguageFolder,
              { file },
              folder,
              others.map((l) => l.code),
            ),
          )
        unknownFolders.add(folder)
        return
      }
      const text = await readContentFile(root, name, overlay.get(name) ?? undefined, { errors, warnings })
      if (text === undefined) return
      if (translated === 'messages.yaml') {
        const parsed = parseYaml(text, file)
        const checked = parsed.errors.length ? parsed : validateSource(parsed.source, 'messages')
        errors.push(...checked.errors)
        if (checked.errors.length === 0) entry.messages = (parsed.source.data ?? {}) as OwnMessages
        return
      }
      const base = bases.get(translated)
      if (!base) {
        errors.push(
          fail(translated.endsWith('.md') || /\.ya?ml$/.test(translated) ? TranslationOfNothing : UnknownFile, { file }, translated),
        )
        return
      }
      const read = readTranslation(text, file, base)
      errors.push(...read.errors)
      if (read.translation) entry.files.set(translated, read.translation)
    }),
  )
  const translations = [...byFolder.values()].map(({ language, files, messages }) => ({
    language,
    files: new Map([...files].sort(([a], [b]) => a.localeCompare(b))),
    ...(messages ? { messages } : {}),
  }))
  return { translations, errors, warnings }
}

/** One translation file, parsed and checked against the file it translates. */
function readTranslation(text: string, file: string, base: BaseFile): { translation?: Translation; errors: ConfigError[] } {
  const isMarkdown = isMarkdownKind(base.kind)
  let source: YamlSource
  let body: string | undefined
  if (isMarkdown) {
    const md = parseMarkdownFile(text, file)
    if (md.errors.length) return { errors: md.errors }
    source = md.frontMatter
    body = md.body
  } else {
    const parsed = parseYaml(text, file)
    if (parsed.errors.length) return { errors: parsed.errors }
    source = parsed.source
  }
  const data = source.data ?? {}
  const at = (pointer: string) => ({ path: pointer.slice(1).replaceAll('/', '.'), ...locate(source, pointer) })
  if (typeof data !== 'object' || Array.isArray(data))
    return { errors: [fail(WrongType, at(''), 'A translation', 'a map of keys', 'a list or a value')] }
  const errors: ConfigError[] = []
  const { translation, slug, path: address, quality, ...texts } = data as Record<string, unknown>
  const baseName = base.source.file
  // A Markdown file's body is not YAML: checked apart from its front matter. (A YAML file may have a `body` key of its own.)
  const { body: baseBody, bodyLine: _line, ...frontMatter } = base.data as Record<string, unknown>
  const baseData = isMarkdown ? frontMatter : (base.data as Record<string, unknown>)
  for (const key of Object.keys(data)) {
    if (!ownKeys.has(key)) continue
    const allowed =
      key === 'translation' ||
      (key === 'quality' && base.kind === 'landing') ||
      (key === 'slug' && (base.kind === 'service' || base.kind === 'post')) ||
      (key === 'path' && (base.kind === 'page' || base.kind === 'markdown-page'))
    if (!allowed) errors.push(fail(TranslationNotText, at(`/${key}`), key, baseName))
  }
  const provenance = provenanceOf(translation, at, errors)
  const gate = base.kind === 'landing' && quality !== undefined ? qualityOf(quality, source, base, errors) : undefined
  if (typeof slug === 'string' && !isSlug(slug)) errors.push(fail(TranslatedSlug, at('/slug'), slug, textSlug(slug)))
  else if (slug !== undefined && typeof slug !== 'string') errors.push(fail(WrongType, at('/slug'), 'slug', 'text', typeof slug))
  if (address !== undefined) {
    const checked = typeof address === 'string' ? checkUrlPath(address) : { ok: false as const }
    if (!checked.ok || typeof address !== 'string' || !address.split('/').filter(Boolean).every(isSlug)) {
      errors.push(fail(TranslatedSlug, at('/path'), String(address), String(address).split('/').map(textSlug).join('/')))
    }
  }
  for (const problem of overlayProblems(base.kind, baseData, texts)) {
    const where = at(problem.pointer)
    const field = problem.pointer.slice(1).replaceAll('/', '.')
    if (problem.problem === 'not-text') errors.push(fail(TranslationNotText, where, field, baseName))
    else if (problem.problem === 'not-a-string') errors.push(fail(TranslationNotAString, where, field))
    else if (problem.problem === 'length') errors.push(fail(TranslationLength, where, problem.length, problem.baseLength, baseName))
    else
      errors.push(
        fail(
          TranslationWithoutBase,
          { ...where, ...locate(source, problem.pointer, 'key') },
          problem.key,
          baseName,
          closestMatch(problem.key, problem.known),
          problem.known,
        ),
      )
  }
  if (errors.length) return { errors }
  const translated = isMarkdown && baseBody !== undefined && body !== undefined && body.trim() !== '' ? { ...texts, body } : texts
  return {
    errors,
    translation: {
      source,
      texts: translated,
      ...(typeof slug === 'string' ? { slug } : {}),
      ...(typeof address === 'string' ? { path: address } : {}),
      ...(provenance ? { provenance } : {}),
      ...(gate ? { quality: gate } : {}),
    },
  }
}

/**
 * A landing.yaml translation's `quality`: its thresholds, checked by landing.yaml's own schema (the
 * base file's data with these thresholds in it, so every limit and message is the schema's).
 */
function qualityOf(value: unknown, source: YamlSource, base: BaseFile, errors: ConfigError[]): Record<string, number> | undefined {
  const baseData = base.data as { quality?: Record<string, unknown> }
  const known = thresholds()
  const own = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  for (const key of Object.keys(own ?? {}).filter((k) => !known.has(k)))
    errors.push(
      fail(TranslationNotText, { path: `quality.${key}`, ...locate(source, `/quality/${key}`, 'key') }, `quality.${key}`, base.source.file),
    )
  const set = Object.fromEntries(Object.entries(own ?? {}).filter(([k]) => known.has(k)))
  const checked = validateSource(source, 'landing', { ...baseData, quality: own ? { ...baseData.quality, ...set } : value })
  errors.push(...checked.errors)
  return checked.errors.length === 0 && own ? (set as Record<string, number>) : undefined
}

/** A file's `translation: { method, reviewed }`; a wrong one is reported in `errors`. */
function provenanceOf(value: unknown, at: (pointer: string) => ErrorPlace, errors: ConfigError[]): Provenance | undefined {
  if (value === undefined) return undefined
  const note = value as { method?: unknown; reviewed?: unknown }
  const method = note?.method ?? 'human'
  const reviewed = note?.reviewed ?? method === 'human'
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    (method !== 'human' && method !== 'machine') ||
    typeof reviewed !== 'boolean'
  ) {
    errors.push(
      fail(WrongType, at('/translation'), 'translation', '{ method: human | machine, reviewed: true | false }', JSON.stringify(value)),
    )
    return undefined
  }
  return { method, reviewed }
}
