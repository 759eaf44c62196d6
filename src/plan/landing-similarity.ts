import { hash } from '../cache/digest.js'
import { type ShelvedShingles, type Shingles, shinglesOf } from '../cache/shingle-shelf.js'
import { membersOf } from '../tool/group.js'
import { closer, closestAbove, comparisons, jaccard, updateClosestAbove } from './similar-pairs.js'

/**
 * How alike two pages' main texts are: the Jaccard index of their sets of word 5-grams
 * ("shingles"), the standard near-duplicate measure (Broder 1997). Comparing every pair exactly
 * is quadratic in pages × shingles, so siblings are first compared by MinHash signatures
 * (one-permutation hashing with rotation densification, Shrivastava & Li 2014: one hash per
 * shingle instead of one per shingle and permutation), and only each page's two most similar
 * candidates are measured exactly. In a group of more than `neighbours` + 1 pages (a service
 * offered in thousands of towns), a page is estimated against the `neighbours` around it in the
 * group's order (areas.yaml's, so mostly nearby towns), which keeps the work linear in the pages;
 * the gate's verdict does not depend on it (similar-pairs.ts finds every pair over the limit).
 * Everything is seeded and ordered, so results are deterministic.
 */

const shingleSize = 5
/** Signature length; 64 bins estimate a Jaccard of 0.9 within ±0.04 (1 σ) before the exact check. */
const bins = 64
/** Words in a signature (for stores that keep fingerprints). */
export const signatureBins = bins
const binShift = 26 // 32 - log2(bins)
const valueMask = (1 << binShift) - 1
/** 32-bit words of a packed signature (one byte per bin). */
const words = bins / 4
/** In a larger group, how many pages each page is estimated against: half before it, half after. */
export const neighbours = 256
const reach = neighbours / 2

export interface Fingerprint<S extends Shingles = Shingles> {
  /** Distinct shingle hashes, sorted ascending (for the exact Jaccard), or where they were put away. */
  readonly shingles: S
  /** MinHash signature, `bins` values. */
  readonly signature: Uint32Array
}

/**
 * Puts a page's shingles away as they are made (PrintStore.shelve): a store keeps them in a file
 * while the plan compares pages (cache/shingle-shelf.ts); at 50,000 pages they are 150 MB, and
 * each is read a few times.
 */
export type Shelve = (shingles: Uint32Array) => ShelvedShingles

/**
 * The fingerprint of a list of words. Each word is hashed once and a shingle's hash combines its
 * five word hashes, so no 5-gram string is ever built. Fewer than five words make one shingle.
 */
export function fingerprintWords(words: readonly string[]): Fingerprint<Uint32Array> {
  return fingerprintHashes(hashWords(words))
}

/** Each word's hash, as fingerprintHashes takes them (a text's are its parts' in turn). */
export function hashWords(words: readonly string[]): Uint32Array {
  const wordHashes = new Uint32Array(words.length)
  for (let i = 0; i < words.length; i++) wordHashes[i] = hashString(words[i]!)
  return wordHashes
}

/**
 * The fingerprint of a text from its words' hashes (hashWords). `allocate` makes the two arrays it
 * keeps (a planner making thousands gives wordBlocks'; the rest are the function's own garbage);
 * with `shelve`, the shingles are put away instead.
 */
