import { Action } from '../components/Action.js'
import { Icon } from '../components/Icon.js'
import { Image } from '../components/Image.js'
import { usePage } from '../context.js'
import { MobileMenu } from './MobileMenu.js'

/**
 * The fixed header (spec § Site shell): logo → home, the navigation with the Services dropdown,
 * the quote button, and the button that opens the mobile menu. Without JavaScript the dropdown
 * is a native <details>; the header widget adds hover, delays and scroll behaviour.
 */
export function Header() {
  const { site, route } = usePage()
  const nav = site.header?.nav ?? []
  return (
    <header className="site-header" data-widget="header">
      <div className="container header-bar">
        <a className="logo" href="/" aria-label={`${site.name} home`}>
          {site.logo ? <Image src={site.logo.src} alt={site.logo.alt ?? site.name} priority sizes={`${site.logo.width ?? 160}px`} className="logo-img" /> : <span className="logo-text">{site.name}</span>}
        </a>
        <nav className="main-nav" aria-label="Main">
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.label} className={item.menu ? 'nav-item has-menu' : 'nav-item'}>
                {item.menu === 'services' ? <ServicesMenu label={item.label} href={item.href} scrollHere={item.scrollOn?.includes(route.url) ?? false} /> : (
                  <a className="nav-link" href={item.href} aria-current={item.href === route.url ? 'page' : undefined}>{item.label}</a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {site.header?.cta && <Action action={site.header.cta} className="header-cta" />}
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="mobile-menu" data-menu-toggle>
          <Icon name="menu" size={24} />
          <span className="visually-hidden">Open menu</span>
        </button>
      </div>
      <MobileMenu />
    </header>
  )
}

function ServicesMenu({ label, href, scrollHere }: { label: string; href: string; scrollHere: boolean }) {
  const { services, site } = usePage()
  const featured = site.services.map((slug) => services.find((s) => s.slug === slug)!).filter(Boolean)
  return (
    <div className="dropdown" data-dropdown data-scroll-target={scrollHere ? '#services' : undefined}>
      <button type="button" className="nav-link dropdown-toggle" aria-expanded="false" aria-haspopup="true" aria-controls="services-menu">
        {label}
        <Icon name="chevron-down" size={16} />
      </button>
      <ul className="dropdown-menu" id="services-menu">
        {featured.map((s) => (
          <li key={s.slug}><a href={`/services/${s.slug}`}>{s.menuLabel ?? s.title}</a></li>
        ))}
        <li className="dropdown-all"><a href={href}>All services</a></li>
      </ul>
    </div>
  )
}
