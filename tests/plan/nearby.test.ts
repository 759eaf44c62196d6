import { describe, expect, it } from 'vitest'
import { findNearbyAreas, milesBetween } from '../../src/plan/nearby-areas.js'

const cincinnati = { lat: 39.1031, lng: -84.512 }

describe('nearby areas', () => {
  it('measures straight-line miles on the globe', () => {
    expect(milesBetween(cincinnati, { lat: 39.7589, lng: -84.1916 })).toBeCloseTo(48.4, 0) // Dayton
    expect(milesBetween(cincinnati, cincinnati)).toBe(0)
  })

  it('orders candidates nearest first, keeps `count`, skips itself and those beyond maxMiles', () => {
    const candidates = [
      { area: 'Dayton, OH', geo: { lat: 39.7589, lng: -84.1916 } },
      { area: 'Cincinnati, OH', geo: cincinnati },
      { area: 'Covington, KY', geo: { lat: 39.0837, lng: -84.5086 } },
      { area: 'Mason, OH', geo: { lat: 39.36, lng: -84.3099 } },
      { area: 'Nowhere, OH' },
      { area: 'Louisville, KY', geo: { lat: 38.2527, lng: -85.7585 } },
    ]
    expect(findNearbyAreas({ area: 'Cincinnati, OH', geo: cincinnati, candidates, count: 3 })).toEqual([
      { area: 'Covington, KY', miles: 1.4 },
      { area: 'Mason, OH', miles: 20.8 },
      { area: 'Dayton, OH', miles: 48.4 },
    ])
    expect(findNearbyAreas({ area: 'Cincinnati, OH', geo: cincinnati, candidates, count: 10, maxMiles: 30 }).map((n) => n.area)).toEqual([
      'Covington, KY',
      'Mason, OH',
    ])
  })

  it('finds the same areas as measuring every candidate, ties in list order, on a grid of 900 towns', () => {
    // A grid has many equal distances, so any slip in the tie order or the early stop shows.
    const candidates = Array.from({ length: 900 }, (_, i) => ({
      area: `Town ${i}, OH`,
      geo: { lat: 38 + Math.floor(i / 30) * 0.05, lng: -85 + (i % 30) * 0.05 },
    }))
    const cosLat = (lat: number) => Math.cos((lat * Math.PI) / 180)
    const everyPair = (from: (typeof candidates)[number], count: number, maxMiles?: number) =>
      candidates
        .map((c, order) => ({ c, order, key: ((c.geo.lng - from.geo.lng) * cosLat(from.geo.lat)) ** 2 + (c.geo.lat - from.geo.lat) ** 2 }))
        .filter(({ c }) => c !== from && (maxMiles === undefined || milesBetween(from.geo, c.geo) <= maxMiles * 1.01))
        .sort((a, b) => a.key - b.key || a.order - b.order)
        .slice(0, count)
        .map(({ c }) => c.area)
    for (const i of [0, 29, 31, 450, 467, 899]) {
      const from = candidates[i]!
      expect(findNearbyAreas({ area: from.area, geo: from.geo, candidates, count: 8 }).map((n) => n.area)).toEqual(everyPair(from, 8))
    }
    expect(
      findNearbyAreas({ area: candidates[450]!.area, geo: candidates[450]!.geo, candidates, count: 50, maxMiles: 7 }).map((n) => n.area),
    ).toEqual(everyPair(candidates[450]!, 50, 7))
  })

  it('finds the same areas as measuring every candidate for scattered towns, from inside and outside their spread', () => {
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    // Clustered like real places: most near two cities, some spread thin, a few without coordinates.
    const candidates = Array.from({ length: 600 }, (_, i) => {
      const [lat, lng, spread] = i % 3 === 0 ? [39.1, -84.5, 0.2] : i % 3 === 1 ? [39.9, -83.0, 0.1] : [39.5, -84.0, 1.5]
      return {
        area: `Town ${i}, OH`,
        geo: i % 50 === 0 ? undefined : { lat: lat + (random() - 0.5) * spread, lng: lng + (random() - 0.5) * spread },
      }
    })
    const cosLat = (lat: number) => Math.cos((lat * Math.PI) / 180)
    const everyCandidate = (area: string, geo: { lat: number; lng: number }, count: number) =>
      candidates
        .flatMap((c, order) =>
          c.geo && c.area !== area ? [{ c, order, key: ((c.geo.lng - geo.lng) * cosLat(geo.lat)) ** 2 + (c.geo.lat - geo.lat) ** 2 }] : [],
        )
        .sort((a, b) => a.key - b.key || a.order - b.order)
        .slice(0, count)
        .map(({ c }) => c.area)
    const from = [
      ...candidates.filter((c) => c.geo).slice(0, 40),
      { area: 'Far, OH', geo: { lat: 45, lng: -70 } },
      { area: 'Near, OH', geo: { lat: 39.05, lng: -84.45 } },
    ]
    for (const { area, geo } of from) {
      expect(findNearbyAreas({ area, geo: geo!, candidates, count: 6 }).map((n) => n.area)).toEqual(everyCandidate(area, geo!, 6))
    }
  })

  it('takes the next areas of the list, wrapping round, when the page’s area has no coordinates', () => {
    const candidates = ['A', 'B', 'C', 'D'].map((area) => ({ area }))
    expect(findNearbyAreas({ area: 'C', candidates, count: 3 }).map((n) => n.area)).toEqual(['D', 'A', 'B'])
  })
})
