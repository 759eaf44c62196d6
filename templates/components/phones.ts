import { toE164 } from '../../src/config/phone-number.js'
import type { SiteMeta } from '../../src/config/site-model.js'

/*
 * The business's phone lines and how each is dialled, shared by the business facts, the landing
 * pages and the structured data, so every page and search engine gets the same number.
 */

export interface BusinessPhone {
  readonly number: string
  readonly label?: string
  readonly hoursLabel?: string
  readonly alwaysOpen?: boolean
  readonly scope?: string
  readonly sms?: boolean
  /** false: a text-only line, shown without a `tel:` link. */
  readonly call?: boolean
}

/** Every phone line, main first: site.yaml `business.phones`, else the one `phone`. */
export function businessPhones(site: SiteMeta): readonly BusinessPhone[] {
  return site.business?.phones ?? (site.phone ? [{ number: site.phone }] : [])
}

/** The first line that takes calls: the one a call link dials. */
export function mainCallLine(site: SiteMeta): BusinessPhone | undefined {
  return businessPhones(site).find((phone) => phone.call !== false)
}

/** A number in E.164 (src/config/phone-number.ts), as `tel:`, `sms:` and structured data want it. */
export function dialled(site: SiteMeta, number: string): string {
  return toE164(number, site.callingCode)
}

/**
 * structured data `telephone`: E.164 when the calling code is known; else the number as written,
 * which tells a reader more than its bare national digits.
 */
export function telephone(site: SiteMeta, number: string): string {
  const e164 = dialled(site, number)
  return e164.startsWith('+') ? e164 : number
}

/** `tel:+15035550187`: E.164, so the link dials from anywhere; the page shows the number as written. */
export function telHref(site: SiteMeta, number: string): string {
  return `tel:${dialled(site, number)}`
}
