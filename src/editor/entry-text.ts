import { kindOf } from '../config/load-site.js'
import { EditorCannotEdit, fail } from '../errors/catalogue.js'
import { keepLeftOut } from './left-out.js'
import { parseOrRefuse, Refusal } from './refusal.js'
import { deref, readSchema } from './schema-fields.js'
import { editYaml } from './yaml-edit.js'

/**
 * The new text of a site file (`name`, now `disk`) from what Decap sent (`raw`): a YAML file, or a
 * Markdown file's front matter, edited as a minimal change; a refusal when it cannot be one.
 */
export function newText(name: string, disk: string, raw: string): string {
  const sent = (text: string, old: unknown) => withoutDefaults(name, prune(parseOrRefuse(text, name) ?? {}, old), old)
  if (!name.endsWith('.md')) {
    const old = parseOrRefuse(disk, name)
    return editYaml(disk, keepLeftOut(name, sent(raw, old), old, disk)) ?? cannotEdit(name)
  }
  const [diskHead, diskBody] = frontMatter(disk)
  const [sentHead, sentBody] = frontMatter(raw)
  if (diskHead === undefined || sentHead === undefined) return cannotEdit(name)
  const old = parseOrRefuse(diskHead, name) ?? {}
  const head = editYaml(diskHead, keepLeftOut(name, sent(sentHead, old), old))
  if (head === undefined) return cannotEdit(name)
  // Decap trims the body's last newline; an unchanged body keeps the file's own ending.
  const body = sentBody.trimEnd() === diskBody.trimEnd() ? diskBody : `${sentBody.trimEnd()}\n`
  return (
    disk.slice(0, disk.indexOf(diskHead)) +
    head +
    disk.slice(disk.indexOf(diskHead) + diskHead.length, disk.length - diskBody.length) +
    body
  )
}

/**
 * A new file's text from what Decap sent: without the keys nobody set, which Decap sends anyway
 * (an empty optional field, an on/off switch at its schema default: `draft: false`), so a new
 * post holds what its writer wrote.
 */
export function newFileText(name: string, raw: string): string {
  const kept = (data: unknown) => withoutDefaults(name, prune(data, {}), {})
  if (!name.endsWith('.md')) return editYaml(raw, kept(parseOrRefuse(raw, name))) ?? raw
  const [head] = frontMatter(raw)
  if (head === undefined) return raw
  const edited = editYaml(head, kept(parseOrRefuse(head, name) ?? {}))
  return edited === undefined ? raw : raw.replace(head, edited)
}

/**
 * A file's text as the editor shows it: each on/off switch the file leaves out, at its schema
 * default, so the switch shows what the site does (Decap shows a missing one as off). A save
 * leaves out again each that comes back at its default (withoutDefaults).
 */
export function withSwitches(name: string, text: string): string {
  const defaults = switchDefaults(name)
  if (defaults.length === 0) return text
  const head = name.endsWith('.md') ? frontMatter(text)[0] : text
  if (head === undefined) return text
  const data = parseOrRefuse(head, name)
  if (!data || typeof data !== 'object' || Array.isArray(data)) return text
  const missing = defaults.filter(([key]) => !(key in data)).map(([key, value]) => `${key}: ${value}\n`)
  if (missing.length === 0) return text
  const shown = `${head.replace(/\n?$/, '\n')}${missing.join('')}`
  return name.endsWith('.md') ? text.replace(head, shown) : shown
}

/** The top-level switches of a file's schema that have a default, with it. */
function switchDefaults(name: string): [string, boolean][] {
  const kind = kindOf(name)
  if (!kind) return []
  const file = `${kind}.schema.json`
  return Object.entries(readSchema(file).properties ?? {}).flatMap(([key, property]) => {
    const { schema } = deref(file, property)
    return schema.type === 'boolean' && typeof schema.default === 'boolean' ? [[key, schema.default] as [string, boolean]] : []
  })
}

/** `data` without the top-level keys the file did not have whose value is the schema's default: nobody set them. */
function withoutDefaults(name: string, data: unknown, old: unknown): unknown {
  const kind = kindOf(name)
  if (!kind || !data || typeof data !== 'object' || Array.isArray(data)) return data
  const file = `${kind}.schema.json`
  const properties = readSchema(file).properties ?? {}
  const had = old && typeof old === 'object' ? (old as Record<string, unknown>) : {}
  return Object.fromEntries(
    Object.entries(data).filter(
      ([key, value]) => key in had || typeof value === 'object' || value !== deref(file, properties[key] ?? {}).schema.default,
    ),
  )
}

export function cannotEdit(name: string): never {
  throw new Refusal(422, [fail(EditorCannotEdit, { file: name }, name)])
}

/** The YAML between the `---` lines, and the body after them. */
export function frontMatter(text: string): [string | undefined, string] {
  const match = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(text)
  if (match?.index !== 0) return [undefined, text]
  return [match[1]!, text.slice(match[0].length)]
}

/**
 * Decap sends an empty value for every optional field the form shows; a key that is not in the
 * file and comes back empty was not written by the user.
 */
export function prune(sent: unknown, disk: unknown): unknown {
  if (Array.isArray(sent)) return sent.map((item, i) => prune(item, Array.isArray(disk) ? disk[i] : undefined))
  if (!sent || typeof sent !== 'object') return sent
  const old = disk && typeof disk === 'object' && !Array.isArray(disk) ? (disk as Record<string, unknown>) : {}
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in old) && isEmpty(value)) continue
    kept[key] = prune(value, old[key])
  }
  return kept
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  )
}
