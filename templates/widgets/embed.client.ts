/**
 * Click-to-load embeds (templates/components/embed-facade.ts): the provider's frame is created
 * only when the visitor clicks, so no third-party request happens before. Without this script
 * the facade stays a link to the provider's page.
 */
export function mountEmbed(element: HTMLElement): void {
  const link = element.querySelector<HTMLAnchorElement>('.embed-facade')
  const src = element.dataset.embedSrc
  if (!link || !src) return
  link.addEventListener('click', (event) => {
    // A modified click (new tab, new window) keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const frame = document.createElement('iframe')
    frame.src = src
    frame.title = element.dataset.embedTitle ?? ''
    frame.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media'
    frame.referrerPolicy = 'strict-origin-when-cross-origin'
    frame.className = 'embed-frame'
    link.replaceWith(frame)
    frame.focus()
  })
}
