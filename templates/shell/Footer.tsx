import type { ServiceConfig } from '../../src/config/site-model.js'
import { BusinessCredentials, BusinessFacts } from '../components/BusinessFacts.js'
import { businessPhones } from '../components/phones.js'
import { type SiteText, usePage, useText } from '../context.js'
import { Logo } from './Logo.js'

/**
 * The footer: blurb, email, quick links, services, location links (up to
 * `limit`, from site.yaml or else the site's first landing pages) plus a link to all locations,
 * the copyright line with the build year, and the legal links.
 */
export function Footer() {
  const { site, services, landingUrls, locationsUrl, year } = usePage()
  const text = useText()
  const footer = site.footer ?? {}
  const featured = site.services.map((slug) => services.find((s) => s.slug === slug)!).filter(Boolean)
  const limit = footer.locations?.limit ?? 10
  const locations = (footer.locations?.links ?? firstLandingPages(landingUrls, limit, services, text)).slice(0, limit)
  const all = footer.locations?.all ?? (locationsUrl ? { label: text('viewAllLocations'), href: locationsUrl } : undefined)
  // A long promise under a number (an emergency line's scope) widens its column, so it is not the one long column of the row.
  const wide = businessPhones(site).some((phone) => (phone.scope?.length ?? 0) > longScope)
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className={wide ? 'footer-brand footer-brand-wide' : 'footer-brand'}>
          {site.logo ? (
            <Logo background={site.theme.colors.footerBackground} className="footer-logo" />
          ) : (
            <p className="logo-text">{site.name}</p>
          )}
          {footer.blurb && <p>{footer.blurb}</p>}
          <p>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <BusinessFacts hasCredentials={false} />
        </div>
        {footer.quickLinks && (
          <nav className="footer-col" aria-label={text('quickLinksLabel')}>
            <h2 className="footer-heading">{text('quickLinks')}</h2>
            <ul>
              {footer.quickLinks.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav className="footer-col" aria-label={text('services')}>
          <h2 className="footer-heading">{text('services')}</h2>
          <ul>
            {featured.map((s) => (
              <li key={s.slug}>
                <a href={`/services/${s.slug}`}>{s.menuLabel ?? s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        {(locations.length > 0 || all) && (
          <nav className="footer-col" aria-label={text('locations')}>
            <h2 className="footer-heading">{footer.locations?.heading ?? text('locations')}</h2>
            <ul>
              {locations.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
              {all && (
                <li>
                  <a className="footer-all" href={all.href}>
                    {all.label}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        )}
      </div>
      {/* Licences and certifications in a row of their own, however many: in the first column they made it the one long one. */}
      {site.business?.credentials?.length ? (
        <div className="container footer-facts">
          <BusinessCredentials />
        </div>
      ) : null}
      <div className="container footer-bottom">
        <p>
          © {year} <bdi>{site.business?.legalName ?? site.name}</bdi>. {text('allRightsReserved')}
        </p>
        {footer.legal && (
          <ul className="footer-legal">
            {footer.legal.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        )}
        {/* Shows the consent banner again (templates/widgets/consent.client.ts); hidden without JavaScript, which it needs. */}
        {site.analytics?.consent && (
          <button type="button" className="footer-consent" data-consent-open>
            {text('cookieSettings')}
          </button>
        )}
      </div>
    </footer>
  )
}

/** Characters of a phone line's scope beyond which the footer's first column takes two tracks. */
const longScope = 120

/**
 * The site's first `limit` landing pages, each labelled by its service and town ("Roofing in Erie,
 * PA"): a town has a page per service, so its name alone would be listed once per service. Only
 * those are read: the lookup holds every landing page of the site, and this runs for every page.
 */
function firstLandingPages(
  landingUrls: Readonly<Record<string, string>>,
  limit: number,
  services: readonly ServiceConfig[],
  text: SiteText,
): { label: string; href: string }[] {
  const found: { label: string; href: string }[] = []
  if (limit <= 0) return found
  // for…in visits string keys in the order Object.entries lists them.
  for (const key in landingUrls) {
    const [area, slug] = key.split('|') as [string, string]
    const service = services.find((s) => s.slug === slug)
    found.push({ label: text('serviceInArea', { service: service?.menuLabel ?? service?.title ?? slug, area }), href: landingUrls[key]! })
    if (found.length === limit) break
  }
  return found
}
