import path from 'node:path'
import { type FileKind, isMarkdownKind } from '../config/checks/schema-validators.js'
import { LOCALES, ownKeys } from '../config/languages/read-translations.js'
import { textFields } from '../config/languages/text-fields.js'
import { parsePointer } from '../config/read/locate.js'

/**
 * The editor's translations: Decap's i18n beside the site's `locales/<code>/` mirror. Decap knows
 * its own layouts only, so the proxy maps them: a folder's entry in a language is
 * `<folder>/<code>/<file>` to Decap (`multiple_folders`) and `locales/<code>/<folder>/<file>` on
 * disk, the default language's being the base file itself; a settings file is one entry holding
 * `{<code>: data}` (`single_file`, the only layout Decap allows a file collection), split on save.
 * What a language's pane shows is the base file's text fields, lists at the base's length, filled
 * with the translation's texts; what a save writes is those the marketer filled in, so a
 * translation never holds a key the base does not translate, and an empty one is never written.
 */
export interface Editions {
  /** Decap's locales: the site's language codes, the default first; none when the site has one language. */
  readonly languages: readonly string[]
  /** Folders whose entries are translated (virtual folders included). */
  readonly folders: readonly string[]
  /** Settings files translated as one entry each (`site.yaml`). */
  readonly files: readonly string[]
}

export const oneLanguage: Editions = { languages: [], folders: [], files: [] }

/** A path Decap gave, as the base entry's path and the language it is in (none: the default). */
export interface EditionPath {
  readonly base: string
  readonly code?: string
}

/** `services/es/roofing.yaml` → `services/roofing.yaml` in `es`; a path of no translated folder as it is. */
export function editionPath(editions: Editions, given: string): EditionPath {
  const folder = editions.folders.find((f) => given.startsWith(`${f}/`))
  if (!folder) return { base: given }
  const rest = given.slice(folder.length + 1)
  const slash = rest.indexOf('/')
  const code = rest.slice(0, slash)
  if (slash < 0 || !editions.languages.includes(code)) return { base: given }
  const base = `${folder}/${rest.slice(slash + 1)}`
  return code === editions.languages[0] ? { base } : { base, code }
}

/** The path Decap knows an entry by in a language: `services/roofing.yaml` in `es` → `services/es/roofing.yaml`. */
export function pathIn(editions: Editions, base: string, code: string): string {
  const folder = editions.folders.find((f) => base.startsWith(`${f}/`))
  return folder ? `${folder}/${code}/${base.slice(folder.length + 1)}` : base
}

/** Where a site file's translation into `code` lives. */
export const translationName = (code: string, base: string): string => `${LOCALES}/${code}/${base}`

type Data = Record<string, unknown>

/**
 * A translation's keys of its own, as the editor shows them: how it was written (`translation`),
 * and its address in its language, which the editor shows in the base's address field.
 */
const addressKeys: Partial<Record<FileKind, { readonly shown: string; readonly written: string }>> = {
  service: { shown: 'address', written: 'slug' },
  page: { shown: 'path', written: 'path' },
  'markdown-page': { shown: 'path', written: 'path' },
}

/** The key a base entry's pane shows only for a translation's sake; a save of the base drops it. */
export const translationOnly = 'translation'

/** What a language's pane shows: the base's text fields, with the translation's texts where it has them. */
export function translationView(kind: FileKind, base: Data, translation: Data | undefined): Data {
  const view: Data = {}
  for (const pointer of textPointers(kind, base)) setAt(view, base, pointer, stringAt(translation, pointer) ?? '', true)
  const address = addressKeys[kind]
  if (address && typeof translation?.[address.written] === 'string') view[address.shown] = translation[address.written]
  if (isObject(translation?.[translationOnly])) view[translationOnly] = translation[translationOnly]
  return view
}

/**
 * The translation a save writes: each text field of the base that `sent` fills in, lists at the
 * base's length (matched by position, the others left empty), and the translation's own keys;
 * undefined when `sent` fills in no text.
 */
