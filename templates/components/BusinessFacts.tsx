import type { SiteMeta } from '../../src/types.js'
import { usePage } from '../context.js'

export interface BusinessPhone {
  readonly number: string
  readonly label?: string
  readonly hoursLabel?: string
  readonly alwaysOpen?: boolean
}

/** Every phone line, main first: site.yaml `business.phones`, else the one `phone`. */
export function businessPhones(site: SiteMeta): readonly BusinessPhone[] {
  return site.business?.phones ?? (site.phone ? [{ number: site.phone }] : [])
}

/** `tel:` wants the digits (and a leading +) only. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`
}

export interface BusinessFactsProps {
  className?: string
  /** Show `hoursLabel` and the closed days too (beside a form); the footer keeps to addresses. */
  hasHours?: boolean
}

/**
 * The business's facts where visitors look for them (the footer, and beside a form section with
 * `business: true`): street address, every phone line with what it is for and when it is
 * answered, opening hours as written, closed days, and links to its profiles elsewhere. The same
 * facts are the page's LocalBusiness structured data (templates/seo/structured-data.ts).
 */
export function BusinessFacts({ className, hasHours = false }: BusinessFactsProps) {
  const { site } = usePage()
  const business = site.business
  const address = business?.address
  const closed = business?.closedDays ?? []
  const profiles = [
    ...(business?.social ?? []),
    ...(business?.googleBusinessProfile ? [{ label: 'Google Business Profile', url: business.googleBusinessProfile }] : []),
  ]
  return (
    <div className={className ? `business-facts ${className}` : 'business-facts'}>
      {address && (
        <address>
          {business?.legalName ?? site.name}<br />
          {address.street}<br />
          {address.locality}{address.region ? `, ${address.region}` : ''} {address.postalCode}
        </address>
      )}
      {businessPhones(site).map((phone) => (
        <p key={phone.number} className="business-phone">
          {phone.label && <>{phone.label}: </>}
          <a href={telHref(phone.number)}>{phone.number}</a>
          {phone.hoursLabel && <> <span className="business-note">({phone.hoursLabel})</span></>}
        </p>
      ))}
      {hasHours && business?.hoursLabel && <p className="business-hours">{business.hoursLabel}</p>}
      {hasHours && closed.length > 0 && <p className="business-hours">Closed {listOf(closed)}</p>}
      {profiles.length > 0 && (
        <ul className="business-profiles">
          {profiles.map((p) => <li key={p.url}><a href={p.url} rel="me noopener" target="_blank">{p.label}</a></li>)}
        </ul>
      )}
    </div>
  )
}

/** ["Saturday", "Sunday"] → "Saturday and Sunday". */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
