/**
 * `JSON.stringify(value, null, space)` as bytes, a chunk of about `chunkLength` characters at a
 * time, each made when it is asked for: a large file is written, or compared with the one on disk,
 * without ever being one string with its bytes beside it (at 50,000 pages the page memo's file is
 * 27 MB and published-urls.json 11 MB; written whole, they raise the end of a cold build 40-70 MiB
 * above what it holds).
 *
 * The bytes are JSON.stringify's for data whose `toJSON` methods return plain data (as the cache's
 * do). Objects and arrays near the top, and any with many entries, are walked by its rules:
 * `toJSON` is called with the value's key, and a value with no JSON (undefined, a function, a
 * symbol) is left out of an object and written `null` in an array. Everything else is written by
 * JSON.stringify itself.
 */
export function* jsonChunks(value: unknown, chunkLength = 1 << 20, space = 0): Generator<Buffer> {
  let text = ''
  // As JSON.stringify takes `space`: at most ten.
  const indent = ' '.repeat(Math.max(0, Math.min(10, Math.floor(space))))
  for (const piece of pieces(ownJson(value, ''), 0, indent)) {
    text += piece
    if (text.length >= chunkLength) {
      yield Buffer.from(text)
      text = ''
    }
  }
  if (text) yield Buffer.from(text)
}

/**
 * A value's JSON made as it is written, a piece at a time: where a large part of a file is not
 * held as data until then (the page memo's new values, read back from where they were put away).
 * The pieces must make one JSON value, without line breaks; JSON.stringify cannot write it.
 */
export class JsonText {
  constructor(readonly pieces: () => Iterable<string>) {}
}

/** Containers this near the top are walked whatever their size: the few that hold the large ones. */
const walkedLevels = 3

/** A container with this many entries is walked at any level: its text could be large. */
const manyEntries = 1000

function* pieces(value: unknown, level: number, indent: string): Generator<string> {
  // What JSON.stringify puts before an entry, and before the closing bracket, at this level.
  const entryStart = indent ? `\n${indent.repeat(level + 1)}` : ''
  const closing = indent ? `\n${indent.repeat(level)}` : ''
  if (value instanceof JsonText) {
    yield* value.pieces()
    return
  }
  if (Array.isArray(value) && (level < walkedLevels || value.length >= manyEntries)) {
    if (value.length === 0) {
      yield '[]'
      return
    }
    yield '['
    for (let i = 0; i < value.length; i++) {
      yield `${i > 0 ? ',' : ''}${entryStart}`
      const item = ownJson(value[i], String(i))
      if (hasNoJson(item)) yield 'null'
      else yield* pieces(item, level + 1, indent)
    }
    yield `${closing}]`
    return
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
    if (level < walkedLevels || keys.length >= manyEntries) {
      let first = true
      for (const key of keys) {
        const entry = ownJson(value[key], key)
        if (hasNoJson(entry)) continue
        yield `${first ? '{' : ','}${entryStart}${JSON.stringify(key)}:${indent ? ' ' : ''}`
        first = false
        yield* pieces(entry, level + 1, indent)
      }
      yield first ? '{}' : `${closing}}`
      return
    }
  }
  const json = JSON.stringify(value, null, indent)
  // Its own lines are indented from this level, as in the whole text. (A string in JSON never
  // holds a line break of its own: JSON.stringify writes it \n.)
  yield closing && json.includes('\n') ? json.replaceAll('\n', closing) : json
}

/** The value JSON.stringify writes for `value` under `key`: what its toJSON returns, if it has one. */
function ownJson(value: unknown, key: string): unknown {
  const toJSON = value !== null && typeof value === 'object' ? (value as { toJSON?: unknown }).toJSON : undefined
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value
}

function hasNoJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
