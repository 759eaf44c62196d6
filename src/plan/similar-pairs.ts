import { shinglesOf } from '../cache/shingle-shelf.js'
import { membersOf } from '../tool/group.js'
import type { Fingerprint, NearestSibling } from './landing-similarity.js'

/**
 * Each page's most similar sibling among those at least `limit` alike, found exactly, so the
 * doorway gate's verdict never rests on an estimate. A town's few pages are measured pair by
 * pair; a service's thousands go through prefix filtering (Bayardo, Ma & Srikant 2007,
 * "All-Pairs"): with every page's shingles in one global order, two sets whose Jaccard index is
 * at least t share one of the first |x| − ⌈t·|x|⌉ + 1 shingles of the larger and of the first
 * |y| − ⌈2t/(1 + t)·|y|⌉ + 1 of the smaller. Taken rarest first, those are a town's own words,
 * shared by a handful of pages, so a page meets only those few candidates and the work grows with
 * the pages, not with their pairs. Any order shared by all pages keeps the result exact; counted
 * frequencies make it a fast one.
 */
export function closestAbove(prints: readonly Fingerprint[], groups: readonly (readonly string[])[], limit: number): NearestSibling[] {
  const closest: NearestSibling[] = prints.map(() => none)
  const measure = measurer(prints, limit, closest)
  const large: number[][] = []
  for (const pages of membersOf(groups).values()) {
    if (pages.length > smallGroup) large.push(pages)
    else for (let i = 1; i < pages.length; i++) for (let j = 0; j < i; j++) measure(pages[i]!, pages[j]!)
  }
  if (large.length === 0) return closest
  const frequencies = countShingles(prints)
  const sizeOf = (page: number) => prints[page]!.shingles.length
  for (const pages of large) {
    /**
     * A prefix shingle → the pages before this one (none larger) whose index prefix holds it: one
     * page as itself, more as a list. Most prefix shingles are one town's own, held by one page of
     * the service: a list for each took 100 MB more at 12,500 pages of a service.
     */
    const index = new Map<number, number | number[]>()
    for (const x of [...pages].sort((a, b) => sizeOf(a) - sizeOf(b) || a - b)) {
      const { probe, indexed } = prefixOf(shinglesOf(prints[x]!.shingles, 0), frequencies, limit)
      probe.forEach((shingle, i) => {
        // 30 bits keep the key a small integer for the map; a rare clash only adds a candidate.
        const key = shingle >>> 2
        const before = index.get(key)
        if (typeof before === 'number') measure(x, before)
        else if (before) for (const y of before) measure(x, y)
        if (i >= indexed) return
        if (before === undefined) index.set(key, x)
        else if (typeof before === 'number') index.set(key, [before, x])
        else before.push(x)
      })
    }
  }
  return closest
}

/**
 * closestAbove after the pages in `changed` got new prints (same pages, same groups, same limit),
 * from the previous result: a changed page, and a kept page whose closest sibling changed, are
 * measured against all their siblings; any other page keeps its closest unless a changed page is
 * now closer. Undefined when so many pages must look again that closestAbove is as fast.
 */
export function updateClosestAbove(
  prints: readonly Fingerprint[],
  groups: readonly (readonly string[])[],
  limit: number,
  previous: readonly NearestSibling[],
  changed: readonly number[],
): NearestSibling[] | undefined {
  const isChanged = new Uint8Array(prints.length)
  for (const i of changed) isChanged[i] = 1
  const again = [...changed, ...previous.flatMap((p, i) => (!isChanged[i] && p.index >= 0 && isChanged[p.index] ? [i] : []))]
  if (again.length > 64) return undefined
  const looking = new Uint8Array(prints.length)
  for (const i of again) looking[i] = 1
  const closest = previous.map((p, i) => (looking[i] ? none : p))
  const measure = measurer(prints, limit, closest)
  const members = membersOf(groups)
  for (const x of again) for (const key of groups[x]!) for (const y of members.get(key)!) measure(x, y)
  return closest
}

/**
 * Measures a pair once per page `x` in turn, and keeps it as either page's closest when it is at
 * least `limit` alike.
 */
function measurer(prints: readonly Fingerprint[], limit: number, closest: NearestSibling[]): (x: number, y: number) => void {
  const met = new Int32Array(prints.length).fill(-1)
  return (x, y) => {
    // x itself may be on a list it just joined under another of its shingles' keys.
    if (y === x || met[y] === x) return
    met[y] = x
    comparisons.measured++
    const similarity = jaccard(shinglesOf(prints[x]!.shingles, 0), shinglesOf(prints[y]!.shingles, 1), limit)
    if (similarity < 0) return
    closest[x] = closer(closest[x]!, y, similarity)
    closest[y] = closer(closest[y]!, x, similarity)
  }
}

