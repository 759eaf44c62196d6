let locks = 0

/**
 * Stops the page from scrolling while an overlay is open. Counted, so two overlays opening and closing in any order leave the page as it was.
 * Returns the function that releases this lock; calling it twice is harmless.
 */
export function lockScroll(): () => void {
  if (locks++ === 0) document.documentElement.classList.add('scroll-locked')
  let released = false
  return () => {
    if (released) return
    released = true
    if (--locks === 0) document.documentElement.classList.remove('scroll-locked')
  }
}
