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
  if (!name.endsWith('.md')) {
    const old = parseOrRefuse(disk, name)
    return editYaml(disk, keepLeftOut(name, prune(parseOrRefuse(raw, name), old), old, disk)) ?? cannotEdit(name)
  }
  const [diskHead, diskBody] = frontMatter(disk)
  const [sentHead, sentBody] = frontMatter(raw)
  if (diskHead === undefined || sentHead === undefined) return cannotEdit(name)
  const old = parseOrRefuse(diskHead, name) ?? {}
  const head = editYaml(diskHead, keepLeftOut(name, prune(parseOrRefuse(sentHead, name) ?? {}, old), old))
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
  const kind = kindOf(name)
  const properties = kind ? (readSchema(`${kind}.schema.json`).properties ?? {}) : {}
  const unset = (key: string, value: unknown) =>
    isEmpty(value) || (typeof value !== 'object' && value === deref(`${kind}.schema.json`, properties[key] ?? {}).schema.default)
  const kept = (data: unknown) =>
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.fromEntries(Object.entries(data).filter(([key, value]) => !unset(key, value)))
      : data
  if (!name.endsWith('.md')) return editYaml(raw, kept(parseOrRefuse(raw, name))) ?? raw
  const [head] = frontMatter(raw)
  if (head === undefined) return raw
  const edited = editYaml(head, kept(parseOrRefuse(head, name) ?? {}))
  return edited === undefined ? raw : raw.replace(head, edited)
}

export function cannotEdit(name: string): never {
  throw new Refusal(422, [fail(EditorCannotEdit, { file: name }, name)])
}

/** The YAML between the `---` lines, and the body after them. */
function frontMatter(text: string): [string | undefined, string] {
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
