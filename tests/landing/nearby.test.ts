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
      { area: 'Covington, KY', miles: 1.4 }, { area: 'Mason, OH', miles: 20.8 }, { area: 'Dayton, OH', miles: 48.4 },
    ])
    expect(findNearbyAreas({ area: 'Cincinnati, OH', geo: cincinnati, candidates, count: 10, maxMiles: 30 }).map((n) => n.area)).toEqual(['Covington, KY', 'Mason, OH'])
  })

  it('takes the next areas of the list, wrapping round, when the page’s area has no coordinates', () => {
    const candidates = ['A', 'B', 'C', 'D'].map((area) => ({ area }))
    expect(findNearbyAreas({ area: 'C', candidates, count: 3 }).map((n) => n.area)).toEqual(['D', 'A', 'B'])
  })
})
