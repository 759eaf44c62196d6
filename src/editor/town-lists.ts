import { parse, parseDocument, stringify } from 'yaml'
import { parseAreaName } from '../config/areas/area-names.js'
import type { NamedMap } from './decap-config.js'
import { cannotEdit } from './entry-text.js'
import { parseOrRefuse } from './refusal.js'
import { editYaml } from './yaml-edit.js'

/**
 * A town's area lists, edited with the town: areas.yaml `places` entries carry the names of the
 * `lists` they are in (`listsField`), so a marketer adds a town, its facts, its paragraph and its
 * landing pages in one save, and a town renamed or removed takes its list entries with it.
 */
export const listsField = 'inLists'

/** Whether a virtual map is areas.yaml's places, whose entries carry their lists. */
export function isTowns(map: NamedMap): boolean {
  return map.file === 'areas.yaml' && map.key === 'places'
}

type Areas = { lists?: Record<string, unknown> } & Record<string, unknown>

/** The lists of areas.yaml (`text`) that hold the town `name`, by the one area-name rule. */
export function listsOf(text: string, name: string): string[] {
  const lists = ((parseOrRefuse(text, 'areas.yaml') as Areas | null)?.lists ?? {}) as Record<string, unknown>
  return Object.entries(lists)
    .filter(([, areas]) => Array.isArray(areas) && areas.some((area) => sameTown(area, name)))
    .map(([list]) => list)
}

/**
 * areas.yaml with the town in exactly the lists `wanted` (undefined: the lists it is in now), under
 * its name `name`: an entry of the old name `old` is renamed where it stands, the town is added at
 * the end of a list it joins and taken out of one it leaves. Minimal edits (yaml-edit.ts).
 */
export function withLists(text: string, old: string | undefined, name: string, wanted: readonly string[] | undefined): string {
  if (wanted === undefined && (old === undefined || old === name)) return text
  const data = (parseOrRefuse(text, 'areas.yaml') ?? {}) as Areas
  const lists = (data.lists ?? {}) as Record<string, unknown>
  const target = wanted && new Set(wanted)
  const edited = Object.fromEntries(
    Object.entries(lists).map(([list, areas]) => {
      if (!Array.isArray(areas)) return [list, areas]
      const renamed = old === undefined ? areas : areas.map((area) => (sameTown(area, old) ? name : area))
      if (!target) return [list, renamed]
      const kept = target.has(list) ? renamed : renamed.filter((area) => !sameTown(area, name))
      return [list, target.has(list) && !kept.some((area) => sameTown(area, name)) ? [...kept, name] : kept]
    }),
  )
  if (JSON.stringify(edited) === JSON.stringify(lists)) return text
  return editYaml(text, { ...data, lists: edited }) ?? cannotEdit('areas.yaml')
}

/** A list entry naming the town: the same city, and the same state where both give one (a list may leave it out). */
export function sameTown(area: unknown, name: string): boolean {
  if (typeof area !== 'string') return false
  const a = parseAreaName(area)
  const b = parseAreaName(name)
  return a.cityKey === b.cityKey && (a.state === undefined || b.state === undefined || a.state === b.state)
}

/** A town's entry as the editor shows it (virtual-entries.ts `virtualData`), with its lists. */
export function withListsField(data: string, areas: string, name: string): string {
  return stringify({ ...(parse(data) as object), [listsField]: listsOf(areas, name) }, { lineWidth: 0 })
}

/**
 * What the editor sent for a town, without its lists; the lists it asks for (undefined: not
 * sent) and the name typed in its name field (`nameKey`).
 */
export function takeLists(raw: string, nameKey: string): { raw: string; lists: string[] | undefined; name: string } {
  const sent = (parseOrRefuse(raw, 'areas.yaml') as Record<string, unknown> | null) ?? {}
  const typed = sent[nameKey]
  const name = typed === undefined || typed === null ? '' : String(typed).trim()
  const lists = sent[listsField]
  if (lists === undefined) return { raw, lists: undefined, name }
  const doc = parseDocument(raw)
  doc.delete(listsField)
  return { raw: String(doc), lists: Array.isArray(lists) ? lists.map(String) : [], name }
}

/**
 * What the editor sent for a town renamed from `old`, with `old` among its former names
 * (`formerly`), so its published pages redirect to its own new pages (plan/plan-redirects.ts),
 * whatever else has its coordinates; a name it takes back leaves the list.
 */
export function withFormerName(raw: string, old: string, name: string): string {
  const formerly = (parseOrRefuse(raw, 'areas.yaml') as { formerly?: unknown } | null)?.formerly
  const names = (Array.isArray(formerly) ? formerly : []).map(String).filter((former) => !sameTown(former, name) && !sameTown(former, old))
  const doc = parseDocument(raw)
  doc.set('formerly', [...names, old])
  return String(doc)
}
