import { isDeepStrictEqual } from 'node:util'
import { kindOf } from '../config/load-site.js'
import { escapePointer, locate } from '../config/read/locate.js'
import { parseYaml } from '../config/read/read-yaml.js'
import { EditorLeftOutKey, fail } from '../errors/catalogue.js'
import type { ConfigError, SourcePosition } from '../errors/config-error.js'
import { Refusal } from './refusal.js'
import { leftOut } from './schema-fields.js'

type Data = Record<string, unknown>

/**
 * What a save of `file` may write of the keys left out of the editor (`leftOut`): exactly what the
 * disk has. Decap has no field for them, so a save that lacks one keeps the disk's value, and one
 * that adds or changes one was not made in the form: it is refused, naming the key. `sent` (already
 * a fresh object, see `prune`) gets the kept values; `diskText`, when given, places the refusal.
 */
export function keepLeftOut(file: string, sent: unknown, disk: unknown, diskText?: string): unknown {
  const kind = kindOf(file)
  if (!kind || !isObject(sent)) return sent
  const changed: Changed[] = []
  for (const entry of leftOut) {
    const [schema, at = ''] = entry.split('#')
    if (schema === `${kind}.schema.json`) keep(sent, disk, at.split('.'), [], changed)
  }
  if (changed.length === 0) return sent
  throw new Refusal(
    422,
    changed.map(
      ({ key, onDisk }): ConfigError => fail(EditorLeftOutKey, onDisk ? placeOf(file, diskText, key) : { file }, file, key.join('.')),
    ),
  )
}

type Changed = { readonly key: readonly string[]; readonly onDisk: boolean }

/** Walks `path` (`*`: each item or name) in both; keeps or compares at its last key. */
function keep(sent: Data, disk: unknown, path: readonly string[], at: readonly string[], changed: Changed[]): void {
  const [head, ...rest] = path
  if (head === undefined) return
  const old = isObject(disk) ? disk : {}
  const keys = head === '*' ? Object.keys(sent) : [head]
  for (const key of keys) {
    if (rest.length > 0) {
      const inner = sent[key]
      if (isObject(inner)) keep(inner, old[key], rest, [...at, key], changed)
      continue
    }
    if (!Object.hasOwn(sent, key)) {
      if (Object.hasOwn(old, key)) sent[key] = old[key]
    } else if (!Object.hasOwn(old, key) || !isDeepStrictEqual(sent[key], old[key])) {
      changed.push({ key: [...at, key], onDisk: Object.hasOwn(old, key) })
    }
  }
}

function isObject(value: unknown): value is Data {
  return typeof value === 'object' && value !== null
}

/** The changed key's line on disk; a Markdown file's front matter is given alone, so it is not placed. */
function placeOf(file: string, diskText: string | undefined, key: readonly string[]): SourcePosition {
  if (diskText === undefined) return { file }
  return locate(parseYaml(diskText, file).source, key.map((k) => `/${escapePointer(k)}`).join(''), 'key')
}
