import { stringify } from 'yaml'
import { escapePointer, locate } from '../config/read/locate.js'
import { parseYaml } from '../config/read/read-yaml.js'
import { EditorConflict, EditorNameGone, EditorNameTaken, EditorNoName, fail } from '../errors/catalogue.js'
import type { SourcePosition } from '../errors/config-error.js'
import { type NamedMap, nameField, virtualFolder } from './decap-config.js'
import { cannotEdit, prune } from './entry-text.js'
import { parseOrRefuse, Refusal } from './refusal.js'
import { editYaml, renameKey } from './yaml-edit.js'

/**
 * Virtual entries: one per name of a map keyed by name (`areas.yaml` places), at
 * `_editor/areas.yaml/places/<name>.yml`. The name is a field of the entry (`nameField`), since
 * it is what the marketer types ("Springfield, IL") and Decap's file names are slugs of it.
 */
export interface VirtualPath {
  readonly map: NamedMap
  /** The name the path spells, decoded. */
  readonly name: string
}

type FileData = Record<string, Record<string, unknown> | null | undefined> | null

export function virtualPath(map: NamedMap, name: string): string {
  return `${map.folder}/${fileNameOf(name)}.yml`
}

/** `_editor/areas.yaml/places/Springfield_2C_20IL.yml` → the map and the name. */
export function virtualOf(maps: readonly NamedMap[], given: string): VirtualPath | undefined {
  if (!given.startsWith(`${virtualFolder}/`)) return undefined
  const map = maps.find((m) => given.startsWith(`${m.folder}/`) && given.endsWith('.yml'))
  if (!map) return undefined
  // A new entry's path is Decap's slug of what was typed, which need not decode: its name is its name field.
  const file = given.slice(map.folder.length + 1, -4)
  return { map, name: nameOfFile(file) ?? file }
}

/**
 * A name as a file name Decap keeps as it is: letters, digits and hyphens stay, every other byte
 * of its UTF-8 is `_` and two hex digits ("Springfield, IL" → `Springfield_2C_20IL`). Not
 * percent-encoding: Decap's router decodes that in an entry's address, and the entry saved from
 * it would be listed a second time under the decoded name.
 */
export function fileNameOf(name: string): string {
  return [...Buffer.from(name, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

function nameOfFile(file: string): string | undefined {
  if (!/^(?:[A-Za-z0-9-]|_[0-9A-F]{2})*$/.test(file)) return undefined
  const bytes = file.match(/_[0-9A-F]{2}|[A-Za-z0-9-]/g) ?? []
  const decoded = Buffer.from(bytes.map((part) => (part.length === 3 ? Number.parseInt(part.slice(1), 16) : part.charCodeAt(0))))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(decoded)
  } catch {
    return undefined
  }
}

/**
 * The map's names in a text of its file, or of a translation of it (`file`, where a refusal is
 * placed), each with its value.
 */
export function namesIn(text: string, map: NamedMap, file = map.file): Readonly<Record<string, unknown>> {
  return (parseOrRefuse(text, file) as FileData)?.[map.key] ?? {}
}

export function virtualPaths(text: string, map: NamedMap): string[] {
  return Object.keys(namesIn(text, map)).map((name) => virtualPath(map, name))
}

/**
 * The name a virtual path stands for in the file now: the one it spells, else the name an entry
 * saved at that path got (Decap keeps the slug path of an entry it created, and the old path of
 * one renamed, until it lists the folder again).
 */
export function nameAt(text: string, at: VirtualPath, aliases: ReadonlyMap<string, string>, given: string): string | undefined {
  const names = namesIn(text, at.map)
  if (Object.hasOwn(names, at.name)) return at.name
  const alias = aliases.get(given)
  return alias !== undefined && Object.hasOwn(names, alias) ? alias : undefined
}

/** What Decap edits for one name: its name first, then the value's own fields (or `value`). */
export function virtualData(text: string, map: NamedMap, name: string): string {
  return entryText(map, name, namesIn(text, map)[name])
}

/** One name's entry as Decap edits it, from its value (a translation's, or the file's own). */
export function entryText(map: NamedMap, name: string, value: unknown): string {
  const data = map.objectValues ? { [nameField]: name, ...(value && typeof value === 'object' ? value : {}) } : { [nameField]: name, value }
  return stringify(data, { lineWidth: 0 })
}

export interface VirtualSave {
  /** The map's file, as the site names it (`areas.yaml`), and its text on disk. */
  readonly file: string
  readonly disk: string
  readonly map: NamedMap
  /** The name the entry had (`nameAt`); undefined for a new entry. */
  readonly old: string | undefined
  readonly raw: string
}

/**
 * The file's text after saving one virtual entry, and the entry's name: its value edited in place,
 * a new name added at the end of its map, or a changed name renamed in place (same position, same
 * value lines). A name the map already has is refused: it would overwrite another entry.
 */
export function virtualSaveText(save: VirtualSave): { text: string; name: string } {
  const { file, disk, map, old } = save
  const { [nameField]: typed, ...fields } = (parseOrRefuse(save.raw, file) ?? {}) as Record<string, unknown>
  const name = typed === undefined || typed === null ? '' : String(typed).trim()
  if (name === '') throw new Refusal(422, [fail(EditorNoName, { file }, file, map.key)])
  const data = (parseOrRefuse(disk, file) ?? {}) as Record<string, Record<string, unknown> | null>
  const names = data[map.key] ?? {}
  if (name !== old && Object.hasOwn(names, name))
    throw new Refusal(422, [fail(EditorNameTaken, placeOfKey(file, disk, map.key, name), file, map.key, name)])
  const value = prune(map.objectValues ? fields : fields.value, old === undefined ? undefined : names[old])
  let text = disk
  if (old !== undefined && name !== old) {
    const renamed = Object.fromEntries(Object.entries(names).map(([key, v]) => [key === old ? name : key, v]))
    text = renameKey(disk, map.key, old, name) ?? editYaml(disk, { ...data, [map.key]: renamed }) ?? cannotEdit(file)
  }
  const current = (parseOrRefuse(text, file) ?? {}) as Record<string, Record<string, unknown> | null>
  const target = { ...current, [map.key]: { ...current[map.key], [name]: value } }
  return { text: editYaml(text, target) ?? cannotEdit(file), name }
}

/** The file's text without the entry `name`. */
export function virtualDeleteText(file: string, disk: string, map: NamedMap, name: string): string {
  const data = parseOrRefuse(disk, file) as Record<string, Record<string, unknown>>
  const { [name]: _gone, ...rest } = data[map.key] ?? {}
  return editYaml(disk, { ...data, [map.key]: rest }) ?? cannotEdit(file)
}

/** A save of a file gone, or of a name the file no longer has (renamed or removed meanwhile). */
export function gone(file: string, at?: VirtualPath): Refusal {
  return new Refusal(409, [at ? fail(EditorNameGone, { file }, file, at.map.key, at.name) : fail(EditorConflict, { file }, file)])
}

/** Where `key` of the top-level map `parent` is written, for a message placed at it. */
function placeOfKey(file: string, text: string, parent: string, key: string): SourcePosition {
  return locate(parseYaml(text, file).source, `/${escapePointer(parent)}/${escapePointer(key)}`, 'key')
}
