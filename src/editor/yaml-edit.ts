import { isDeepStrictEqual } from 'node:util'
import { CST, Parser, parse, type Scalar, stringify } from 'yaml'

/**
 * Turns `text` (a YAML file as it is on disk) into a text whose data is `target`, changing only
 * what changed: a value is rewritten in place through the CST (its comments, quotes and block
 * style kept), an added or removed key or list item is a splice of its own lines in the file's
 * indentation, and a flow collection (`[a, b]`) is rewritten in flow style. Re-serializing the
 * whole document would reformat nearly every file. Undefined when the edit cannot be made so that
 * the result parses back to `target`: the caller then refuses the save rather than rewrite the file.
 */
export function editYaml(text: string, target: unknown): string | undefined {
  let current = text
  const seen = new Set([text])
  for (let step = 0; step < 100; step++) {
    const data = parsed(current)
    if (data === unreadable) return undefined
    if (isDeepStrictEqual(normalize(data), normalize(target))) return current
    const next = oneEdit(current, data, target)
    if (next === undefined || seen.has(next)) return undefined
    seen.add(next)
    current = next
  }
  return undefined
}

const unreadable = Symbol('unreadable')

/** A step that does not read back as YAML is a failed edit, never a thrown error. */
function parsed(text: string): unknown {
  try {
    return parse(text) as unknown
  } catch {
    return unreadable
  }
}

type Path = readonly (string | number)[]
type Item = CST.CollectionItem

/** null and undefined alike: an emptied optional key compares equal to a missing one. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, normalize(v)]),
    )
  }
  return value ?? null
}

/** Makes the first difference between `data` and `target` go away, or returns undefined. */
function oneEdit(text: string, data: unknown, target: unknown): string | undefined {
  const doc = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document')
  if (!doc?.value) return undefined
  return editAt(text, doc.value, data, target, [])
}

function editAt(text: string, token: CST.Token, data: unknown, target: unknown, path: Path): string | undefined {
  if (isDeepStrictEqual(normalize(data), normalize(target))) return undefined
  if (token.type === 'flow-collection') return editFlow(text, token, data, target, path) ?? replaceToken(text, token, flowText(target))
  const bothMaps = isMap(data) && isMap(target)
  const bothLists = Array.isArray(data) && Array.isArray(target)
  // Emptied whole, a block collection is rewritten with its key (`key: {}`): removing its last line would leave a key without a value.
  if (token.type === 'block-map' && bothMaps && Object.keys(target).length > 0) return editMap(text, token, data, target, path)
  if (token.type === 'block-seq' && bothLists && target.length > 0) return editList(text, token, data, target, path)
  if (isScalarToken(token) && isScalarValue(target)) return setScalar(text, token, target)
  return undefined
}

/**
 * A flow collection (`{ label: A, href: /x }`) whose keys or length stay: the value that changed is
 * edited where it stands, so the collection keeps its own spacing. Undefined otherwise.
 */
function editFlow(text: string, flow: CST.FlowCollection, data: unknown, target: unknown, path: Path): string | undefined {
  const keys = (value: unknown) => (isMap(value) ? Object.keys(value) : Array.isArray(value) ? value.map((_, i) => i) : undefined)
  const [before, after] = [keys(data), keys(target)]
  if (!before || !after || !isDeepStrictEqual(before, after) || flow.items.length !== before.length) return undefined
  for (const [index, item] of flow.items.entries()) {
    const key = isMap(data) ? (item.key && CST.isScalar(item.key) ? CST.resolveAsScalar(item.key)?.value : undefined) : index
    if (key === undefined) return undefined
    const [was, now] = [(data as Record<string | number, unknown>)[key], (target as Record<string | number, unknown>)[key]]
    if (isDeepStrictEqual(normalize(was), normalize(now))) continue
    return item.value ? editAt(text, item.value, was, now, [...path, key]) : undefined
  }
  return undefined
}

function editMap(
  text: string,
  map: CST.BlockMap,
  data: Record<string, unknown>,
  target: Record<string, unknown>,
  path: Path,
): string | undefined {
  const byKey = new Map<string, Item>()
  for (const item of map.items) {
    const key = item.key && CST.isScalar(item.key) ? CST.resolveAsScalar(item.key)?.value : undefined
    if (key !== undefined) byKey.set(key, item)
  }
  for (const key of Object.keys(data)) {
    if (key in target && target[key] !== undefined) continue
    const item = byKey.get(key)
    return item ? removeItem(text, item) : undefined
  }
  const keys = Object.keys(target).filter((k) => target[k] !== undefined)
  for (const [index, key] of keys.entries()) {
    if (key in data) continue
    const before =
      keys
        .slice(0, index)
        .reverse()
        .map((k) => byKey.get(k))
        .find((i) => i !== undefined) ?? map.items.at(-1)
    if (!before) return undefined
    // Where the file parts each entry from the next with a blank line (forms, places), so does the new one.
    const spaced =
      map.items.length > 1 && map.items.slice(1).every((item) => /\n[ \t]*\n$/.test(text.slice(0, lineStart(text, firstOffset(item)))))
    return insertAfter(text, before, columnOf(text, before), (spaced ? '\n' : '') + stringify({ [key]: target[key] }, dumpOptions))
  }
  for (const key of keys) {
    if (isDeepStrictEqual(normalize(data[key]), normalize(target[key]))) continue
    const item = byKey.get(key)
    if (!item) return undefined
    const inner = item.value ? editAt(text, item.value, data[key], target[key], [...path, key]) : undefined
    if (inner !== undefined) return inner
    return replaceItem(text, item, stringify({ [key]: target[key] }, dumpOptions))
  }
  return undefined
}

