/**
 * `JSON.stringify(value)` as bytes, a chunk of about `chunkLength` characters at a time, each made
 * when it is asked for: a large cache file is written without ever being one string with its bytes
 * beside it (at 50,000 pages the page memo's file is 27 MB, and written whole the cache's files
 * raise the end of a cold build 50-70 MiB above what it holds).
 *
 * The bytes are JSON.stringify's for data whose `toJSON` methods return plain data (as the cache's
 * do). Objects and arrays near the top, and any with many entries, are walked by its rules:
 * `toJSON` is called with the value's key, and a value with no JSON (undefined, a function, a
 * symbol) is left out of an object and written `null` in an array. Everything else is written by
 * JSON.stringify itself.
 */
export function* jsonChunks(value: unknown, chunkLength = 1 << 20): Generator<Buffer> {
  let text = ''
  for (const piece of pieces(ownJson(value, ''), 0)) {
    text += piece
    if (text.length >= chunkLength) {
      yield Buffer.from(text)
      text = ''
    }
  }
  if (text) yield Buffer.from(text)
}

/** Containers this near the top are walked whatever their size: the few that hold the large ones. */
const walkedLevels = 3

/** A container with this many entries is walked at any level: its text could be large. */
const manyEntries = 1000

function* pieces(value: unknown, level: number): Generator<string> {
  if (Array.isArray(value) && (level < walkedLevels || value.length >= manyEntries)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item = ownJson(value[i], String(i))
      if (hasNoJson(item)) yield 'null'
      else yield* pieces(item, level + 1)
    }
    yield ']'
    return
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
    if (level < walkedLevels || keys.length >= manyEntries) {
      yield '{'
      let first = true
      for (const key of keys) {
        const entry = ownJson(value[key], key)
        if (hasNoJson(entry)) continue
        yield `${first ? '' : ','}${JSON.stringify(key)}:`
        first = false
        yield* pieces(entry, level + 1)
      }
      yield '}'
      return
    }
  }
  yield JSON.stringify(value)
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