export function fingerprintHashes(wordHashes: Uint32Array, allocate?: (length: number) => Uint32Array): Fingerprint<Uint32Array>
export function fingerprintHashes(wordHashes: Uint32Array, allocate: (length: number) => Uint32Array, shelve?: Shelve): Fingerprint
export function fingerprintHashes(
  wordHashes: Uint32Array,
  allocate: (length: number) => Uint32Array = (length) => new Uint32Array(length),
  shelve?: Shelve,
): Fingerprint {
  const count = Math.max(1, wordHashes.length - shingleSize + 1)
  const all = new Uint32Array(count)
  for (let i = 0; i < count; i++) {
    let h = 0x9747b28c
    for (let k = i; k < Math.min(i + shingleSize, wordHashes.length); k++) h = Math.imul(h ^ wordHashes[k]!, 0x01000193) ^ (h >>> 15)
    all[i] = mix(h)
  }
  // Sorted, then duplicates dropped in place: a typed-array sort beats a Set at this size.
  all.sort()
  let distinct = 0
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i]!
  const sorted = all.subarray(0, distinct)
  const signature = signatureOf(sorted, allocate(bins))
  if (shelve) return { shingles: shelve(sorted), signature }
  const shingles = allocate(distinct)
  shingles.set(sorted)
  return { shingles, signature }
}

export interface NearestSibling {
  /** Index of the most similar sibling, or -1 when the page has none. */
  readonly index: number
  /** Exact Jaccard index with it, 0..1. */
  readonly similarity: number
}

/**
 * Each page's two best candidates by signature estimate, as a later build can update them:
 * `best[2i]`, `best[2i + 1]` are page indexes (-1 for none), `scores` their estimates. The order
 * is canonical (higher estimate first, then lower index), so the result is the same whether it
 * was computed at once or updated page by page.
 */
export interface SiblingCandidates {
  /** The pages' print keys, in page order. */
  readonly keys: readonly string[]
  /** Digest of every page's groups, in page order. */
  readonly groups: string
  readonly best: Int32Array
  readonly scores: Int32Array
  /** Each page's nearest sibling as measured exactly from these candidates. */
  readonly nearest: readonly NearestSibling[]
  /** The similarity limit of `over`. */
  readonly limit: number
  /** Each page's most similar sibling at least `limit` alike (similar-pairs.ts), or index -1. */
  readonly over: readonly NearestSibling[]
}

/**
 * For each page, its most similar page among those sharing a group with it (`groups[i]` lists
 * page i's group keys). Every sibling at least `limit` alike is measured exactly
 * (similar-pairs.ts); below it, pairs are estimated from signatures, the two best estimates per
 * page are measured exactly and the higher exact value wins.
 */
export function findNearestSiblings(
  prints: readonly Fingerprint[],
  groups: readonly (readonly string[])[],
  limit: number,
): NearestSibling[] {
  return withOver(nearestOf(prints, findCandidates(prints, groups)), closestAbove(prints, groups, limit))
}

/**
 * findNearestSiblings for a build that kept the previous build's comparison: when the pages and
 * their groups are the same and only some prints changed (one city edited), only pairs with a
 * changed page are estimated and measured again, a few thousand instead of 1.3 million at 10,000
 * pages.
 */
export function updateNearestSiblings(
  prints: readonly Fingerprint[],
  groups: readonly (readonly string[])[],
  keys: readonly string[],
  limit: number,
  previous?: SiblingCandidates,
): { nearest: NearestSibling[]; candidates: SiblingCandidates } {
  const groupsDigest = digestGroups(groups)
  const reusable = previous && previous.groups === groupsDigest && previous.keys.length === keys.length
  const changed = reusable ? keys.flatMap((key, i) => (previous.keys[i] === key ? [] : [i])) : []
  // Past a few hundred changed pages, estimating everything again is about as fast.
  const update = reusable && changed.length <= Math.max(64, keys.length / 20)
  const candidates = update ? updateCandidates(prints, groups, previous, changed) : findCandidates(prints, groups)
  // A page keeps its measured nearest sibling when its print, its candidates and theirs are unchanged.
  const dirty = new Uint8Array(keys.length)
  for (const i of changed) dirty[i] = 1
  const same = (i: number) =>
    update &&
    !dirty[i] &&
    [0, 1].every((k) => {
      const other = candidates.best[2 * i + k]!
      return other === previous.best[2 * i + k] && (other < 0 || !dirty[other])
    })
  const nearest = nearestOf(prints, candidates, (i) => (same(i) ? previous!.nearest[i] : undefined))
  const over =
    (update && previous.limit === limit && updateClosestAbove(prints, groups, limit, previous.over, changed)) ||
    closestAbove(prints, groups, limit)
  return { nearest: withOver(nearest, over), candidates: { ...candidates, nearest, keys, groups: groupsDigest, limit, over } }
}

