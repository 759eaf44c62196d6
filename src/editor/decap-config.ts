import { existsSync } from 'node:fs'
import path from 'node:path'
import {
  deref,
  type Field,
  fieldsOf,
  isNamedMap,
  type LiveNames,
  labelOf,
  patternOf,
  readSchema,
  type Schema,
  valueSchemaOfMap,
} from './schema-fields.js'
import { isTowns, listsField } from './town-lists.js'
import { type Editions, translationOnly } from './translations.js'

/** The folder virtual entries live under: one per name of a map keyed by name (places, forms). */
export const virtualFolder = '_editor'

/**
 * The field of a virtual entry that holds its name, the map's key: what the marketer types
 * ("Springfield, IL"), so a new entry's name and a rename never come from Decap's slug of it.
 * Not `name`, which a region's value has.
 */
export const nameField = 'key'

/** A map keyed by name, served as one entry per name and saved back into its file. */
export interface NamedMap {
  /** `areas.yaml` */
  readonly file: string
  /** Its top-level key: `places`. */
  readonly key: string
  /** `_editor/areas.yaml/places` */
  readonly folder: string
  /** Whether each value is an object (its keys are the entry's fields) or is wrapped as `value`. */
  readonly objectValues: boolean
}

export interface EditorConfig {
  /** Decap's configuration, given to `CMS.init`. Options written `@service` are filled from `names`. */
  readonly config: Record<string, unknown>
  readonly names: LiveNames
  readonly maps: readonly NamedMap[]
  /** The site's languages and what the editor translates (editor/translations.ts). */
  readonly editions: Editions
}

/**
 * A service's address, which is its file's name (editor/proxy.ts serves it with the entry and
 * renames the file when it changes). A new service's comes from its title.
 */
const addressField = (): Field => ({
  name: 'address',
  label: 'Web address',
  widget: 'string',
  required: false,
  ...patternOf(deref('common.schema.json', { $ref: '#/definitions/serviceSlug' }).schema),
  hint: 'The end of its page address: /services/<this>. Changing it moves the service page and its landing pages; before saving, the editor lists the redirects (301) that send the old addresses to the new ones. Leave it empty for a new service: its title makes it.',
})

/**
 * The area lists a town is in, edited with it (editor/town-lists.ts): a list that landing.yaml
 * pairs with services makes the town's landing pages.
 */
const listsInput = (): Field => ({
  name: listsField,
  label: 'Area lists',
  widget: 'select',
  multiple: true,
  required: false,
  options: '@areaList',
  hint: 'The lists this town is in, saved with it. A list that makes landing pages gives the town a page for each of its services; removing the town takes it out of every list.',
})

/**
 * A town's local paragraph, with its words counted beside it as the marketer types
 * (client/admin.js): the town's landing pages stay out of search until it has the minimum of the
 * language it is written in (`min_words`, or `min_words_in` by code for the other languages).
 */
const paragraphInput = (field: Field, names: LiveNames): Field => ({
  ...field,
  widget: 'citypress-paragraph',
  min_words: names.minLocalWords,
  ...((names.languages?.length ?? 0) > 1 && names.minLocalWordsIn ? { min_words_in: names.minLocalWordsIn } : {}),
})

/**
 * How a translation was written, edited in its language's pane: a machine translation nobody who
 * writes the language has read keeps its pages out of search. The base file has no such key: a
 * save of the site's first language leaves it out.
 */
const provenanceField = (): Field => ({
  name: translationOnly,
  label: 'Translation',
  widget: 'object',
  required: false,
  collapsed: true,
  i18n: true,
  hint: "For a language other than the site's first: who wrote this text, and whether someone who writes the language has read it. Pages of a machine translation nobody has read stay out of search.",
  fields: [
    {
      name: 'method',
      label: 'Written by',
      widget: 'select',
      // Decap checks a required field inside an empty group too, and the first language's is always empty.
      required: false,
      i18n: true,
      options: [
        { label: 'A person', value: 'human' },
        { label: 'A machine', value: 'machine' },
      ],
    },
    { name: 'reviewed', label: 'Read by someone who writes the language', widget: 'boolean', required: false, i18n: true },
  ],
})

