/**
 * Nearby service areas for a landing page's internal links: nearest first by straight-line
 * distance when both places have coordinates in areas.yaml, otherwise the neighbours in the area
 * list (the order the business wrote them in, usually geographic).
 */

/** A nearby area of a landing page (src/plan/nearby-areas.ts). */
export interface NearbyArea {
  readonly area: string
  /** Straight-line miles, one decimal; absent when the list order was used. */
  readonly miles?: number
}

export interface GeoPoint {
  readonly lat: number
  readonly lng: number
}

export interface NearbyCandidate {
  readonly area: string
  readonly geo?: GeoPoint
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
 * shown are haversine. A 2,500-city matrix asks this 10,000 times, so each candidate list is put
 * in a grid of cells once, and a query looks at rings of cells around its own, stopping when the
 * next ring cannot hold anything nearer than the farthest of the best so far: a few dozen
 * candidates per query instead of all 2,500 (and half of sweeping a band of latitude).
 */
export function findNearbyAreas(options: FindNearbyOptions): NearbyArea[] {
  const { area, geo, candidates, count } = options
  if (count <= 0) return []
  if (!geo) return listNeighbours(options)
  const rad = Math.PI / 180
  const cosLat = Math.cos(geo.lat * rad)
  const limit = options.maxMiles === undefined ? Infinity : (options.maxMiles / earthRadiusMiles / rad) ** 2
  const grid = gridOf(candidates)
  const best: { candidate: Located; key: number }[] = []
  const worse = (key: number, order: number, than: { candidate: Located; key: number }) =>
    key > than.key || (key === than.key && order > than.candidate.order)
  const consider = (candidate: Located) => {
    if (candidate.area === area) return
    const dx = (candidate.geo.lng - geo.lng) * cosLat
    const dy = candidate.geo.lat - geo.lat
    const key = dx * dx + dy * dy
    if (key > limit || (best.length === count && worse(key, candidate.order, best[count - 1]!))) return
    let at = best.length
    while (at > 0 && worse(best[at - 1]!.key, best[at - 1]!.candidate.order, { candidate, key })) at--
    best.splice(at, 0, { candidate, key })
    if (best.length > count) best.pop()
  }
  const row = Math.floor((geo.lat - grid.lat) / grid.size)
  const column = Math.floor((geo.lng - grid.lng) / grid.size)
  // A cell in ring r (r cells away) is at least (r - 1) cells away in latitude or longitude.
  const shrink = Math.min(1, Math.abs(cosLat))
  for (let ring = 0; ; ring++) {
    const gap = (Math.max(0, ring - 1) * grid.size * shrink) ** 2
    if (gap > limit || (best.length === count && gap > best[count - 1]!.key)) break
    // Every cell of the grid has been looked at.
    if (row - ring < 0 && column - ring < 0 && row + ring >= grid.rows && column + ring >= grid.columns) break
    for (let r = Math.max(0, row - ring); r <= Math.min(grid.rows - 1, row + ring); r++) {
      // The ring's top and bottom rows whole, its other rows at both ends only.
      const step = r === row - ring || r === row + ring ? 1 : 2 * ring
      for (let c = column - ring; c <= column + ring; c += step) {
        if (c >= 0 && c < grid.columns) for (const candidate of grid.cells[r * grid.columns + c] ?? []) consider(candidate)
      }
    }
  }
  return best.map((b) => ({ area: b.candidate.area, miles: Math.round(milesBetween(geo, b.candidate.geo) * 10) / 10 }))
}

interface Located {
  readonly area: string
  readonly geo: GeoPoint
  /** Position in the area list: breaks ties. */
  readonly order: number
}

interface Grid {
  /** South-west corner and cell size, in degrees. */
  readonly lat: number
  readonly lng: number
  readonly size: number
  readonly rows: number
  readonly columns: number
  /** Row by row; a cell with no candidate is empty. */
  readonly cells: readonly (Located[] | undefined)[]
}

const grids = new WeakMap<readonly NearbyCandidate[], Grid>()

/** The candidates that have coordinates, in square cells of about two candidates each; made once per list. */
function gridOf(candidates: readonly NearbyCandidate[]): Grid {
  let grid = grids.get(candidates)
  if (grid) return grid
  const located = candidates.flatMap((c, order) => (c.geo ? [{ area: c.area, geo: c.geo, order }] : []))
  let [south, north, west, east] = [Infinity, -Infinity, Infinity, -Infinity]
  for (const { geo } of located) {
    south = Math.min(south, geo.lat)
    north = Math.max(north, geo.lat)
    west = Math.min(west, geo.lng)
    east = Math.max(east, geo.lng)
  }
  if (located.length === 0) [south, north, west, east] = [0, 0, 0, 0]
  const [lat, lng, height, width] = [south, west, north - south, east - west]
  const size = Math.max(Math.sqrt((height * width * 2) / Math.max(1, located.length)), Math.max(height, width) / 1000, 1e-6)
  const rows = Math.floor(height / size) + 1
  const columns = Math.floor(width / size) + 1
  const cells: (Located[] | undefined)[] = new Array(rows * columns)
  for (const candidate of located) {
    const at = Math.floor((candidate.geo.lat - lat) / size) * columns + Math.floor((candidate.geo.lng - lng) / size)
    ;(cells[at] ??= []).push(candidate)
  }
  grid = { lat, lng, size, rows, columns, cells }
  grids.set(candidates, grid)
  return grid
}

/** The areas after this one in list order, wrapping round (spec: "otherwise from the area list"). */
function listNeighbours({ area, candidates, count }: FindNearbyOptions): NearbyArea[] {
  const others = candidates.filter((c) => c.area !== area)
  const at = candidates.findIndex((c) => c.area === area)
  const start = Math.max(at, 0)
  const rotated = [...others.slice(start), ...others.slice(0, start)]
  return rotated.slice(0, count).map((c) => ({ area: c.area }))
}
