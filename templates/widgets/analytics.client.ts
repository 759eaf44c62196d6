/**
 * The optional page-view tag (site.yaml `analytics`, spec § 7: it loads after the page becomes
 * interactive). Added after `load` and then an idle moment, so it never competes with the page.
 */
export function mountAnalytics(settings: HTMLElement): void {
  const add = () => {
    const script = document.createElement('script')
    script.src = settings.dataset.src!
    script.async = true
    const attributes = JSON.parse(settings.dataset.attributes || '{}') as Record<string, string>
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
    document.head.append(script)
  }
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 2000 }) : setTimeout(add, 1))
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
