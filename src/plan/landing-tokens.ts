/**
 * The tokens of landing.yaml texts. The schema (landing.schema.json `definitions.text`) allows
 * exactly these names, so a misspelt token is reported at its YAML line by config/ and this module
 * never meets an unknown one.
 */
export interface LandingTokens {
  /** "Ft. Collins" */
  readonly city: string
  /** "CO", or '' when the area name has no state. */
  readonly state: string
  /** "Ft. Collins, CO", as written in areas.yaml. */
  readonly area: string
  /** The service title: "Roof Repair". */
  readonly service: string
  /** "roof repair", for the middle of a sentence (serviceLower()). */
  readonly serviceLower: string
  /** "Larimer County"; "the {city} area" when areas.yaml gives no county. */
  readonly county: string
}

/**
 * A service title for the middle of a sentence: "Roof Repair" → "roof repair", while a word in
 * capitals stays as written ("EV Charger Installation" → "EV charger installation", "HVAC").
 */
export function serviceLower(title: string): string {
  return title.replace(/\S+/g, (word) => (/\p{Lu}.*\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word) ? word : word.toLowerCase()))
}

const tokenPattern = /\{(city|state|area|service|serviceLower|county)\}/g

/**
 * Fills every token. Without a state, ", {state}" disappears with its comma, so a template written
 * as "{service} in {city}, {state}" still reads well for a city written without one.
 */
export function fillTokens(text: string, tokens: LandingTokens): string {
  const source = tokens.state ? text : text.replace(/,\s*\{state\}/g, '')
  return source.replace(tokenPattern, (_, name: keyof LandingTokens) => tokens[name])
}

/** Fills the tokens of an optional text. */
export function fillOptional(text: string | undefined, tokens: LandingTokens): string | undefined {
  return text === undefined ? undefined : fillTokens(text, tokens)
}
