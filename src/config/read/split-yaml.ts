import type { Document } from 'yaml'
import { hash } from '../../cache/digest.js'
import { isWide, ownCopy } from '../../tool/own-copy.js'
import { parseYaml, yamlLib } from './read-yaml.js'

/**
 * Reading a large YAML file (an areas.yaml of 2,500 places is 2 MB and 0.5 s to parse) part by
 * part. The file's largest top-level block mapping (`places`) is cut into its entries by their
 * lines, and each entry is parsed on its own with the rest of the file: on a first read every
 * entry, after an edit only the entries whose text changed (the others keep the values they had).
 *
 * Safe by construction, else not used: every entry parsed must come out as a mapping whose keys
 * no other entry has, and the cut is only made in files without tabs, directives or CRLF. An
 * alias to another entry's anchor, a broken indentation, a quote or bracket left open across
 * entries or a duplicate key makes the whole file be parsed as usual, which also reports every
 * error at its position; so does any error the read data fails validation with.
 */

/** Files smaller than this are parsed whole: cutting them saves nothing. */
export const splitMinimumLength = 256 * 1024

/** How a file was cut: the mapping's key, the digest of the rest of the file, then each entry's digest and name, in order. */
export interface YamlSplit {
  readonly key: string
  readonly head?: string
  readonly entries: readonly (readonly [digest: string, name: string])[]
}

interface Cut {
  readonly key: string
  /** The file without the mapping's entries (the key is left with no value). */
  readonly head: string
  /** Each entry's text (with the comments above the next one) and where its key starts. */
  readonly entries: readonly { readonly keyAt: number; readonly text: string }[]
}

/** The cut of a fully parsed document, if the parser agrees with it entry by entry. */
export function splitOf(text: string, doc: Document): YamlSplit | undefined {
  const { isMap, isScalar, visit } = yamlLib()
  let aliases = false
  visit(doc, {
    Alias: () => {
      aliases = true
      return visit.BREAK
    },
  })
  const cut = cutEntries(text)
  if (aliases || !cut || !isMap(doc.contents)) return undefined
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === cut.key)
  if (!pair || !isMap(pair.value) || pair.value.items.length !== cut.entries.length) return undefined
  const entries: [string, string][] = []
  for (const [i, item] of pair.value.items.entries()) {
    if (!isScalar(item.key) || typeof item.key.value !== 'string' || item.key.range?.[0] !== cut.entries[i]!.keyAt) return undefined
    entries.push([hash(cut.entries[i]!.text), item.key.value])
  }
  return { key: cut.key, head: hash(cut.head), entries }
}

/**
 * The data of `text`, taking unchanged entries from the previous data (without it, parsing every
 * entry on its own); undefined when that cannot be done safely. Also the new cut, for the next time.
 *
 * Parsed on its own, an entry means what it means in the file: a line indented like the entries
 * ends whatever block the entry before it opened, and what it cannot end (a quote, a bracket)
 * leaves that entry's text unfinished, which is an error. Read whole, a file of 12,500 places
 * (10 MB) makes a syntax tree of 150 MB with its document beside it; an entry's are a few kilobytes.
 */