export function translationOf(kind: FileKind, base: Data, sent: Data): Data | undefined {
  const texts: Data = {}
  let any = false
  for (const pointer of textPointers(kind, base)) {
    const value = stringAt(sent, pointer)
    if (value === undefined || value.trim() === '') continue
    setAt(texts, base, pointer, value, false)
    any = true
  }
  if (!any) return undefined
  const address = addressKeys[kind]
  const shown = address ? sent[address.shown] : undefined
  const provenance = sent[translationOnly]
  // Decap sends the group as soon as it was opened: it says something once a method is picked or it is marked read.
  const told = isObject(provenance) && ((typeof provenance.method === 'string' && provenance.method !== '') || provenance.reviewed === true)
  return {
    ...(told ? { [translationOnly]: provenance } : {}),
    ...(address && typeof shown === 'string' && shown.trim() !== '' ? { [address.written]: shown.trim() } : {}),
    ...texts,
  }
}

/** The JSON Pointers of a base file's texts; a Markdown file's body (not YAML, so no schema's) is one. */
function textPointers(kind: FileKind, base: Data): string[] {
  const { body, ...data } = base
  const markdown = isMarkdownKind(kind)
  return [
    ...textFields(kind, markdown ? data : base).map((field) => field.pointer),
    ...(markdown && typeof body === 'string' && body.trim() !== '' ? ['/body'] : []),
  ]
}

function stringAt(data: unknown, pointer: string): string | undefined {
  let at: unknown = data
  for (const part of parsePointer(pointer)) {
    if (Array.isArray(at)) at = at[Number(part)]
    else if (isObject(at)) at = at[part]
    else return undefined
  }
  return typeof at === 'string' ? at : undefined
}

/**
 * Sets `value` at `pointer` in `target`, making each list on the way as long as the base's, its
 * other items empty (a list without ids is matched by position); `typed`: each item of a list of
 * sections with its `type`, which the editor needs to show the section's fields.
 */
function setAt(target: Data, base: Data, pointer: string, value: string, typed: boolean): void {
  const parts = parsePointer(pointer)
  let into: Data | unknown[] = target
  let like: unknown = base
  parts.forEach((part, i) => {
    const next = Array.isArray(like) ? like[Number(part)] : isObject(like) ? like[part] : undefined
    const key = Array.isArray(into) ? Number(part) : part
    const slot = into as Record<string | number, unknown>
    if (i === parts.length - 1) {
      slot[key] = value
      return
    }
    if (slot[key] === undefined) {
      slot[key] = Array.isArray(next) ? next.map((item) => emptyLike(item, typed)) : {}
      if (!Array.isArray(next) && typed && isObject(next) && typeof next.type === 'string') (slot[key] as Data).type = next.type
    }
    into = slot[key] as Data | unknown[]
    like = next
  })
}

function emptyLike(item: unknown, typed: boolean): unknown {
  if (typeof item === 'string') return ''
  if (Array.isArray(item)) return item.map((inner) => emptyLike(inner, typed))
  return typed && isObject(item) && typeof item.type === 'string' ? { type: item.type } : {}
}

function isObject(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The keys of a translation on disk that its pane does not show (landing.yaml's thresholds, a
 * post's address): a save keeps them as they are.
 */
export function unshownKeys(kind: FileKind, translation: unknown): Data {
  if (!isObject(translation)) return {}
  const shown = new Set([translationOnly, addressKeys[kind]?.written])
  return Object.fromEntries(Object.entries(translation).filter(([key]) => ownKeys.has(key) && !shown.has(key)))
}

const schemaLine = /^# yaml-language-server: \$schema=(\S+)\r?\n/

/**
 * A new translation file's text with the line that gives YAML editors its schema, when the file it
 * translates has one: the same schemas folder, seen from the translation's folder, and the
 * translation's schema in it (`../../schemas/service.schema.json` in `services/` becomes
 * `../../../../schemas/translation/service.schema.json` in `locales/es/services/`).
 */
export function withSchemaLine(kind: FileKind, base: { name: string; text: string }, name: string, text: string): string {
  const found = schemaLine.exec(base.text)?.[1]
  if (!found || isMarkdownKind(kind) || !found.endsWith(`/${kind}.schema.json`)) return text
  const schemas = path.posix.dirname(path.posix.join(path.posix.dirname(base.name), found))
  const relative = path.posix.relative(path.posix.dirname(name), path.posix.join(schemas, 'translation', `${kind}.schema.json`))
  return `# yaml-language-server: $schema=${relative}\n${text}`
}
