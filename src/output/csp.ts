import type { ContentSources } from '../check/check-output.js'
import { formEndpointOrigin } from '../config/presets/form-services.js'
import type { SiteMeta } from '../config/site-model.js'
import { embedProviders, isEmbedProvider } from '../markdown/embeds.js'
import type { InlineCode } from '../render/inline-code.js'

/**
 * A Content-Security-Policy as plain data: each directive with its sources, in the order they are
 * sent. Made in one place (contentSecurityPolicy) and written out by policyText: today as the
 * `_headers` line, and the same data serves a `<meta http-equiv>` on hosts that send no headers
 * (which ignore `frame-ancestors` there).
 */
export type ContentSecurityPolicy = readonly (readonly [directive: string, ...sources: string[]])[]

export interface PolicyOptions {
  readonly site: SiteMeta
  /** What the checked pages load inline or from elsewhere (check-output.ts), which the policy must allow. */
  readonly sources: ContentSources
}

/**
 * The policy, from site.yaml and the checked pages: the scheduler hosts (site.yaml `schedulers`)
 * may be framed, the analytics service may run its script, receive its beacons and serve its pixels
 * (each preset's sources, src/config/presets/analytics-providers.ts), forms post to this site (or the
 * configured endpoint or form service), and the inline scripts and styles the
 * build declared (src/render/inline-code.ts) are allowed by the SHA-256 of their exact text, never
 * by 'unsafe-inline'.
 */
export function contentSecurityPolicy({ site, sources }: PolicyOptions): ContentSecurityPolicy {
  const analytics = site.analytics?.sources ?? { script: [], connect: [], img: [] }
  const schedulers = [...new Set(Object.values(site.schedulers ?? {}).map(originOf))].sort()
  // Embeds load their frame only after a click, from the provider's origin (src/markdown/embeds.ts).
  const frames = [
    ...new Set([...schedulers, ...(site.embeds ?? []).filter(isEmbedProvider).map((p) => embedProviders[p].frameOrigin)]),
  ].sort()
  // The form script posts to the endpoint with fetch (connect-src), a browser without it natively (form-action).
  const endpointOrigin = formEndpointOrigin(site.forms)
  const endpoint = endpointOrigin === undefined ? [] : [endpointOrigin]
  const styleAttributes = sources.styleAttributeHashes
  return [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...analytics.script, ...sources.scriptHashes],
    // Hashes of style attributes need 'unsafe-hashes' (CSP3); it allows nothing else.
    ['style-src', "'self'", ...sources.styleHashes, ...(styleAttributes.length ? ["'unsafe-hashes'", ...styleAttributes] : [])],
    ['img-src', "'self'", 'data:', ...new Set([...sources.imageOrigins, ...analytics.img])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...analytics.connect, ...endpoint],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['form-action', "'self'", ...endpoint],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ]
}

/**
 * The policy a page carries in `<meta http-equiv="Content-Security-Policy">` on hosts that send no
 * headers (GitHub Pages, a plain file server). It is written into every page, so it is made before
 * any page is rendered: from the inline code the build declared (src/render/inline-code.ts), all
 * of it, rather than from what check/ later finds in the pages. Images from other origins are
 * allowed over https (which images a page shows from elsewhere is known only once it is rendered;
 * an image runs no code). A meta policy cannot carry `frame-ancestors`, `report-uri`/`report-to`
 * or `sandbox` (CSP3 § 3.3: browsers ignore them there), so they are left out.
 */
export function metaPolicy(site: SiteMeta, declared: InlineCode): ContentSecurityPolicy {
  const sources: ContentSources = {
    scriptHashes: declared.scripts,
    styleHashes: declared.styles,
    styleAttributeHashes: declared.styleAttributes,
    imageOrigins: ['https:'],
  }
  return contentSecurityPolicy({ site, sources }).filter(([directive]) => !metaIgnored.has(directive))
}

/**
 * The policy of a redirect page (hosts/redirect-pages.ts, on hosts that read no `_redirects` and send no
 * headers): it loads nothing and runs nothing, so it allows nothing; its `<meta http-equiv=refresh>`
 * is a navigation, which no directive governs.
 */
export const redirectPagePolicy: ContentSecurityPolicy = [
  ['default-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
]

const metaIgnored = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox'])

/** The policy as a header value: `default-src 'self'; script-src …`. */
export function policyText(policy: ContentSecurityPolicy): string {
  return policy.map((directive) => directive.join(' ')).join('; ')
}

function originOf(url: string): string {
  return new URL(url).origin
}
