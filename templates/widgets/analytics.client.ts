import { askConsent } from './consent.client.js'

/**
 * The optional analytics tag (site.yaml `analytics`): it loads after the page becomes
 * interactive. Added after `load` and then an idle moment, so it never competes with the page;
 * with a consent banner on the page, only after the visitor's yes (consent.client.ts).
 *
 * A preset's configuration arrives as data (`data-settings`, src/config/presets/analytics-providers.ts)
 * and is applied here, because the Content-Security-Policy allows no inline script for it: GA4's
 * `gtag('config', id)` and Matomo's `_paq` queue are set up before their loader runs.
 */
export function mountAnalytics(tag: HTMLElement): void {
  let isAdded = false
  const add = () => {
    if (isAdded) return
    isAdded = true
    configure(tag.dataset.provider, JSON.parse(tag.dataset.settings || '{}') as Record<string, string>)
    const script = document.createElement('script')
    script.src = tag.dataset.src!
    script.async = true
    const attributes = JSON.parse(tag.dataset.attributes || '{}') as Record<string, string>
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
    document.head.append(script)
  }
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 2000 }) : setTimeout(add, 1))
  const start = () => (document.readyState === 'complete' ? whenIdle() : window.addEventListener('load', whenIdle, { once: true }))
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]')
  if (banner) askConsent(banner, start)
  else start()
}

/** GA4 (gtag.js reads `arguments` objects from dataLayer) and Matomo (the `_paq` queue), as their snippets do. */
function configure(provider: string | undefined, settings: Record<string, string>): void {
  const page = window as unknown as { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; _paq?: unknown[][] }
  if (provider === 'ga4') {
    const dataLayer = (page.dataLayer ||= [])
    // eslint-disable-next-line prefer-rest-params -- gtag.js ignores arrays; it reads Arguments objects.
    page.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag's queue reads the Arguments object itself, as the vendor's snippet pushes it
      dataLayer.push(arguments)
    }
    page.gtag('js', new Date())
    page.gtag('config', settings.id)
  } else if (provider === 'matomo') {
    ;(page._paq ||= []).push(['trackPageView'], ['enableLinkTracking'], ['setTrackerUrl', settings.tracker], ['setSiteId', settings.siteId])
  }
}
