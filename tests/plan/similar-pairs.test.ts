import { describe, expect, it } from 'vitest'
import { type QualityInput, scoreLandingPages } from '../../src/plan/landing-quality.js'
import {
  type Fingerprint,
  findNearestSiblings,
  fingerprintHashes,
  type NearestSibling,
  neighbours,
  updateNearestSiblings,
} from '../../src/plan/landing-similarity.js'
import { closer, closestAbove, comparisons, jaccard } from '../../src/plan/similar-pairs.js'

/** Deterministic 32-bit values (mulberry32), so every run compares the same pages. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/**
 * Landing pages as the gate sees them, built from word hashes: per service a template of
 * `templateWords` words naming the town five times, per town a paragraph of its own.
 */
function landingPages(
  towns: number,
  services: number,
  { templateWords = 300, localWords = 50, copies = new Map<number, number>(), extraWords = (_page: number): number => 0 } = {},
) {
  const templates = Array.from({ length: services }, (_, s) => Array.from({ length: templateWords }, random(1000 + s)))
  const prints: Fingerprint<Uint32Array>[] = []
  const groups: string[][] = []
  for (let t = 0; t < towns; t++) {
    // A copied town has another town's paragraph and name: its pages are doorways.
    const source = copies.get(t) ?? t
    const local = Array.from({ length: localWords }, random(source + 1))
    for (let s = 0; s < services; s++) {
      const words = [...templates[s]!]
      for (let k = 0; k < 5; k++) words[(k * 60 + 7) % templateWords] = 0x7f000000 + source
      const extra = Array.from({ length: extraWords(prints.length) }, random(prints.length))
      prints.push(fingerprintHashes(Uint32Array.from([...words, ...local, ...extra])))
      groups.push([`service:${s}`, `town:${t}`])
    }
  }
  return { prints, groups }
}

/** Every pair sharing a group, measured exactly. */
function closestAboveByEveryPair(
  prints: readonly Fingerprint<Uint32Array>[],
  groups: readonly string[][],
  limit: number,
): NearestSibling[] {
  return prints.map((print, x) => {
    let best: NearestSibling = { index: -1, similarity: 0 }
    prints.forEach((other, y) => {
      if (y === x || !groups[x]!.some((g) => groups[y]!.includes(g))) return
      const similarity = jaccard(print.shingles, other.shingles)
      if (similarity >= limit) best = closer(best, y, similarity)
    })
    return best
  })
}

describe('finding the pages over the similarity limit', () => {
  it('finds for every page the same most similar sibling over the limit as measuring every pair', () => {
    // 90 towns × 3 services: each service's group is large enough for the prefix index, each
    // town's is measured pair by pair; 8 towns copy another's paragraph, and pages vary in length.
    const copies = new Map([5, 17, 18, 40, 41, 63, 88, 89].map((t, i) => [t, i * 11]))
    const extraWords = (page: number) => (page % 7 === 0 ? page % 13 : 0)
    const { prints, groups } = landingPages(90, 3, { templateWords: 120, localWords: 40, copies, extraWords })
    for (const limit of [0.5, 0.75, 0.9, 0.97]) {
      const expected = closestAboveByEveryPair(prints, groups, limit)
      expect(expected.filter((n) => n.index >= 0).length, `pages over ${limit}`).toBeGreaterThan(8)
      expect(closestAbove(prints, groups, limit), `limit ${limit}`).toEqual(expected)
    }
  })

  it('never names a page its own closest sibling when two of its shingles share an index key', () => {
    // The index keys a shingle by its top 30 bits: 0x10 and 0x11 share one. Page 0 has both, and
    // they are its rarest; the other 40 pages of the group share a text page 0 does not have.
    const shared = Array.from({ length: 100 }, (_, i) => 0x1000 + i)
    const fingerprint = (shingles: number[]): Fingerprint => ({
      shingles: Uint32Array.from(shingles).sort(),
      signature: new Uint32Array(64),
    })
    const prints = [fingerprint([0x10, 0x11]), ...Array.from({ length: 40 }, (_, i) => fingerprint([...shared, 0x100000 + i]))]
    const groups = prints.map(() => ['service:0'])
    const closest = closestAbove(prints, groups, 0.5)
    expect(closest[0]).toEqual({ index: -1, similarity: 0 })
    expect(closest[1]!.index).toBe(2)
  })

  it('fails a copied town’s pages however far apart the towns are listed', () => {
    // Town 0 and town 300 of 600 are each more than `neighbours` / 2 pages from the other in
    // their service's order, so the signature estimate never compares them.
    expect(300).toBeGreaterThan(neighbours / 2)
    const { prints, groups } = landingPages(600, 1, { copies: new Map([[300, 0]]) })
    const inputs = prints.map(
      (print, i): QualityInput => ({
        url: `/lp/town-${i}`,
        area: `Town ${i}`,
        print: { words: 350, fingerprint: print },
        localWords: 50,
        groups: groups[i]!,
        unique: { title: `${i}`, description: `${i}`, h1: `${i}` },
      }),
    )
    const keys = prints.map((_, i) => i.toString(16).padStart(40, '0'))
    expect(updateNearestSiblings(prints, groups, keys, 0.9).candidates.nearest[0]!.index, 'the estimate’s nearest').not.toBe(300)
    const quality = scoreLandingPages(inputs, { minLocalWords: 40, maxSimilarity: 0.9, minWords: 0 })
    expect(quality.filter((p) => !p.indexable).map((p) => [p.url, p.reasons])).toEqual([
      ['/lp/town-0', ['main text 100% identical to /lp/town-300 (limit 90%)']],
      ['/lp/town-300', ['main text 100% identical to /lp/town-0 (limit 90%)']],
    ])
  })

  it('compares ten times the pages with at most twelve times the work', () => {
    const work = (towns: number) => {
      const { prints, groups } = landingPages(towns, 4)
      const before = comparisons.estimated + comparisons.measured
      findNearestSiblings(prints, groups, 0.9)
      return comparisons.estimated + comparisons.measured - before
    }
    const small = work(1250)
    const large = work(12500)
    expect(large / small).toBeLessThanOrEqual(12)
  }, 60_000)
})