function editList(text: string, seq: CST.BlockSequence, data: unknown[], target: unknown[], path: Path): string | undefined {
  let head = 0
  while (head < data.length && head < target.length && isDeepStrictEqual(normalize(data[head]), normalize(target[head]))) head++
  let tail = 0
  while (
    tail < data.length - head &&
    tail < target.length - head &&
    isDeepStrictEqual(normalize(data[data.length - 1 - tail]), normalize(target[target.length - 1 - tail]))
  )
    tail++
  const removed = data.length - head - tail
  const added = target.length - head - tail
  if (removed > 0 && added === 0) return removeItem(text, seq.items[head]!)
  if (added > 0 && removed === 0) {
    const entry = stringify([target[head]], dumpOptions)
    const before = seq.items[head - 1]
    if (before) return insertAfter(text, before, columnOf(text, before), entry)
    const first = seq.items[0]!
    return startsLine(text, first) ? insertAt(text, lineStart(text, firstOffset(first)), columnOf(text, first), entry) : undefined
  }
  const item = seq.items[head]!
  const inner = item.value ? editAt(text, item.value, data[head], target[head], [...path, head]) : undefined
  return inner ?? replaceItem(text, item, stringify([target[head]], dumpOptions))
}

const dumpOptions = { lineWidth: 0 } as const

function setScalar(text: string, token: CST.FlowScalar | CST.BlockScalar, value: string | number | boolean | null): string | undefined {
  const source = value === null ? 'null' : String(value)
  const previous = token.type === 'block-scalar' ? undefined : (CST.resolveAsScalar(token)?.type ?? undefined)
  const start = tokenStart(token)
  // A folded block (`>-`) keeps its lines as wide as they were; read back, its breaks are spaces again.
  const folded = token.type === 'block-scalar' && typeof value === 'string' ? foldAs(token, value) : undefined
  if (folded !== undefined) {
    const edited = replaceToken(text, token, ownText({ ...token, source: folded }))
    if (sameValue(edited, start, value)) return edited
  }
  const tries: (Scalar.Type | undefined)[] = typeof value === 'string' ? [undefined, 'QUOTE_DOUBLE'] : ['PLAIN']
  for (const type of tries) {
    const copy = structuredClone(token)
    try {
      CST.setScalarValue(copy, source, { type: type ?? (token.type === 'block-scalar' ? undefined : previous), afterKey: true })
    } catch {
      continue
    }
    const edited = replaceToken(text, token, ownText(copy))
    if (sameValue(edited, start, value)) return edited
  }
  return undefined
}

/**
 * The folded block's lines for `value`: no wider than its widest line was, broken at spaces, in
 * its indentation, as its writer folded it; undefined for a literal block (`|`), or a value a fold
 * would change (line breaks, runs of spaces, spaces at either end).
 */
