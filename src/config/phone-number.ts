import { isNorthAmericanState } from './areas/us-states.js'

/**
 * Phone numbers as a phone dials them. Pages show a number as the site wrote it; `tel:`/`sms:`
 * links and structured data `telephone` need E.164 (ITU-T E.164: +, country code, national
 * number, at most 15 digits), which Google asks for in local-business data and which dials from
 * abroad too.
 */

/** The fields of site.yaml `business` the calling code comes from. */
export interface CallingCodeSource {
  readonly callingCode?: string
  readonly address?: { readonly country: string }
}

/** North American Numbering Plan countries an address may name; their calling code is +1. */
const nanp = new Set(['US', 'CA'])

/**
 * Where the business is, never the language its pages are in: site.yaml `business.callingCode`;
 * else +1 for a US or Canadian address; else, for a business with no address, +1 when every town
 * it serves is in a US state or a Canadian province (`states`, the state codes of areas.yaml's
 * names); else unknown.
 */
export function callingCodeOf(business: CallingCodeSource | undefined, states: readonly string[]): string | undefined {
  if (business?.callingCode) return business.callingCode
  if (business?.address) return nanp.has(business.address.country.toUpperCase()) ? '+1' : undefined
  return states.length > 0 && states.every(isNorthAmericanState) ? '+1' : undefined
}

/**
 * "(503) 555-0187" with +1 → "+15035550187"; "020 7946 0000" with +44 → "+442079460000" (one
 * leading trunk 0 dropped); "+44 20 7946 0000" keeps its own code. Without a calling code a
 * national number keeps its digits only, which phones dial locally.
 */
export function toE164(number: string, callingCode: string | undefined): string {
  const trimmed = number.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `+${digits}`
  if (!callingCode) return digits
  const code = callingCode.slice(1)
  // NANP numbers are often written with their own leading 1 (1-503-555-0187).
  if (code === '1' && digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return `+${code}${digits.replace(/^0/, '')}`
}