/**
 * Marks each field that holds a text a visitor reads (`i18n` on the text itself, from its schema)
 * as translated, lists and groups included, so a language's pane shows it; says whether any does.
 */
function markTranslated(fields: readonly Field[]): boolean {
  let any = false
  for (const field of fields) {
    const inner = [
      ...((field.fields as Field[] | undefined) ?? []),
      ...(field.field ? [field.field as Field] : []),
      ...((field.types as Field[] | undefined) ?? []),
    ]
    if (markTranslated(inner) || field.i18n === true) {
      field.i18n = true
      any = true
    }
  }
  return any
}

/** The YAML files of a site with one entry each, by schema. */
const settingsFiles = [
  { file: 'site.yaml', schema: 'site.schema.json', label: 'Site' },
  { file: 'landing.yaml', schema: 'landing.schema.json', label: 'Landing pages' },
  { file: 'areas.yaml', schema: 'areas.schema.json', label: 'Areas' },
  { file: 'forms.yaml', schema: 'forms.schema.json', label: 'Forms' },
] as const

/**
 * Decap's configuration for a site as it is now, made from schemas/ on every request: the
 * folders (services, pages, blog), the settings files, and the maps keyed by name as virtual
 * folders. `apiPath` is the proxy's address (it carries the token when there is one).
 */
