import type { Node } from 'yaml'
import type { Origin, SourcePosition } from '../../errors/config-error.js'
import { type YamlSource, yamlLib } from './yaml-lib.js'

/**
 * Finds the YAML text behind an ajv `instancePath` (RFC 6901 JSON Pointer).
 * `at: 'key'` underlines the mapping key (for unknown keys); `at: 'value'` the value (for wrong
 * types). Missing segments fall back to the nearest existing ancestor, so "missing key" points at
 * the map that should contain it.
 */
export function locate(source: YamlSource, pointer: string, at: 'key' | 'value' = 'value'): SourcePosition {
  const { isMap, isScalar, isSeq } = yamlLib()
  let node: unknown = source.doc.contents
  let key: unknown
  for (const segment of parsePointer(pointer)) {
    const pair = isMap(node) ? node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment) : undefined
    const item = isSeq(node) ? node.items[Number(segment)] : undefined
    if (pair) [key, node] = [pair.key, pair.value]
    else if (item) [key, node] = [undefined, item]
    else break
  }
  const target = ((at === 'key' && key) || node) as Node | undefined
  if (!target?.range) return { file: source.file, line: 1, column: 1, lineText: lineTextAt(source, 1) }
  return positionAt(source, target.range[0], target.range[1])
}

/**
 * Where the value at `pointer` of a file is, for data that later stages may complain about: plain
 * data whose line is found only if a problem there is reported (place-problems.ts), so a file
 * taken from the read cache (read-cache.ts) is parsed only if something in it is wrong.
 */
export function pointerOrigin(file: string, pointer: string, at: 'key' | 'value' = 'value'): Origin {
  return { file, path: displayPath(pointer), pointer, at }
}

/** pointerOrigin in a loaded file, underlining the key unless told otherwise. */
export function originOf(source: Pick<YamlSource, 'file'>, pointer: string, at: 'key' | 'value' = 'key'): Origin {
  return pointerOrigin(source.file, pointer, at)
}

/** Position of a character offset range; the underline covers the first line only. */
export function positionAt(source: Pick<YamlSource, 'file' | 'text' | 'lines'>, start: number, end: number): SourcePosition {
  const { line, col } = source.lines.linePos(Math.min(start, source.text.length))
  const lineText = lineTextAt(source, line)
  const lineStart = source.lines.lineStarts[line - 1] ?? 0
  const length = Math.max(1, Math.min(end, lineStart + lineText.length) - start)
  return { file: source.file, line, column: col, length, lineText }
}

function lineTextAt(source: Pick<YamlSource, 'text' | 'lines'>, line: number): string {
  const start = source.lines.lineStarts[line - 1] ?? 0
  const end = source.lines.lineStarts[line] ?? source.text.length
  return source.text.slice(start, end).replace(/\r?\n$/, '')
}

/** "/sections/0/a~1b" → ["sections", "0", "a/b"] */
export function parsePointer(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** "/sections/0/title" → "sections[0].title", as users read config paths. */
export function displayPath(pointer: string): string {
  return parsePointer(pointer).reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), '')
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}
