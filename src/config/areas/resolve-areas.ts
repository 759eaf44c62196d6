import {
  AmbiguousArea,
  AreaNotFound,
  AreaWithoutState,
  DuplicatePlace,
  fail,
  LandingWithoutPlace,
  SameAreaSlug,
  StateMismatch,
  StateWithoutComma,
  UnknownPlace,
  warn,
} from '../../errors/catalogue.js'
import type { ConfigError, Origin } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { closestMatch } from '../../errors/did-you-mean.js'
import { addTo } from '../../tool/group.js'
import { escapePointer, pointerOrigin } from '../read/locate.js'
import type { AreasInput, LandingInput, Place } from '../site-input.generated.js'
import { type ParsedAreaName, parseAreaName, withoutState } from './area-names.js'
import { citySlug } from './area-slug.js'

export interface ResolveAreasInput {
  readonly areas: AreasInput
  readonly landing?: LandingInput
  /** Display paths of the two files, for the places of problems; absent when the file is. */
  readonly areasFile?: string
  readonly landingFile?: string
}

export interface ResolvedAreas {
  /** Lists of area names (each area once per list) and places keyed by those names. */
  readonly areas: AreasInput
  /** landing.yaml with the area of every page and exclusion written as the area's name. */
  readonly landing?: LandingInput
  readonly errors: ConfigError[]
  readonly warnings: ConfigWarning[]
}

interface Area {
  readonly cityKey: string
  /** The city as its first list entry writes it. */
  readonly city: string
  state?: string
  /** Where the area is first listed. */
  readonly first: { readonly list: string; readonly index: number }
  place?: string
}

/** What a reference is, as messages name it. */
type RefKind = 'list entry' | 'place' | 'landing page' | 'exclusion'

/**
 * The one door from an area name to an area. List entries define the areas; every other name
 * (a `places` key, a landing.yaml page or exclusion) is a reference that must match exactly one
 * of them by the rule of area-names.ts, or it is an error at its line with the areas it may mean.
 * An area's state is the `, ST` of its name or its place's `state`; they must agree, and an area
 * with neither is a warning. An area with landing pages needs a place. What comes out names each
 * area one way (`City, ST`, or `City` without a state), so later stages compare names as strings.
 */
