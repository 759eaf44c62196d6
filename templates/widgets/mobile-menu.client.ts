import { lockScroll } from './scroll-lock.js'

/**
 * The slide-in menu, a native popover: the menu button and the close button open and
 * close it, and Escape closes it, without any script. This adds what the platform does not: the
 * overlay and every link close it (a link is a route change), the body does not scroll while it is
 * open, Tab stays inside it, focus returns to the menu button, and `aria-expanded` follows.
 */
export function mountMobileMenu(menu: HTMLElement, toggle: HTMLButtonElement): void {
  const panel = menu.querySelector<HTMLElement>('[role="dialog"]') ?? menu
  let unlock: (() => void) | undefined
  toggle.setAttribute('aria-expanded', 'false')
  const close = () => {
    if (menu.matches(':popover-open')) menu.hidePopover()
  }

  menu.addEventListener('toggle', (event) => {
    const isOpen = (event as ToggleEvent).newState === 'open'
    toggle.setAttribute('aria-expanded', String(isOpen))
    if (isOpen) {
      unlock = lockScroll()
      focusables(panel)[0]?.focus()
    } else {
      unlock?.()
      unlock = undefined
      const focused = document.activeElement
      if (!focused || focused === document.body || menu.contains(focused)) toggle.focus()
    }
  })
  menu.addEventListener('click', (event) => {
    const target = event.target as Element
    if (target.closest('[data-menu-close], a[href]')) close()
  })
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return
    const items = focusables(panel)
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  })
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea')]
}
