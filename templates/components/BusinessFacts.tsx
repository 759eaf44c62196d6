import { callingCodeOf, toE164 } from '../../src/config/phone-number.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { usePage } from '../context.js'
import { SpecialHours } from './SpecialHours.js'

export interface BusinessPhone {
  readonly number: string
  readonly label?: string
  readonly hoursLabel?: string
  readonly alwaysOpen?: boolean
  readonly scope?: string
  readonly sms?: boolean
}

/** Every phone line, main first: site.yaml `business.phones`, else the one `phone`. */
export function businessPhones(site: SiteMeta): readonly BusinessPhone[] {
  return site.business?.phones ?? (site.phone ? [{ number: site.phone }] : [])
}

/** A number in E.164 (src/config/phone-number.ts), as `tel:`, `sms:` and structured data want it. */
export function dialled(site: SiteMeta, number: string): string {
  return toE164(number, callingCodeOf(site.business, site.language))
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

export interface BusinessFactsProps {
  className?: string
  /** Show `hoursLabel`, closed days and special days too (beside a form); the footer keeps to addresses. */
  hasHours?: boolean
}

/**
 * The business's facts where visitors look for them (the footer, and beside a form section with
 * `business: true`): street address and how to visit it, the area it serves, every phone line with what it is for
 * and when it is answered, opening hours as written with closed and special days, licences and
 * certifications, and links to its profiles elsewhere. The same facts are the page's
 * LocalBusiness structured data (templates/seo/structured-data.ts).
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
          {business?.legalName ?? site.name}
          <br />
          {address.street}
          <br />
          {/* Each part isolated, so a right-to-left town name does not reorder "Town, ST 12345". */}
          <bdi>{address.locality}</bdi>
          {address.region && (
            <>
              , <bdi>{address.region}</bdi>
            </>
          )}{' '}
          <bdi>{address.postalCode}</bdi>
        </address>
      )}
      {business?.officeNote && <p className="business-office-note">{business.officeNote}</p>}
      {business?.areaLabel && (
        <p className="business-area">
          Serving <bdi>{business.areaLabel}</bdi>
        </p>
      )}
      {businessPhones(site).map((phone) => (
        <p key={phone.number} className="business-phone">
          {phone.label && (
            <>
              <bdi>{phone.label}</bdi>:{' '}
            </>
          )}
          <a href={telHref(site, phone.number)}>{phone.number}</a>
          {phone.hoursLabel && (
            <>
              {' '}
              <span className="business-note">
                (<bdi>{phone.hoursLabel}</bdi>)
              </span>
            </>
          )}
          {phone.sms && (
            <>
              {' '}
              ·{' '}
              <a href={`sms:${dialled(site, phone.number)}`}>
                Text us<span className="visually-hidden"> at {phone.number}</span>
              </a>
            </>
          )}
          {phone.scope && (
            <>
              <br />
              <span className="business-scope">{phone.scope}</span>
            </>
          )}
        </p>
      ))}
      {hasHours && business?.hoursLabel && <p className="business-hours">{business.hoursLabel}</p>}
      {hasHours && closed.length > 0 && <p className="business-hours">Closed {listOf(closed)}</p>}
      {hasHours && <SpecialHours days={business?.specialHours ?? []} language={site.language} />}
      {business?.credentials && (
        <ul className="business-credentials" aria-label="Licences and certifications">
          {business.credentials.map((c) => (
            <li key={`${c.name}-${c.number ?? ''}`}>
              <bdi>{c.name}</bdi>
              {c.number && (
                <>
                  : <bdi>{c.number}</bdi>
                </>
              )}
              {c.issuer && (
                <span className="business-note">
                  {' '}
                  (<bdi>{c.issuer}</bdi>)
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {profiles.length > 0 && (
        <ul className="business-profiles">
          {profiles.map((p) => (
            <li key={p.url}>
              <a href={p.url} rel="me noopener" target="_blank">
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** ["Saturday", "Sunday"] → "Saturday and Sunday". */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