export function resolveAreas(input: ResolveAreasInput): ResolvedAreas {
  const errors: ConfigError[] = []
  const warnings: ConfigWarning[] = []
  const areasAt = (pointer: string, at: 'key' | 'value' = 'value'): Origin => pointerOrigin(input.areasFile ?? 'areas.yaml', pointer, at)
  const landingAt = (pointer: string): Origin => pointerOrigin(input.landingFile ?? 'landing.yaml', pointer)
  const byCity = new Map<string, Area[]>()
  const nameOf = (area: Area) => (area.state ? `${area.city}, ${area.state}` : area.city)
  const suggest = (ref: string) => suggestAreas(ref, [...byCity.values()].flat().map(nameOf))
  const commaless = commalessNames(input.areas)
  // Every name goes through here: "Jeffersontown KY" is "Jeffersontown, KY" when its place says KY.
  const parse = (name: string, at: Origin): ParsedAreaName => {
    const parsed = parseAreaName(name)
    const read = parsed.state ? undefined : commaless.get(parsed.cityKey)
    if (!read) return parsed
    warnings.push(warn(StateWithoutComma, at, name, `${read.city}, ${read.state}`))
    return read
  }

  // List entries with a state define areas first, so an entry without one can find its area in
  // any list, before or after it.
  const lists = Object.entries(input.areas.lists)
  const entries = lists.flatMap(([list, names]) =>
    names.map((name, index) => ({ list, index, name, parsed: parse(name, areasAt(`/lists/${escapePointer(list)}/${index}`)) })),
  )
  for (const { list, index, parsed } of entries) {
    if (!parsed.state) continue
    const same = byCity.get(parsed.cityKey) ?? []
    if (!same.some((a) => a.state === parsed.state))
      addTo(byCity, parsed.cityKey, { cityKey: parsed.cityKey, city: parsed.city, state: parsed.state, first: { list, index } })
  }
  const areaOfEntry = new Map<string, Area>()
  for (const { list, index, name, parsed } of entries) {
    const same = byCity.get(parsed.cityKey) ?? []
    if (parsed.state) {
      areaOfEntry.set(`${list}/${index}`, same.find((a) => a.state === parsed.state)!)
    } else if (same.length > 1) {
      errors.push(fail(AmbiguousArea, areasAt(`/lists/${escapePointer(list)}/${index}`), 'list entry', name, same.map(nameOf)))
    } else if (same.length === 1) {
      areaOfEntry.set(`${list}/${index}`, same[0]!)
    } else {
      const area: Area = { cityKey: parsed.cityKey, city: parsed.city, first: { list, index } }
      byCity.set(parsed.cityKey, [area])
      areaOfEntry.set(`${list}/${index}`, area)
    }
  }

  // A place names its area; its `state` may give a stateless area its state.
  const placeOf = new Map<Area, Place>()
  const meant = new Set<string>()
  for (const [key, place] of Object.entries(input.areas.places ?? {})) {
    const at = areasAt(`/places/${escapePointer(key)}`, 'key')
    const stateAt = areasAt(`/places/${escapePointer(key)}/state`)
    const parsed = parse(key, at)
    const same = byCity.get(parsed.cityKey) ?? []
    // The key's state picks the area; without one, the `state` field does, or the city alone.
    const area = parsed.state
      ? same.find((a) => a.state === parsed.state)
      : ((place.state ? same.find((a) => a.state === place.state) : undefined) ?? (same.length === 1 ? same[0] : undefined))
    if (!area) {
      const near = suggest(key)
      errors.push(
        same.length > 1 && !parsed.state
          ? fail(AmbiguousArea, at, 'place', key, same.map(nameOf))
          : fail(UnknownPlace, at, 'place', key, near),
      )
      // The place was most likely meant for that area: one error for one mistake.
      if (near.length === 1) meant.add(near[0]!)
      continue
    }
    if (place.state && area.state && place.state !== area.state) errors.push(fail(StateMismatch, stateAt, key, place.state, area.state))
    if (area.place !== undefined) {
      errors.push(fail(DuplicatePlace, { ...at, also: [areasAt(`/places/${escapePointer(area.place)}`, 'key')] }, area.place, key))
      continue
    }
    area.place = key
    area.state ??= place.state
    placeOf.set(area, place)
  }

  const areas = [...byCity.values()].flat()
  errors.push(...sameSlugs(areas, nameOf, (area) => areasAt(`/lists/${escapePointer(area.first.list)}/${area.first.index}`)))
  for (const area of areas) {
    if (area.state) continue
    const { list, index } = area.first
    // "Springfield IL": the comma was most likely forgotten.
    const likely = /^(.+) ([A-Z]{2})$/.exec(area.city)
    warnings.push(
      warn(
        AreaWithoutState,
        areasAt(`/lists/${escapePointer(list)}/${index}`),
        input.areas.lists[list]![index]!,
        likely ? `${likely[1]}, ${likely[2]}` : undefined,
      ),
    )
  }

  const resolveRef = (ref: string, kind: RefKind, at: Origin): Area | undefined => {
    const parsed = parse(ref, at)
    const same = byCity.get(parsed.cityKey) ?? []
    const found = parsed.state ? same.filter((a) => a.state === parsed.state) : same
    if (found.length === 1) return found[0]
    errors.push(found.length > 1 ? fail(AmbiguousArea, at, kind, ref, found.map(nameOf)) : fail(AreaNotFound, at, kind, ref, suggest(ref)))
    return undefined
  }
  const pageAreas = (input.landing?.pages ?? []).map((page, i) => resolveRef(page.area, 'landing page', landingAt(`/pages/${i}/area`)))
  const excludeAreas = (input.landing?.exclude ?? []).map((x, i) => resolveRef(x.area, 'exclusion', landingAt(`/exclude/${i}/area`)))
  checkLandingPlaces({
    input,
    areaOfEntry,
    pageAreas,
    excludeAreas,
    hasPlace: (area) => placeOf.has(area) || meant.has(nameOf(area)),
    nameOf,
    areasAt,
    landingAt,
    errors,
  })
  const landing = input.landing && {
    ...input.landing,
    ...(input.landing.pages
      ? { pages: input.landing.pages.map((page, i) => (pageAreas[i] ? { ...page, area: nameOf(pageAreas[i]) } : page)) }
      : {}),
    ...(input.landing.exclude
      ? { exclude: input.landing.exclude.map((x, i) => (excludeAreas[i] ? { ...x, area: nameOf(excludeAreas[i]) } : x)) }
      : {}),
  }

  const resolvedLists = Object.fromEntries(
    lists.map(([list, names]) => [
      list,
      [
        ...new Set(
          names.flatMap((_, index) => {
            const area = areaOfEntry.get(`${list}/${index}`)
            return area ? [nameOf(area)] : []
          }),
        ),
      ],
    ]),
  )
  const places = input.areas.places && Object.fromEntries([...placeOf].map(([area, place]) => [nameOf(area), place]))
  return {
    areas: { ...input.areas, lists: resolvedLists, ...(places ? { places } : {}) },
    ...(landing ? { landing } : {}),
    errors,
    warnings,
  }
}

