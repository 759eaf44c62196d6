/**
 * Nearby service areas for a landing page's internal links: nearest first by straight-line
 * distance when both places have coordinates in areas.yaml, otherwise the neighbours in the area
 * list (the order the business wrote them in, usually geographic).
 */

export interface GeoPoint {
  readonly lat: number
  readonly lng: number
}

export interface NearbyCandidate {
  readonly area: string
  readonly geo?: GeoPoint
}

export interface NearbyArea {
  readonly area: string
  /** Straight-line miles, one decimal; absent when the list order was used. */
  readonly miles?: number
}

export interface FindNearbyOptions {
  /** The page's own area. */
  readonly area: string
  readonly geo?: GeoPoint
  /** Areas that have a landing page of the same service, in area-list order. */
  readonly candidates: readonly NearbyCandidate[]
  readonly count: number
  readonly maxMiles?: number
}

const earthRadiusMiles = 3958.8

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The `count` nearest candidates; ties keep list order, so the result is deterministic. Ranks by
 * an equirectangular approximation (exact to well under 1 % at regional distances); the miles
 * shown are haversine. A 2,500-city matrix asks this 10,000 times, so each candidate list is
 * sorted by latitude once and a query sweeps outwards from its own latitude, stopping when the
 * latitude gap alone exceeds the farthest of the best so far: a few dozen candidates per query
 * instead of all 2,500 (0.5 s of a warm 10,000-page build before).
 */
export function findNearbyAreas(options: FindNearbyOptions): NearbyArea[] {
  const { area, geo, candidates, count } = options
  if (count <= 0) return []
  if (!geo) return listNeighbours(options)
  const rad = Math.PI / 180
  const cosLat = Math.cos(geo.lat * rad)
  const limit = options.maxMiles === undefined ? Infinity : (options.maxMiles / earthRadiusMiles / rad) ** 2
  const sorted = byLatitude(candidates)
  const best: { candidate: Located; key: number }[] = []
  const worse = (key: number, order: number, than: { candidate: Located; key: number }) => key > than.key || (key === than.key && order > than.candidate.order)
  let below = lowerBound(sorted, geo.lat) - 1
  let above = below + 1
  while (below >= 0 || above < sorted.length) {
    const gapBelow = below >= 0 ? geo.lat - sorted[below]!.geo.lat : Infinity
    const gapAbove = above < sorted.length ? sorted[above]!.geo.lat - geo.lat : Infinity
    const candidate = gapBelow <= gapAbove ? sorted[below--]! : sorted[above++]!
    const gap = Math.min(gapBelow, gapAbove) ** 2
    // Every candidate further out is at least this far: none can enter the list any more.
    if (gap > limit || (best.length === count && gap > best[count - 1]!.key)) break
    if (candidate.area === area) continue
    const dx = (candidate.geo.lng - geo.lng) * cosLat
    const dy = candidate.geo.lat - geo.lat
    const key = dx * dx + dy * dy
    if (key > limit || (best.length === count && worse(key, candidate.order, best[count - 1]!))) continue
    let at = best.length
    while (at > 0 && worse(best[at - 1]!.key, best[at - 1]!.candidate.order, { candidate, key })) at--
    best.splice(at, 0, { candidate, key })
    if (best.length > count) best.pop()
  }
  return best.map((b) => ({ area: b.candidate.area, miles: Math.round(milesBetween(geo, b.candidate.geo) * 10) / 10 }))
}

interface Located {
  readonly area: string
  readonly geo: GeoPoint
  /** Position in the area list: breaks ties. */
  readonly order: number
}

const sortedLists = new WeakMap<readonly NearbyCandidate[], Located[]>()

/** The candidates that have coordinates, by latitude; computed once per list. */
function byLatitude(candidates: readonly NearbyCandidate[]): Located[] {
  let sorted = sortedLists.get(candidates)
  if (!sorted) {
    sorted = candidates.flatMap((c, order) => (c.geo ? [{ area: c.area, geo: c.geo, order }] : []))
    sorted.sort((a, b) => a.geo.lat - b.geo.lat || a.order - b.order)
    sortedLists.set(candidates, sorted)
  }
  return sorted
}

/** Index of the first entry at or above `lat`. */
function lowerBound(sorted: readonly Located[], lat: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]!.geo.lat < lat) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The areas after this one in list order, wrapping round (spec: "otherwise from the area list"). */
function listNeighbours({ area, candidates, count }: FindNearbyOptions): NearbyArea[] {
  const others = candidates.filter((c) => c.area !== area)
  const at = candidates.findIndex((c) => c.area === area)
  const start = at < 0 ? 0 : at
  const rotated = [...others.slice(start), ...others.slice(0, start)]
  return rotated.slice(0, count).map((c) => ({ area: c.area }))
}