export function reassemble(
  text: string,
  previous?: { readonly data: unknown; readonly split: YamlSplit },
): { data: unknown; split: YamlSplit } | undefined {
  const cut = cutEntries(text)
  if (!cut) return undefined
  const before = previous
    ? ((previous.data as Record<string, unknown> | null)?.[previous.split.key] as Record<string, unknown> | undefined)
    : {}
  if ((previous && cut.key !== previous.split.key) || !before || typeof before !== 'object') return undefined
  // A part cut from a text with a character past Latin-1 is two bytes a character whatever it
  // holds, and so would be every name and key parsed from it: each is parsed from its own copy.
  const wide = isWide(text)
  const parse = (source: string): Record<string, unknown> | undefined => {
    // With the limits of every parse; an alias to an anchor in another entry is an error here.
    const { source: parsed, errors } = parseYaml(wide ? ownCopy(source, true) : source, '')
    if (errors.length > 0) return undefined
    const value = parsed.data
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  }
  // The rest of the file (area lists, regions…) is taken as it was too when its text is the same.
  const headDigest = hash(cut.head)
  const head =
    previous && headDigest === previous.split.head
      ? Object.fromEntries(
          Object.entries(previous.data as Record<string, unknown>).map(([key, value]) => [key, key === cut.key ? null : value]),
        )
      : parse(cut.head)
  if (!head || !Object.hasOwn(head, cut.key) || head[cut.key] !== null) return undefined
  const known = new Map(previous?.split.entries)
  const mapping: Record<string, unknown> = {}
  const entries: [string, string][] = []
  for (const entry of cut.entries) {
    const digest = hash(entry.text)
    const name = known.get(digest)
    const values = name !== undefined && Object.hasOwn(before, name) ? { [name]: before[name] } : parse(entry.text)
    if (!values) return undefined
    const names = Object.keys(values)
    if (names.length === 0) return undefined
    for (const key of names) {
      if (Object.hasOwn(mapping, key)) return undefined // a duplicate: the full parse reports it
      mapping[key] = values[key]
    }
    if (names.length === 1) entries.push([digest, names[0]!])
  }
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(head)) data[key] = key === cut.key ? mapping : value
  return { data, split: { key: cut.key, head: headDigest, entries } }
}

/**
 * Cuts the largest top-level block mapping into entries by indentation: an entry starts at each
 * line indented exactly like the mapping's first entry. Undefined for anything else (tabs, CRLF,
 * directives, a sequence, a line that leaves the mapping's indentation early).
 */
function cutEntries(text: string): Cut | undefined {
  if (text.includes('\t') || text.includes('\r') || /^(%|---|\.\.\.)/m.test(text)) return undefined
  // Per line (no string per line: a 2 MB file has 60,000 of them): where it starts, how many
  // spaces indent it, and whether it has content (is neither blank nor a comment).
  const at: number[] = []
  const indents: number[] = []
  const contents: boolean[] = []
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start)
    const next = end === -1 ? text.length : end + 1
    let i = start
    while (text.charCodeAt(i) === 32) i++
    const first = text.charCodeAt(i)
    const blank = i >= next || first === 10
    // Other white space before the content (a form feed, a no-break space): not this shape.
    if (!blank && /\s/.test(text[i]!)) return undefined
    at.push(start)
    indents.push(i - start)
    contents.push(!blank && first !== 35) // '#'
    start = next
  }
  const lineText = (line: number) => text.slice(at[line], at[line + 1] ?? text.length)
  // Top-level keys whose value is a block below them: `places:` (maybe with a comment).
  const tops: number[] = []
  for (let line = 0; line < at.length; line++) if (contents[line] && indents[line] === 0) tops.push(line)
  let best: { key: string; from: number; to: number } | undefined
  for (const [n, i] of tops.entries()) {
    const key = /^([A-Za-z0-9_-]+):\s*(#.*)?$/.exec(lineText(i).trimEnd())?.[1]
    const to = tops[n + 1] ?? at.length
    if (key && (!best || to - i > best.to - best.from)) best = { key, from: i + 1, to }
  }
  if (!best || best.from >= best.to) return undefined
  let firstLine = best.from
  while (firstLine < best.to && !contents[firstLine]) firstLine++
  if (firstLine === best.to) return undefined
  const depth = indents[firstLine]!
  if (depth === 0 || text.charCodeAt(at[firstLine]! + depth) === 45) return undefined // '-': a sequence
  const starts: number[] = []
  for (let line = best.from; line < best.to; line++) {
    if (!contents[line]) continue
    // A line left of the entries inside the block is not this shape: parse the whole file.
    if (indents[line]! < depth) return undefined
    if (indents[line] === depth) starts.push(at[line]!)
  }
  const blockStart = at[best.from]!
  const blockEnd = at[best.to] ?? text.length
  const entries = starts.map((keyLine, i) => {
    // The first entry also takes the comments above it; each entry the comments below it.
    const from = i === 0 ? blockStart : keyLine
    const to = starts[i + 1] ?? blockEnd
    return { keyAt: keyLine + depth, text: text.slice(from, to) }
  })
  return { key: best.key, head: text.slice(0, blockStart) + text.slice(blockEnd), entries }
}