function foldAs(token: CST.BlockScalar, value: string): string | undefined {
  if (!token.props.some((p) => p.type === 'block-scalar-header' && p.source.startsWith('>'))) return undefined
  if (/\n| {2}|^ | $/.test(value)) return undefined
  const indent = /^( *)\S/m.exec(token.source)?.[1]
  if (!indent) return undefined
  const width = Math.max(40, ...token.source.split('\n').map((line) => line.trim().length))
  const lines: string[] = []
  let line = ''
  for (const word of value.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return `${[...lines, line].map((l) => indent + l).join('\n')}\n`
}

/** Whether the scalar starting at `offset` of `text` now reads as `value`. */
function sameValue(text: string, offset: number, value: unknown): boolean {
  const doc = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document')
  let found: unknown = Symbol('none')
  if (doc) {
    CST.visit(doc, ({ value: token }) => {
      if (token && isScalarToken(token) && tokenStart(token) === offset) found = parse(CST.stringify(token).trimEnd() || '""')
    })
  }
  return isDeepStrictEqual(found, value)
}

function flowText(value: unknown): string {
  return stringify(value, { ...dumpOptions, collectionStyle: 'flow', flowCollectionPadding: false }).trimEnd()
}

/** Replaces a token's own text, keeping what follows it on its line (a comment, the newline). */
function replaceToken(text: string, token: CST.Token, replacement: string): string {
  const start = tokenStart(token)
  const own = ownText(token)
  const end = start + own.length
  return text.slice(0, start) + replacement.replace(/\n$/, own.endsWith('\n') ? '\n' : '') + text.slice(end)
}

function ownText(token: CST.Token): string {
  if (token.type === 'flow-collection')
    return CST.stringify({ ...token, end: token.end.filter((t) => t.type === 'flow-map-end' || t.type === 'flow-seq-end') })
  if ('end' in token && Array.isArray(token.end)) return CST.stringify({ ...token, end: [] } as CST.Token)
  return CST.stringify(token)
}

function removeItem(text: string, item: Item): string | undefined {
  if (!startsLine(text, item)) return undefined
  return text.slice(0, lineStart(text, firstOffset(item))) + text.slice(itemEnd(item))
}

function replaceItem(text: string, item: Item, entry: string): string | undefined {
  if (!startsLine(text, item)) return undefined
  const start = lineStart(text, firstOffset(item))
  const end = itemEnd(item)
  return text.slice(0, start) + indent(entry, columnOf(text, item)) + text.slice(end)
}

function insertAfter(text: string, item: Item, column: number, entry: string): string {
  // Blank lines that end an item part it from what follows (the next section's comment): the new entry goes above them.
  const blank = /\n(?:[ \t]*\n)+$/.exec(text.slice(0, itemEnd(item)))
  const end = blank ? blank.index + 1 : itemEnd(item)
  const gap = text.slice(0, end).endsWith('\n') ? '' : '\n'
  return text.slice(0, end) + gap + indent(entry, column) + text.slice(end)
}

function insertAt(text: string, at: number, column: number, entry: string): string {
  return text.slice(0, at) + indent(entry, column) + text.slice(at)
}

function indent(entry: string, column: number): string {
  const pad = ' '.repeat(column)
  return entry
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n')
    .replace(/\n?$/, '\n')
}

/** Offset of an item's key or `-`, past the indentation and comments of its start. */
function firstOffset(item: Item): number {
  const marker = item.start.find((t) => t.type === 'seq-item-ind' || t.type === 'explicit-key-ind')
  if (marker) return marker.offset
  if (item.key) return tokenStart(item.key)
  return item.value ? tokenStart(item.value) : 0
}

function itemEnd(item: Item): number {
  const first = [...item.start, ...(item.key ? [item.key] : []), ...(item.sep ?? []), ...(item.value ? [item.value] : [])][0]
  return first ? tokenStart(first) + CST.stringify(item).length : 0
}

function tokenStart(token: CST.Token | CST.SourceToken): number {
  // A block scalar's offset is its content's; its header (`>-`, `|`) comes before.
  if (token.type === 'block-scalar' && token.props.length > 0) return token.props[0]!.offset
  return token.offset
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1
}

function columnOf(text: string, item: Item): number {
  const at = firstOffset(item)
  return at - lineStart(text, at)
}

/** Whether only indentation stands before the item on its line (not a parent's `- `). */
function startsLine(text: string, item: Item): boolean {
  const at = firstOffset(item)
  return /^[ \t]*$/.test(text.slice(lineStart(text, at), at))
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isScalarValue(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
}

function isScalarToken(token: CST.Token): token is CST.FlowScalar | CST.BlockScalar {
  return CST.isScalar(token)
}

/**
 * Renames the key `from` of the top-level map `parent` to `to` in place: the key's own text is
 * rewritten (in its own quoting when it reads back so, else plain or double-quoted), its comments, value lines and
 * position kept. Undefined when the map is not a block map of plain keys or the result does not
 * read back as the same data under the new key.
 */
export function renameKey(text: string, parent: string, from: string, to: string): string | undefined {
  const doc = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document')
  const outer = doc?.value?.type === 'block-map' ? itemOf(doc.value, parent)?.value : undefined
  const key = outer?.type === 'block-map' ? itemOf(outer, from)?.key : undefined
  if (!key || !CST.isScalar(key)) return undefined
  const before = parse(text) as Record<string, Record<string, unknown>>
  const expected = Object.fromEntries(Object.entries(before[parent]!).map(([k, v]) => [k === from ? to : k, v]))
  const own = CST.resolveAsScalar(key)?.type
  for (const type of [own, 'PLAIN', 'QUOTE_DOUBLE'] as const) {
    if (!type) continue
    const copy = structuredClone(key)
    try {
      CST.setScalarValue(copy, to, { type, implicitKey: true })
    } catch {
      continue
    }
    const edited = replaceToken(text, key, ownText(copy))
    const after = (() => {
      try {
        return parse(edited) as Record<string, Record<string, unknown>>
      } catch {
        return undefined
      }
    })()
    const renamed = after?.[parent]
    if (
      renamed &&
      isDeepStrictEqual(Object.keys(renamed), Object.keys(expected)) &&
      isDeepStrictEqual(normalize(after), normalize({ ...before, [parent]: expected }))
    )
      return edited
  }
  return undefined
}

function itemOf(map: CST.BlockMap, key: string): Item | undefined {
  return map.items.find((item) => item.key && CST.isScalar(item.key) && CST.resolveAsScalar(item.key)?.value === key)
}
