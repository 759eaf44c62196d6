import { mountDropdown } from './dropdown.client.js'
import { mountMobileMenu } from './mobile-menu.client.js'

/** The header turns solid after 10 px of scrolling, once the page has moved under it. */
const SOLID_AFTER_PX = 10

/** The fixed header: solid background after scrolling, the Services item, the mobile menu. */
export function mountHeader(header: HTMLElement): void {
  const update = () => header.classList.toggle('is-solid', window.scrollY > SOLID_AFTER_PX)
  window.addEventListener('scroll', update, { passive: true })
  update()
  header.querySelectorAll<HTMLElement>('[data-dropdown]').forEach(mountDropdown)
  header.querySelectorAll<HTMLAnchorElement>('[data-scroll-target]').forEach(mountScrollLink)
  const menu = header.querySelector<HTMLElement>('[data-mobile-menu]')
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  if (menu && toggle) mountMobileMenu(menu, toggle)
}

/**
 * On the pages of the nav item's `scrollOn` the Services item is a link to `#services`; the browser scrolls there by itself (smoothly, base.css). A page that lacks the
 * section would leave the link dead, so it goes to the item's own address instead.
 */
function mountScrollLink(link: HTMLAnchorElement): void {
  link.addEventListener('click', (event) => {
    if (document.querySelector(link.dataset.scrollTarget!)) return
    event.preventDefault()
    window.location.href = link.dataset.fallback ?? '/'
  })
}
