import { lockScroll } from './scroll-lock.js'

/**
 * The walkthrough popup. Every walkthrough button is a link to
 * its scheduling page (a new tab without JavaScript); this turns it into a button that opens the
 * page's one shared <dialog> with that link in an iframe. The iframe gets its address only when
 * the popup opens, so the third-party page costs nothing until asked for. The page does not
 * scroll while the popup is open; Escape and the close control close it (native <dialog>).
 *
 * Two optional inputs, modelled for a static site:
 * - external open flag: the address `#schedule` (a link `href="#schedule"` anywhere, or a shared
 *   URL) opens the popup with the page's first walkthrough button's scheduler; so does a
 *   `data-open` attribute on a button when the page loads.
 * - close callback: closing dispatches a bubbling `walkthrough:close` DOM event on the button
 *   that opened it (detail: `{ scheduler }`), for a site's own scripts or analytics.
 */
const OPEN_HASH = '#schedule'

let dialog: HTMLDialogElement | null | undefined
let opener: HTMLElement | undefined
let unlock: (() => void) | undefined

export function mountWalkthrough(button: HTMLElement): void {
  const popup = findDialog()
  if (!popup) return // no popup on this page: the link keeps opening the scheduler in a new tab
  button.setAttribute('aria-haspopup', 'dialog')
  button.removeAttribute('target')
  button.addEventListener('click', (event) => {
    event.preventDefault()
    openWalkthrough(popup, button)
  })
  if (button.hasAttribute('data-open')) openWalkthrough(popup, button)
}

/** Sets up the shared dialog once, on the first button mounted. */
function findDialog(): HTMLDialogElement | null {
  if (dialog !== undefined) return dialog
  dialog = document.querySelector<HTMLDialogElement>('dialog[data-walkthrough-dialog]')
  if (!dialog) return null
  const popup = dialog
  popup.addEventListener('close', () => {
    unlock?.()
    unlock = undefined
    if (window.location.hash === OPEN_HASH) history.replaceState(null, '', window.location.pathname + window.location.search)
    const from = opener
    opener = undefined
    from?.dispatchEvent(new CustomEvent('walkthrough:close', { bubbles: true, detail: { scheduler: from.dataset.scheduler } }))
    from?.focus()
  })
  const openFromHash = () => {
    const first = document.querySelector<HTMLElement>('[data-widget="walkthrough"]')
    if (window.location.hash === OPEN_HASH && first && !popup.open) openWalkthrough(popup, first)
  }
  window.addEventListener('hashchange', openFromHash)
  // After the other widgets have mounted, so the first button is ready to take focus back.
  queueMicrotask(openFromHash)
  return popup
}

function openWalkthrough(popup: HTMLDialogElement, button: HTMLElement): void {
  if (popup.open) return
  const frame = popup.querySelector('iframe')!
  const src = button.dataset.scheduler ?? ''
  if (frame.getAttribute('src') !== src) frame.setAttribute('src', src)
  opener = button
  unlock = lockScroll()
  popup.showModal()
}