/** The estimate's nearest sibling, unless one over the limit is nearer. */
function withOver(estimated: readonly NearestSibling[], over: readonly NearestSibling[]): NearestSibling[] {
  return estimated.map((sibling, i) => closer(sibling, over[i]!.index, over[i]!.similarity))
}

type Candidates = Pick<SiblingCandidates, 'best' | 'scores'>

function findCandidates(prints: readonly Fingerprint[], groups: readonly (readonly string[])[]): Candidates {
  const packed = packSignatures(prints)
  const best = new Int32Array(prints.length * 2).fill(-1)
  const scores = new Int32Array(prints.length * 2).fill(-1)
  const compare = (px: number, py: number) => {
    const same = estimate(packed, px, py)
    offer(best, scores, px, py, same)
    offer(best, scores, py, px, same)
  }
  for (const members of membersOf(groups).values()) {
    const m = members.length
    if (m <= neighbours + 1) {
      for (let x = 0; x < m; x++) for (let y = x + 1; y < m; y++) compare(members[x]!, members[y]!)
    } else {
      // Each page meets the `reach` pages after it, around the end: every pair within reach once.
      for (let x = 0; x < m; x++) for (let d = 1; d <= reach; d++) compare(members[x]!, members[(x + d) % m]!)
    }
  }
  return { best, scores }
}

/** The pages `page` is estimated against in a group (`members` ascending): all, or its neighbours. */
function partnersIn(members: readonly number[], page: number): readonly number[] {
  const m = members.length
  if (m <= neighbours + 1) return members.filter((other) => other !== page)
  const at = binarySearch(members, page)
  const partners: number[] = []
  for (let d = 1; d <= reach; d++) partners.push(members[(at + d) % m]!, members[(at - d + m) % m]!)
  return partners
}

function binarySearch(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length - 1
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]! < value) low = mid + 1
    else high = mid
  }
  return low
}

/** Candidates after the pages in `changed` got new prints (same pages, same groups). */
function updateCandidates(
  prints: readonly Fingerprint[],
  groups: readonly (readonly string[])[],
  previous: SiblingCandidates,
  changed: readonly number[],
): Candidates {
  const packed = packSignatures(prints)
  const n = prints.length
  const best = previous.best.slice()
  const scores = previous.scores.slice()
  const dirty = new Uint8Array(n)
  for (const i of changed) dirty[i] = 1
  // A page whose candidate changed may now prefer a page it had dropped: start it afresh.
  for (let i = 0; i < n; i++)
    if ((best[2 * i]! >= 0 && dirty[best[2 * i]!]) || (best[2 * i + 1]! >= 0 && dirty[best[2 * i + 1]!])) dirty[i] = 1
  const members = membersOf(groups)
  for (let i = 0; i < n; i++) {
    if (!dirty[i]) continue
    best.fill(-1, 2 * i, 2 * i + 2)
    scores.fill(-1, 2 * i, 2 * i + 2)
    for (const key of groups[i]!)
      for (const other of partnersIn(members.get(key)!, i)) offer(best, scores, i, other, estimate(packed, i, other))
  }
  // Pages kept as they were meet the changed pages as new candidates.
  for (const i of changed) {
    for (const key of groups[i]!) {
      for (const other of partnersIn(members.get(key)!, i)) if (!dirty[other]) offer(best, scores, other, i, estimate(packed, i, other))
    }
  }
  return { best, scores }
}

