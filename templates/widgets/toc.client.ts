/**
 * The blog table of contents: its header toggles the list; the active entry follows
 * the reading position — a heading (h2–h4) becomes active as it enters the top 20 % of the
 * viewport (IntersectionObserver, bottom margin −80 %, threshold 0.1); clicking an entry scrolls
 * smoothly to its heading.
 */
export function mountToc(nav: HTMLElement): void {
  const toggle = nav.querySelector<HTMLButtonElement>('.toc-toggle')
  const list = nav.querySelector<HTMLElement>('.toc-list')
  toggle?.addEventListener('click', () => {
    const isOpen = toggle.getAttribute('aria-expanded') !== 'true'
    toggle.setAttribute('aria-expanded', String(isOpen))
    if (list) list.hidden = !isOpen
  })

  const links = new Map<string, HTMLAnchorElement>()
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[data-toc-link]')) links.set(link.dataset.tocLink!, link)
  const setActive = (id: string) => {
    for (const [key, link] of links) {
      link.classList.toggle('is-active', key === id)
      if (key === id) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
    }
  }

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) setActive(entry.target.id)
    },
    { rootMargin: '0px 0px -80% 0px', threshold: 0.1 },
  )
  for (const id of links.keys()) {
    const heading = document.getElementById(id)
    if (heading && /^H[2-4]$/.test(heading.tagName)) observer.observe(heading)
  }

  nav.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-toc-link]')
    const heading = link && document.getElementById(link.dataset.tocLink!)
    if (!heading) return
    event.preventDefault()
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    history.pushState(null, '', `#${heading.id}`)
    // Screen readers and the next Tab continue from the heading, as after a native jump.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
    setActive(heading.id)
  })
}
