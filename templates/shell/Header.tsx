import { Action } from '../components/Action.js'
import { Icon } from '../components/Icon.js'
import { usePage, useText } from '../context.js'
import { CallLink } from './CallLink.js'
import type { HeaderVariant } from './header-variant.js'
import { LanguageLinksSlot } from './LanguageLinks.js'
import { Logo } from './Logo.js'
import { MobileMenu } from './MobileMenu.js'

/**
 * The fixed header: logo → home, the navigation with the Services dropdown, the call link,
 * the quote button, and the button that opens the mobile menu. Without JavaScript the dropdown
 * opens while focus is inside it (CSS :focus-within) and the menu button opens the mobile menu
 * natively (popover); the header widget adds hover with its close delay, Escape, outside clicks,
 * the solid background after scrolling, and the mobile menu's scroll lock and focus trap.
 *
 * Over a page that opens with a hero image the header is transparent until the page scrolls
 * (shell.css), showing the logo made for dark backgrounds; both logos are in the markup, so the
 * switch loads nothing and moves nothing.
 */
export function Header({ overHero, navUrl }: HeaderVariant) {
  const { site } = usePage()
  const text = useText()
  const { colors } = site.theme
  const nav = site.header?.nav ?? []
  return (
    <header className="site-header" data-widget="header">
      <div className="container header-bar">
        <a className="logo" href="/" aria-label={text('homeOf', { name: site.name })}>
          {site.logo ? (
            <>
              {/* The one shown at first paint is preloaded: over a hero image, the one for dark backgrounds. */}
              <Logo background={colors.headerBackground} className="logo-img logo-on-light" priority={!overHero} />
              {overHero && <Logo background={colors.primaryDark} className="logo-img logo-on-dark" priority />}
            </>
          ) : (
            <span className="logo-text">{site.name}</span>
          )}
        </a>
        <nav className="main-nav" aria-label={text('mainMenu')}>
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.label} className={item.menu ? 'nav-item has-menu' : 'nav-item'}>
                {item.menu === 'services' ? (
                  <ServicesMenu
                    label={item.label}
                    href={item.href}
                    scrollHere={navUrl !== undefined && (item.scrollOn?.includes(navUrl) ?? false)}
                  />
                ) : (
                  <a className="nav-link" href={item.href} aria-current={item.href === navUrl ? 'page' : undefined}>
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <LanguageLinksSlot className="header-languages" />
        <CallLink className="header-call" />
        {site.header?.cta && <Action action={site.header.cta} className="header-cta" />}
        {/* No aria-expanded in the markup: a popovertarget button has its expanded state from the
            platform (the HTML checker rejects both); the menu widget sets it as the menu toggles. */}
        <button type="button" className="menu-toggle" aria-controls="mobile-menu" popoverTarget="mobile-menu" data-menu-toggle>
          <Icon name="menu" size={24} />
          <span className="visually-hidden">{text('openMenu')}</span>
        </button>
      </div>
      <MobileMenu />
    </header>
  )
}

/**
 * The Services item: a disclosure button with the site's services. On the pages listed
 * in the item's `scrollOn` it is instead an in-page link to the `#services` section; the widget falls back to the item's own address when a page has no such section.
 */
function ServicesMenu({ label, href, scrollHere }: { label: string; href: string; scrollHere: boolean }) {
  const { services, site } = usePage()
  const text = useText()
  const featured = site.services.map((slug) => services.find((s) => s.slug === slug)!).filter(Boolean)
  if (scrollHere) {
    return (
      <a className="nav-link" href="#services" data-scroll-target="#services" data-fallback={href}>
        {label}
        <Icon name="chevron-down" size={16} />
      </a>
    )
  }
  return (
    <div className="dropdown" data-dropdown>
      <button type="button" className="nav-link dropdown-toggle" aria-expanded="false" aria-controls="services-menu">
        {label}
        <Icon name="chevron-down" size={16} />
      </button>
      <ul className="dropdown-menu" id="services-menu">
        {featured.map((s) => (
          <li key={s.slug}>
            <a href={`/services/${s.slug}`}>{s.menuLabel ?? s.title}</a>
          </li>
        ))}
        <li className="dropdown-all">
          <a href={href}>{text('allServices')}</a>
        </li>
      </ul>
    </div>
  )
}