export function editorConfig(siteRoot: string, names: LiveNames, apiPath: string, siteUrl: string): EditorConfig {
  const maps: NamedMap[] = []
  const collections: Record<string, unknown>[] = []
  const languages = (names.languages?.length ?? 0) > 1 ? names.languages! : []
  const editions = { languages, folders: [] as string[], files: [] as string[] }
  /** Whether a collection of `fields` is edited in each language, its fields marked so. */
  const translated = (fields: readonly Field[]) => languages.length > 0 && markTranslated(fields)
  const bodyField = () => ({
    name: 'body',
    label: 'Body',
    widget: 'markdown',
    modes: ['raw'],
    sanitize_preview: true,
    hint: 'Markdown.',
    ...(languages.length > 0 ? { i18n: true } : {}),
  })
  const folder = (name: string, label: string, dir: string, schema: string, extension: string, extra: Record<string, unknown> = {}) => {
    const found: { at: string; file: string; schema: Schema }[] = []
    const own = fieldsOf(readSchema(schema), { file: schema, at: '', names, maps: found })
    const fields = [...(extra.address ? [addressField()] : []), ...own, ...(extension === 'md' ? [bodyField()] : [])]
    // An address is translated too (a service's as the translation's `slug`, a page's as its `path`).
    if (languages.length > 0)
      for (const field of fields) if (field.name === 'address' || (field.name === 'path' && dir === 'pages')) field.i18n = true
    const i18n = translated(fields)
    if (i18n && !editions.folders.includes(dir)) editions.folders.push(dir)
    const { address: _address, ...rest } = extra
    collections.push({
      name,
      label,
      folder: dir,
      extension,
      format: extension === 'md' ? 'frontmatter' : 'yml',
      create: true,
      slug: '{{slug}}',
      identifier_field: 'title',
      summary: '{{title}}',
      fields: i18n ? [...fields, provenanceField()] : fields,
      ...(i18n ? { i18n: true } : {}),
      ...rest,
    })
  }
  // `label_singular` names one entry on the create button: "+ Service", not "+ Services".
  if (existsSync(path.join(siteRoot, 'services'))) {
    folder('services', 'Services', 'services', 'service.schema.json', 'yaml', { label_singular: 'Service', address: true })
  }
  folder('pages', 'Pages', 'pages', 'page.schema.json', 'yaml', { label_singular: 'Page' })
  folder('markdown-pages', 'Text pages', 'pages', 'markdown-page.schema.json', 'md', { label_singular: 'Text page' })
  folder('blog', 'Blog', 'blog', 'post.schema.json', 'md', { sortable_fields: ['date', 'title'], label_singular: 'Post' })

  const files: Record<string, unknown>[] = []
  for (const settings of settingsFiles) {
    if (!existsSync(path.join(siteRoot, settings.file))) continue
    const found: { at: string; file: string; schema: Schema }[] = []
    const fields = fieldsOf(readSchema(settings.schema), { file: settings.schema, at: '', names, maps: found })
    if (fields.length > 0) {
      const i18n = translated(fields)
      if (i18n) editions.files.push(settings.file)
      files.push({
        name: settings.file.replace('.yaml', ''),
        label: settings.label,
        file: settings.file,
        fields: i18n ? [...fields, provenanceField()] : fields,
        ...(i18n ? { i18n: true } : {}),
      })
    }
    for (const map of found.filter((m) => !m.at.includes('.'))) {
      const value = deref(map.file, valueSchemaOfMap(map.schema))
      const objectValues = value.schema.type === 'object' && !isNamedMap(value.schema)
      const entry: NamedMap = { file: settings.file, key: map.at, folder: `${virtualFolder}/${settings.file}/${map.at}`, objectValues }
      maps.push(entry)
      const inner = { file: value.file, at: `${map.at}.*`, names, maps: [] }
      const valueFields: Field[] = objectValues
        ? fieldsOf(value.schema, inner)
        : [fieldsOf({ properties: { value: valueSchemaOfMap(map.schema) }, required: ['value'] }, { ...inner, file: map.file })[0]!]
      const keys = map.schema.propertyNames ? deref(map.file, map.schema.propertyNames).schema : {}
      const nameInput: Field = {
        name: nameField,
        label: keys.editorLabel ?? 'Name',
        widget: 'string',
        required: true,
        hint:
          keys.editorHint ?? 'The name the rest of the site uses for it. A new name is checked against the whole site when you publish.',
        ...patternOf(keys),
      }
      const i18n = translated(valueFields)
      if (i18n) editions.folders.push(entry.folder)
      // A map's own editorLabel names its collection ("Towns"), its names' editorLabel one entry ("Town").
      collections.push({
        name: `${settings.file.replace('.yaml', '')}-${map.at}`,
        label: map.schema.editorLabel ?? labelOf(map.at),
        label_singular: keys.editorLabel ?? labelOf(map.at.replace(/s$/, '')),
        folder: entry.folder,
        extension: 'yml',
        format: 'yml',
        create: true,
        delete: true,
        identifier_field: nameField,
        summary: `{{${nameField}}}`,
        fields: isTowns(entry)
          ? [nameInput, listsInput(), ...valueFields.map((f) => (f.name === 'local' ? paragraphInput(f, names) : f))]
          : [nameInput, ...valueFields],
        ...(i18n ? { i18n: true } : {}),
      })
    }
  }
  // Decap translates a file collection's entries only as one file holding every language's data.
  const settingsI18n = editions.files.length > 0 ? { i18n: { structure: 'single_file' } } : {}
  collections.push({ name: 'settings', label: 'Site settings', files, editor: { preview: false }, ...settingsI18n })

  const config = {
    load_config_file: false,
    backend: { name: 'proxy', proxy_url: apiPath, branch: 'main' },
    publish_mode: 'simple',
    media_folder: 'images',
    public_folder: 'images',
    site_url: siteUrl,
    display_url: siteUrl,
    // citypress's slug rule: lower-case ASCII letters, digits and single hyphens.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    // Decap's own preview pane renders without our templates; the real page is one tab away.
    editor: { preview: false },
    collections: collections.map((c) => ({ editor: { preview: false }, ...c })),
    // Decap's own layout for folders; the proxy maps it to locales/<code>/ (editor/translations.ts).
    ...(languages.length > 0 ? { i18n: { structure: 'multiple_folders', locales: languages, default_locale: languages[0] } } : {}),
  }
  return { config, names, maps, editions }
}
