import type { LocationsPageProps } from '../../src/plan/plan-locations.js'
import { Markdown } from '../components/Markdown.js'

/**
 * The locations index: every landing page, grouped by state and then by service, as links (never
 * a bare list of place names). The footer's "View all locations" leads here, so no landing page
 * is an orphan.
 */
export function LocationsPage({ title, lead, states }: LocationsPageProps) {
  return (
    <section className="section section-locations">
      <div className="container">
        <header className="section-header">
          <h1>{title}</h1>
          {lead && <Markdown text={lead} className="section-lead" />}
        </header>
        {states.map((state) => (
          <section key={state.code} className="locations-state" aria-labelledby={`state-${state.code || 'other'}`}>
            <h2 id={`state-${state.code || 'other'}`}>{state.name}</h2>
            <div className="locations-services">
              {state.services.map((service) => (
                <div key={service.slug} className="locations-service">
                  <h3>{service.title}</h3>
                  <ul className="locations-links">
                    {service.links.map((link) => (
                      <li key={link.href}>
                        <a href={link.href}>{link.label}</a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        ))}
      </div>
    </section>
  )
}
