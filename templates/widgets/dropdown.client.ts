/** How long the dropdown stays open after the pointer leaves, so a diagonal move to it does not close it. */
const CLOSE_DELAY_MS = 300

/**
 * The Services dropdown: opens on hover, on keyboard focus and on Enter; closes 300 ms
 * after the pointer leaves, on a click outside, on Escape and when focus leaves it. A click or
 * tap toggles it, except while the mouse hovers (the hover has just opened it). `aria-expanded`
 * always tells the truth, and CSS shows the menu from it.
 */
export function mountDropdown(root: HTMLElement): void {
  const button = root.querySelector('button')!
  let timer: ReturnType<typeof setTimeout> | undefined
  let isHovered = false
  let isReturningFocus = false
  const isOpen = () => button.getAttribute('aria-expanded') === 'true'
  const setOpen = (open: boolean) => {
    clearTimeout(timer)
    root.classList.toggle('is-open', open)
    button.setAttribute('aria-expanded', String(open))
  }

  root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return
    isHovered = true
    setOpen(true)
  })
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return
    isHovered = false
    clearTimeout(timer)
    timer = setTimeout(() => setOpen(false), CLOSE_DELAY_MS)
  })
  // `detail` is 0 for a click made with Enter or Space: the keyboard only ever opens it.
  button.addEventListener('click', (event) => setOpen(isHovered || event.detail === 0 || !isOpen()))
  // Keyboard focus opens it so Tab walks straight into the links; a mouse click focuses the
  // button too, but that is the click's business (:focus-visible tells the two apart).
  root.addEventListener('focusin', () => {
    if (!isReturningFocus && root.querySelector(':focus-visible')) setOpen(true)
  })
  root.addEventListener('focusout', (event) => {
    if (!isHovered && !root.contains(event.relatedTarget as Node | null)) setOpen(false)
  })
  document.addEventListener('click', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false)
  })
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return
    const hadFocus = root.contains(document.activeElement)
    setOpen(false)
    if (!hadFocus) return
    isReturningFocus = true
    button.focus()
    isReturningFocus = false
  })
}
