import { DuplicatePlace, fail, UnknownPlace } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { closestMatch } from '../errors/did-you-mean.js'
import { canonicalAreaName } from './area-names.js'
import { escapePointer, locate } from './locate.js'
import type { YamlSource } from './read-yaml.js'
import type { AreasInput } from './site-input.generated.js'

/**
 * A `places` key is the area it describes, written as in the lists. A key that matches no area
 * describes nothing, and the area it was meant for has no local paragraph, so its landing pages
 * silently fail the quality gate and go noindex. A key that is close to an area (a stray space,
 * a typo) is therefore an error with the area it most likely means; a key far from every area
 * may be a place kept for later and is left alone.
 */
export function checkPlaces(source: YamlSource, areas: AreasInput): ConfigError[] {
  const names = new Set(Object.values(areas.lists).flat().map(canonicalAreaName))
  const errors: ConfigError[] = []
  const keys = new Map<string, string>()
  for (const key of Object.keys(areas.places ?? {})) {
    const canonical = canonicalAreaName(key)
    const twin = keys.get(canonical)
    keys.set(canonical, twin ?? key)
    if (twin !== undefined) {
      errors.push(fail(DuplicatePlace, { path: `places["${key}"]`, ...locate(source, `/places/${escapePointer(key)}`, 'key') }, twin, key))
      continue
    }
    if (names.has(canonical)) continue
    const tidy = canonical.replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ').trim()
    const guess = names.has(tidy) ? tidy : closestMatch(canonical, names)
    if (!guess) continue
    errors.push(fail(UnknownPlace, { path: `places["${key}"]`, ...locate(source, `/places/${escapePointer(key)}`, 'key') }, key, guess))
  }
  return errors
}
