/**
 * One spelling per area name, so an area typed in one place with a curly apostrophe (or in
 * decomposed Unicode, as some keyboards and copy-pastes give it) is the same area as the one
 * typed elsewhere with a straight apostrophe (or precomposed): one landing page, one chip that
 * links, one slug. Names are NFC-normalised and every apostrophe-like mark becomes ', which the
 * site's typographer setting (site.yaml `typography`) then renders alike in every field.
 */
export function canonicalAreaName(name: string): string {
  return name.normalize('NFC').replace(/[\u2018\u2019\u02BC\u2032\uFF07]/g, "'")
}

/** areas.yaml with every area name (list items and `places` keys) in its one spelling. */
export function canonicalAreas<T extends { lists: Record<string, string[]>; places?: Record<string, unknown> }>(areas: T): T {
  const lists = Object.fromEntries(Object.entries(areas.lists).map(([name, list]) => [name, [...new Set(list.map(canonicalAreaName))]]))
  const places = areas.places && Object.fromEntries(Object.entries(areas.places).map(([key, place]) => [canonicalAreaName(key), place]))
  return { ...areas, lists, ...(places ? { places } : {}) }
}

/** landing.yaml with the areas its pages and exclusions name in their one spelling. */
export function canonicalLandingAreas<T extends { pages?: { area: string }[]; exclude?: { area: string }[] }>(landing: T): T {
  return {
    ...landing,
    ...(landing.pages ? { pages: landing.pages.map((p) => ({ ...p, area: canonicalAreaName(p.area) })) } : {}),
    ...(landing.exclude ? { exclude: landing.exclude.map((x) => ({ ...x, area: canonicalAreaName(x.area) })) } : {}),
  }
}
