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
 * The `count` nearest candidates. Ties keep list order, so the result is deterministic. Ranks by
 * an equirectangular approximation (exact to well under 1 % at regional distances) in a bounded
 * insertion list rather than sorting every candidate with haversine: a 2,500-city matrix asks
 * this 10,000 times. The miles shown are haversine.
 */
export function findNearbyAreas(options: FindNearbyOptions): NearbyArea[] {
  const { area, geo, candidates, count } = options
  if (count <= 0) return []
  if (!geo) return listNeighbours(options)
  const rad = Math.PI / 180
  const cosLat = Math.cos(geo.lat * rad)
  const limit = options.maxMiles === undefined ? Infinity : (options.maxMiles / earthRadiusMiles / rad) ** 2
  const best: { candidate: NearbyCandidate & { geo: GeoPoint }; key: number }[] = []
  for (const candidate of candidates) {
    if (candidate.area === area || !candidate.geo) continue
    const dx = (candidate.geo.lng - geo.lng) * cosLat
    const dy = candidate.geo.lat - geo.lat
    const key = dx * dx + dy * dy
    if (key > limit || (best.length === count && key >= best[count - 1]!.key)) continue
    let at = best.length
    while (at > 0 && best[at - 1]!.key > key) at--
    best.splice(at, 0, { candidate: candidate as NearbyCandidate & { geo: GeoPoint }, key })
    if (best.length > count) best.pop()
  }
  return best.map((b) => ({ area: b.candidate.area, miles: Math.round(milesBetween(geo, b.candidate.geo) * 10) / 10 }))
}

/** The areas after this one in list order, wrapping round (spec: "otherwise from the area list"). */
function listNeighbours({ area, candidates, count }: FindNearbyOptions): NearbyArea[] {
  const others = candidates.filter((c) => c.area !== area)
  const at = candidates.findIndex((c) => c.area === area)
  const start = at < 0 ? 0 : at
  const rotated = [...others.slice(start), ...others.slice(0, start)]
  return rotated.slice(0, count).map((c) => ({ area: c.area }))
}
