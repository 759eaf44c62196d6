import type { SiteInput } from '../site-input.generated.js'
import type { AnalyticsConfig } from '../site-model.js'

type AnalyticsInput = NonNullable<SiteInput['analytics']>

const originOf = (url: string) => new URL(url).origin

/**
 * site.yaml `analytics` as the tag the analytics widget adds (templates/widgets/analytics.client.ts)
 * and the Content-Security-Policy sources it needs, each preset as its service documents it.
 * The schema has made sure each preset has its keys, and config/checks/check-url.ts has checked `src` and `url`.
 *
 * - GA4 ("Use a Content Security Policy", developers.google.com/tag-platform/security/guides/csp):
 *   the gtag.js loader from *.googletagmanager.com; beacons to *.google-analytics.com,
 *   *.analytics.google.com and *.googletagmanager.com; pixels from *.google-analytics.com and
 *   *.googletagmanager.com. gtag's configuration (`gtag('js')`, `gtag('config', id)`) is made by
 *   the widget from `settings.id`, since the CSP allows no inline script for it.
 * - Plausible (plausible.io/docs): script.js with `data-domain`; events go back to the script's origin.
 * - Fathom (usefathom.com/docs): script.js with `data-site`; page views go back to the CDN's origin.
 * - Matomo (developer.matomo.org, JavaScript tracking client): matomo.js from the installation,
 *   `_paq` configured by the widget; tracking requests to matomo.php by beacon/XHR, or an image.
 * - generic: the script at `src` with `attributes`; its origin may run scripts and receive beacons.
 */
export function resolveAnalytics(input: AnalyticsInput | undefined): AnalyticsConfig | undefined {
  if (!input) return undefined
  const consent = input.consent ?? false
  const attributes = input.attributes ?? {}
  const own = (src: string, extra: { img?: boolean } = {}) => ({
    script: [originOf(src)],
    connect: [originOf(src)],
    img: extra.img ? [originOf(src)] : [],
  })
  switch (input.provider ?? 'generic') {
    case 'ga4': {
      const gtm = 'https://*.googletagmanager.com'
      const ga = 'https://*.google-analytics.com'
      return {
        provider: 'ga4',
        consent,
        attributes,
        src: input.src ?? `https://www.googletagmanager.com/gtag/js?id=${input.id!}`,
        settings: { id: input.id! },
        sources: { script: [gtm], connect: [ga, 'https://*.analytics.google.com', gtm], img: [ga, gtm] },
      }
    }
    case 'plausible': {
      const src = input.src ?? 'https://plausible.io/js/script.js'
      return {
        provider: 'plausible',
        consent,
        src,
        attributes: { 'data-domain': input.domain!, ...attributes },
        settings: {},
        sources: own(src),
      }
    }
    case 'fathom': {
      const src = input.src ?? 'https://cdn.usefathom.com/script.js'
      return {
        provider: 'fathom',
        consent,
        src,
        attributes: { 'data-site': input.site!, ...attributes },
        settings: {},
        sources: own(src, { img: true }),
      }
    }
    case 'matomo': {
      const base = input.url!.endsWith('/') ? input.url! : `${input.url!}/`
      const src = input.src ?? `${base}matomo.js`
      const tracker = originOf(base)
      return {
        provider: 'matomo',
        consent,
        src,
        attributes,
        settings: { tracker: `${base}matomo.php`, siteId: input.siteId! },
        sources: { script: [originOf(src)], connect: [tracker], img: [tracker] },
      }
    }
    default:
      return { provider: 'generic', consent, src: input.src!, attributes, settings: {}, sources: own(input.src!) }
  }
}