/** Offers `other` with estimate `score` to `page`'s two best: higher estimate first, then lower index. */
function offer(best: Int32Array, scores: Int32Array, page: number, other: number, score: number): void {
  const at = page * 2
  const second = scores[at + 1]!
  // An empty slot has score -1, so every estimate (≥ 0) fills it.
  if (score < second || (score === second && other > best[at + 1]!)) return
  const first = scores[at]!
  if (score > first || (score === first && other < best[at]!)) {
    best[at + 1] = best[at]!
    scores[at + 1] = first
    best[at] = other
    scores[at] = score
  } else {
    best[at + 1] = other
    scores[at + 1] = score
  }
}

/** The exact Jaccard of each page's two candidates decides its nearest sibling. */
function nearestOf(
  prints: readonly Fingerprint[],
  { best }: Candidates,
  known: (page: number) => NearestSibling | undefined = () => undefined,
): NearestSibling[] {
  return prints.map((print, i) => {
    const kept = known(i)
    if (kept) return kept
    let nearest: NearestSibling = { index: -1, similarity: 0 }
    for (let k = 0; k < 2; k++) {
      const other = best[i * 2 + k]!
      if (other >= 0) nearest = closer(nearest, other, jaccard(shinglesOf(print.shingles, 0), shinglesOf(prints[other]!.shingles, 1)))
    }
    return nearest
  })
}

/**
 * b-bit MinHash (Li & König 2010): the low byte of each bin, four bins per 32-bit word, so a
 * pair is compared in 16 word operations. A byte matches by chance 1 time in 256; the exact
 * Jaccard of the two best candidates corrects that.
 */
function packSignatures(prints: readonly Fingerprint[]): Uint32Array {
  const packed = new Uint32Array(prints.length * words)
  prints.forEach((p, i) => {
    for (let w = 0; w < words; w++) {
      const at = w * 4
      packed[i * words + w] =
        ((p.signature[at]! & 0xff) |
          ((p.signature[at + 1]! & 0xff) << 8) |
          ((p.signature[at + 2]! & 0xff) << 16) |
          ((p.signature[at + 3]! & 0xff) << 24)) >>>
        0
    }
  })
  return packed
}

/** How many of two pages' signature bytes are equal, 0..64. */
function estimate(packed: Uint32Array, x: number, y: number): number {
  comparisons.estimated++
  const a = x * words
  const b = y * words
  let same = 0
  for (let k = 0; k < words; k++) {
    const diff = packed[a + k]! ^ packed[b + k]!
    // 0x80 in every byte of `diff` that is zero, then the number of such bytes.
    const zero = ~(((diff & 0x7f7f7f7f) + 0x7f7f7f7f) | diff | 0x7f7f7f7f)
    same += Math.imul(zero >>> 7, 0x01010101) >>> 24
  }
  return same
}

function digestGroups(groups: readonly (readonly string[])[]): string {
  return hash(groups.map((g) => g.join('\u0001')).join('\u0000'))
}

/** One-permutation MinHash into `signature` (`bins` long): the minimum per bin, empty bins filled from the next bin to the right. */
function signatureOf(shingles: Uint32Array, signature: Uint32Array): Uint32Array {
  signature.fill(0xffffffff)
  for (const shingle of shingles) {
    const h = mix(shingle)
    const bin = h >>> binShift
    const value = h & valueMask
    if (value < signature[bin]!) signature[bin] = value
  }
  for (let bin = 0; bin < bins; bin++) {
    if (signature[bin] !== 0xffffffff) continue
    for (let step = 1; step < bins; step++) {
      const from = signature[(bin + step) % bins]!
      // A borrowed value carries the distance in its top bits, so it matches only the same
      // borrowing and never a real value (whose top bits are zero).
      if (from <= valueMask) {
        signature[bin] = ((step << binShift) | from) >>> 0
        break
      }
    }
  }
  return signature
}

/** FNV-1a over UTF-16 code units: fast, stable across runs and platforms. */
function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** murmur3's finalizer, so bins and values are uniformly spread. */
function mix(value: number): number {
  let h = value
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}
