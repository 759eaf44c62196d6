import { EditorCannotEdit, fail } from '../errors/catalogue.js'
import { keepLeftOut } from './left-out.js'
import { parseOrRefuse, Refusal } from './refusal.js'
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
