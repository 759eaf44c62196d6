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
 * site.yaml `business.callingCode`; else +1 for a US or Canadian address; else, for a business
 * with no address, +1 when the site's `language` names the US or Canada (en-US, fr-CA); else
 * unknown.
 */
export function callingCodeOf(business: CallingCodeSource | undefined, language: string): string | undefined {
  if (business?.callingCode) return business.callingCode
  const country = business?.address?.country ?? /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(language)?.[1]?.toUpperCase()
  return country && nanp.has(country) ? '+1' : undefined
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