/**
 * Pairs of pages compared so far in this process, by signature and exactly: tests read it to keep
 * the comparison linear in the pages.
 */
export const comparisons = { estimated: 0, measured: 0 }

/** Groups of up to this many pages are measured pair by pair, without an index. */
const smallGroup = 32

const none: NearestSibling = { index: -1, similarity: 0 }

/** The nearer of two siblings: higher similarity, then lower index. */
export function closer(current: NearestSibling, index: number, similarity: number): NearestSibling {
  if (index < 0) return current
  if (current.index < 0 || similarity > current.similarity || (similarity === current.similarity && index < current.index))
    return { index, similarity }
  return current
}

/** prefixOf's frequencies of one page's shingles, kept between calls. */
let seen = new Uint16Array(0)

/**
 * Shingles are counted into buckets by frequency, one per frequency up to 255 and one per power
 * of two above, so that only the bucket where a prefix ends is sorted.
 */
const bucketOf = (frequency: number) => (frequency < 256 ? frequency : 248 + 31 - Math.clz32(frequency))
const buckets = bucketOf(0xffff) + 1

/**
 * A page's probe prefix, rarest first in the order (frequency, hash); its first `indexed`
 * shingles are its index prefix. Most shingles are either a town's own (seen a few times) or the
 * template's (seen on every page), so the rarest are picked by counting frequencies, and only the
 * shingles of the bucket where the prefix ends are sorted.
 */
function prefixOf(shingles: Uint32Array, frequencies: Uint16Array, limit: number): { probe: number[]; indexed: number } {
  const n = shingles.length
  // The small margins only lengthen a prefix, when a bound is a whole number computed a hair high.
  const length = (share: number) => Math.max(1, Math.min(n, n - Math.ceil(share * n - 1e-9) + 1))
  const probeLength = length(limit)
  const counts = new Int32Array(buckets)
  // Each shingle's count is read once and kept for the second pass, in a buffer all pages share.
  if (seen.length < n) seen = new Uint16Array(n * 2)
  for (let i = 0; i < n; i++) {
    const frequency = frequencies[shingles[i]! & frequencyMask]!
    seen[i] = frequency
    const at = bucketOf(frequency)
    counts[at] = counts[at]! + 1
  }
  let end = 0
  let below = 0
  while (below + counts[end]! < probeLength) below += counts[end++]!
  const rarest: number[] = []
  const boundary: number[] = []
  for (let i = 0; i < n; i++) {
    const frequency = seen[i]!
    const bucket = bucketOf(frequency)
    if (bucket < end) rarest.push(frequency * 2 ** 32 + shingles[i]!)
    else if (bucket === end) boundary.push(frequency * 2 ** 32 + shingles[i]!)
  }
  const probe = [
    ...Float64Array.from(rarest).sort(),
    ...Float64Array.from(boundary)
      .sort()
      .subarray(0, probeLength - below),
  ].map((value) => value % 2 ** 32)
  return { probe, indexed: length((2 * limit) / (1 + limit)) }
}

/**
 * The exact Jaccard index of two sorted hash sets (1 for two empty ones). With `atLeast`, -1 when
 * it is lower, given up as soon as too few shingles are left to share for it
 * (|a ∩ b| ≥ t·(|a| + |b|) / (1 + t)): most candidates are ruled out a few dozen shingles in.
 */
export function jaccard(a: Uint32Array, b: Uint32Array, atLeast = 0): number {
  const need = Math.ceil((atLeast * (a.length + b.length)) / (1 + atLeast) - 1e-9)
  let i = 0
  let j = 0
  let common = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++
      i++
      j++
    } else {
      if (a[i]! < b[j]!) i++
      else j++
      if (common + Math.min(a.length - i, b.length - j) < need) return -1
    }
  }
  if (common < need) return -1
  const union = a.length + b.length - common
  return union === 0 ? 1 : common / union
}

const frequencyBits = 21
const frequencyMask = (1 << frequencyBits) - 1

/**
 * How many pages hold each shingle, overestimated where shingles share a counter (4 MB of them,
 * saturating at 65,535); shingles are well-mixed hashes, so their low bits pick the counter.
 */
function countShingles(prints: readonly Fingerprint[]): Uint16Array {
  const counts = new Uint16Array(1 << frequencyBits)
  for (const print of prints) {
    for (const shingle of shinglesOf(print.shingles, 0)) {
      const at = shingle & frequencyMask
      if (counts[at]! < 0xffff) counts[at] = counts[at]! + 1
    }
  }
  return counts
}
