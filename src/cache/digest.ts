import { hash as oneShotHash } from 'node:crypto'

/**
 * Digests of the data a page is made from, the currency of every cache key.
 *
 * `digestJson` hashes plain `JSON.stringify` output: key order is the order the data was built
 * in, which is deterministic for props (object literals in plan/, and YAML/JSON keys in file
 * order). Sorting keys instead cost 0.8 s of a 10,000-page warm build against 0.3 s, and would
 * hide a reordering that an output follows. Only data assembled from maps filled in completion
 * order (the render context's images) needs `stableJson`. All three leave out `origin` (where in
 * YAML a value was written, always at the top of a config object), which no output depends on,
 * so moving YAML lines around invalidates nothing.
 *
 * A digest is remembered per object, so the planner (quality fingerprints) and the page cache
 * hash each page's props once.
 */
const digests = new WeakMap<object, string>()

export function digestJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return hash(JSON.stringify(value) ?? '')
  let digest = digests.get(value)
  // Config objects (pages, services, posts) carry `origin` at the top; generated props (landing
  // pages) have none, and skipping the replacer there halves the cost.
  if (digest === undefined) digests.set(value, (digest = hash(JSON.stringify(value, 'origin' in value ? withoutOrigin : undefined) ?? '')))
  return digest
}

/**
 * JSON in the order the data was built, leaving out `origin` at every depth: for data an output
 * may list in its key order (a template iterating a lookup), where a reordering must count.
 */
export function orderedJson(value: unknown): string {
  return JSON.stringify(value, withoutOrigin) ?? ''
}

/** JSON with object keys sorted, for data whose key order is not deterministic. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'origin') return undefined
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  })
}

/** SHA-1, hex. The one-shot API: half the cost of a Hash object for the small inputs of keys, tens of thousands per build. */
export function hash(data: string | Uint8Array): string {
  return oneShotHash('sha1', data, 'hex')
}

function withoutOrigin(key: string, value: unknown): unknown {
  return key === 'origin' ? undefined : value
}
