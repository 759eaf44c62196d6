import { Action } from '../components/Action.js'
import { Icon } from '../components/Icon.js'
import { usePage, useText } from '../context.js'
import { CallLink } from './CallLink.js'
import { LanguageLinksSlot } from './LanguageLinks.js'

/**
 * The slide-in menu for small screens: the same items as the header, services listed inline.
 * A native popover, so the menu button and the close button work without JavaScript (and Escape
 * closes it); the header widget adds the overlay click, closing on navigation, the body scroll
 * lock, the focus trap and returning focus to the menu button.
 */
export function MobileMenu() {
  const { site, services } = usePage()
  const text = useText()
  const featured = site.services.map((slug) => services.find((s) => s.slug === slug)!).filter(Boolean)
  return (
    <div className="mobile-menu" id="mobile-menu" popover="auto" data-mobile-menu>
      <div className="mobile-menu-overlay" data-menu-close />
      <div className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label={text('menu')}>
        <button type="button" className="menu-close" popoverTarget="mobile-menu" popoverTargetAction="hide">
          <Icon name="x" size={24} />
          <span className="visually-hidden">{text('closeMenu')}</span>
        </button>
        <ul className="mobile-nav">
          {(site.header?.nav ?? []).map((item) => (
            <li key={item.label}>
              <a href={item.href}>{item.label}</a>
              {item.menu === 'services' && (
                <ul className="mobile-subnav">
                  {featured.map((s) => (
                    <li key={s.slug}>
                      <a href={`/services/${s.slug}`}>{s.menuLabel ?? s.title}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <LanguageLinksSlot className="mobile-languages" />
        <CallLink className="mobile-call" />
        {site.header?.cta && <Action action={site.header.cta} className="mobile-cta" />}
      </div>
    </div>
  )
}