/**
 * The names written without the comma before a state that their place confirms: "Jeffersontown KY"
 * (or its place key) with `state: KY` → "Jeffersontown, KY", by the comma-less name's city key.
 */
function commalessNames(areas: AreasInput): Map<string, ParsedAreaName> {
  const read = new Map<string, ParsedAreaName>()
  for (const [key, place] of Object.entries(areas.places ?? {})) {
    const parsed = parseAreaName(key)
    const state = parsed.state ?? place.state
    if (!state) continue
    const city = withoutState(parsed.city, state)
    read.set(`${city.toLowerCase()} ${state.toLowerCase()}`, { city, cityKey: city.toLowerCase(), state })
  }
  return read
}

/**
 * Two areas of one state written differently whose addresses are one ("Ft. Mill, SC" and
 * "Fort Mill, SC"): one error at the first one's list entry, naming the other's, once.
 */
function sameSlugs(areas: readonly Area[], nameOf: (area: Area) => string, at: (area: Area) => Origin): ConfigError[] {
  const first = new Map<string, Area>()
  const errors: ConfigError[] = []
  for (const area of areas) {
    const slug = citySlug(area.city)
    const key = `${slug} ${area.state ?? ''}`
    const seen = first.get(key)
    if (!seen) first.set(key, area)
    else errors.push(fail(SameAreaSlug, { ...at(seen), also: [at(area)] }, nameOf(seen), nameOf(area), slug))
  }
  return errors
}

/**
 * The areas a name that matches none (or an area written without its state) may mean: those of
 * the same city first, else the closest names, else the closest cities.
 */
function suggestAreas(ref: string, names: readonly string[]): string[] {
  const parsed = parseAreaName(ref)
  const sameCity = names.filter((n) => parseAreaName(n).cityKey === parsed.cityKey)
  if (sameCity.length > 0) return sameCity.slice(0, 3)
  const near = closestMatch(`${parsed.city}${parsed.state ? `, ${parsed.state}` : ''}`, names)
  if (near) return [near]
  const cities = new Map(names.map((n) => [parseAreaName(n).city, n]))
  const city = closestMatch(parsed.city, cities.keys())
  return city ? names.filter((n) => parseAreaName(n).city === city).slice(0, 3) : []
}

/**
 * A landing page's local facts come from its place, so an area that gets a landing page (from a
 * matrix rule or a `pages` entry, and not excluded for every service) needs one. Reported at the
 * list entry that brings it into the matrix, else at its `pages` entry.
 */
function checkLandingPlaces(options: {
  input: ResolveAreasInput
  areaOfEntry: ReadonlyMap<string, Area>
  pageAreas: readonly (Area | undefined)[]
  excludeAreas: readonly (Area | undefined)[]
  hasPlace: (area: Area) => boolean
  nameOf: (area: Area) => string
  areasAt: (pointer: string) => Origin
  landingAt: (pointer: string) => Origin
  errors: ConfigError[]
}): void {
  const { input, areaOfEntry, pageAreas, excludeAreas, hasPlace, nameOf, errors } = options
  const landing = input.landing
  if (!landing) return
  const wanted = new Map<Area, { services: Set<string>; at: Origin; list?: string; entry: string }>()
  const want = (area: Area | undefined, service: string, at: () => Omit<NonNullable<ReturnType<typeof wanted.get>>, 'services'>) => {
    if (!area || hasPlace(area)) return
    const found = wanted.get(area) ?? { ...at(), services: new Set<string>() }
    wanted.set(area, found)
    found.services.add(service)
  }
  for (const rule of landing.matrix ?? []) {
    const names = Object.hasOwn(input.areas.lists, rule.areas) ? input.areas.lists[rule.areas]! : []
    names.forEach((entry, index) => {
      for (const service of rule.services) {
        want(areaOfEntry.get(`${rule.areas}/${index}`), service, () => ({
          at: options.areasAt(`/lists/${escapePointer(rule.areas)}/${index}`),
          list: rule.areas,
          entry,
        }))
      }
    })
  }
  ;(landing.pages ?? []).forEach((page, i) => {
    want(pageAreas[i], page.service, () => ({ at: options.landingAt(`/pages/${i}/area`), entry: page.area }))
  })
  ;(landing.exclude ?? []).forEach((x, i) => {
    const found = excludeAreas[i] && wanted.get(excludeAreas[i])
    if (!found) return
    if (x.service) found.services.delete(x.service)
    else found.services.clear()
  })
  for (const [area, { services, at, list, entry }] of wanted) {
    if (services.size > 0) errors.push(fail(LandingWithoutPlace, at, list, entry, nameOf(area)))
  }
}
