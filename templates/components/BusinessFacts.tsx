import { HOLE } from '../../src/config/messages/messages.js'
import { around, usePage, useText } from '../context.js'
import { formatDays } from '../format-date.js'
import { businessPhones, dialled, telHref } from './phones.js'
import { SpecialHours } from './SpecialHours.js'

export interface BusinessFactsProps {
  className?: string
  /** Show `hoursLabel`, closed days and special days too (beside a form); the footer keeps to addresses. */
  hasHours?: boolean
  /** Show the licences and certifications too; the footer gives them a row of their own (BusinessCredentials). */
  hasCredentials?: boolean
}

/**
 * The business's facts where visitors look for them (the footer, and beside a form section with
 * `business: true`): street address and how to visit it, the area it serves, every phone line with what it is for
 * and when it is answered, opening hours as written with closed and special days, licences and
 * certifications, and links to its profiles elsewhere. The same facts are the page's
 * LocalBusiness structured data (templates/seo/structured-data.ts).
 */
export function BusinessFacts({ className, hasHours = false, hasCredentials = true }: BusinessFactsProps) {
  const { site } = usePage()
  const text = useText()
  const business = site.business
  const address = business?.address
  const closed = business?.closedDays ?? []
  const profiles = [
    ...(business?.social ?? []),
    ...(business?.googleBusinessProfile ? [{ label: text('googleBusinessProfile'), url: business.googleBusinessProfile }] : []),
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
          {/* The area is a field of its own: isolated, inside the words around it. */}
          {around(text('servingArea', { area: HOLE }), <bdi>{business.areaLabel}</bdi>)}
        </p>
      )}
      {businessPhones(site).map((phone) => (
        <p key={phone.number} className="business-phone">
          {phone.label && (
            <>
              <bdi>{phone.label}</bdi>:{' '}
            </>
          )}
          {phone.call === false ? (
            <span className="phone-number">{phone.number}</span>
          ) : (
            <a href={telHref(site, phone.number)}>{phone.number}</a>
          )}
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
                {text('textUs')}
                <span className="visually-hidden"> {text('textUsAt', { number: phone.number })}</span>
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
      {hasHours && closed.length > 0 && <p className="business-hours">{text('closedOn', { days: formatDays(closed, site.language) })}</p>}
      {hasHours && <SpecialHours days={business?.specialHours ?? []} language={site.language} />}
      {hasCredentials && <BusinessCredentials />}
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

/** The business's licences and certifications: name, number and issuer of each. */
export function BusinessCredentials({ className }: { className?: string }) {
  const { site } = usePage()
  const text = useText()
  const credentials = site.business?.credentials
  if (!credentials?.length) return null
  return (
    <ul className={className ? `business-credentials ${className}` : 'business-credentials'} aria-label={text('credentials')}>
      {credentials.map((c) => (
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
  )
}
