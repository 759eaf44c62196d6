/**
 * The one rule by which an area name written anywhere (a list entry, a `places` key, a landing.yaml
 * page or exclusion) names an area (README § Areas):
 *
 * - Unicode NFC, so a name typed in decomposed form (as some keyboards and copy-pastes give it) is
 *   the precomposed one;
 * - every apostrophe-like mark is ', which the site's typographer setting then renders alike;
 * - any run of whitespace, no-break spaces included, is one space, and none at either end;
 * - case does not matter;
 * - `, ST` is the state; a name without it matches the one area of that city, if only one has it
 *   (resolve-areas.ts applies that part, as it needs every area); a city that ends with its own
 *   state again ("Jeffersontown KY, KY") is the city without it.
 */

export interface ParsedAreaName {
  /** The city as written, in its one spelling. */
  readonly city: string
  /** The city as the rule compares it (lower case). */
  readonly cityKey: string
  /** The two-letter state code after the comma, upper case; absent when the name has none. */
  readonly state?: string
}

export function parseAreaName(name: string): ParsedAreaName {
  const spelled = name
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02BC\u2032\uFF07]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  const match = /^(.*?) ?, ?([A-Za-z]{2})$/.exec(spelled)
  const state = match?.[2]?.toUpperCase()
  const city = match ? withoutState(match[1]!, state!) : spelled
  return { city, cityKey: city.toLowerCase(), ...(state ? { state } : {}) }
}

/** "Jeffersontown KY" with state KY → "Jeffersontown": a city does not end with its own state. */
export function withoutState(city: string, state: string): string {
  return city.replace(new RegExp(` ${state}$`, 'i'), '')
}
