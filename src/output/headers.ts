import { embedProviders, isEmbedProvider } from '../markdown/embeds.js'
import type { ContentSources, OutputFile, SiteMeta } from '../types.js'

export interface HeadersFileOptions {
  readonly site: SiteMeta
  /** What the checked pages load inline or from elsewhere (check-output.ts), which the policy must allow. */
  readonly sources: ContentSources
}

/**
 * `_headers` in Netlify's format (also read by Cloudflare Pages): hashed assets cached for a year
 * (their names change whenever their bytes do), and security headers on every response,
 * including a Content-Security-Policy that allows exactly what the site uses.
 */
export function headersFile(options: HeadersFileOptions): OutputFile {
  const lines = [
    '# Written by citypress at every build; edit site.yaml instead.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(options)}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: DENY',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    '  Cross-Origin-Opener-Policy: same-origin',
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    ...imagePolicyRules,
  ]
  return { path: '_headers', contents: lines.join('\n') + '\n' }
}

/**
 * Images opened on their own (a link to an SVG, "open image in new tab") are documents of the
 * site's origin: they may draw and style themselves, and nothing else, whatever got past the SVG
 * sanitizer (config/sanitize-svg.ts). Netlify and Cloudflare apply every matching rule, so this
 * policy adds to the site-wide one.
 */
const imagePolicyRules = ['/assets/images/*', '/assets/icons/*'].flatMap((pattern) => [
  pattern,
  "  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'",
])

/**
 * The policy, from site.yaml and the rendered pages: the scheduler hosts (site.yaml
 * `schedulers`) may be framed, the analytics host (`analytics.src`) may run its script and
 * receive its beacons, forms post to this site (or the configured endpoint), and every inline
 * script or style is allowed by the SHA-256 of its exact text, never by 'unsafe-inline'.
 */
export function contentSecurityPolicy({ site, sources }: HeadersFileOptions): string {
  const analytics = site.analytics ? [originOf(site.analytics.src)] : []
  const schedulers = [...new Set(Object.values(site.schedulers ?? {}).map(originOf))].sort()
  // Embeds load their frame only after a click, from the provider's origin (src/markdown/embeds.ts).
  const frames = [...new Set([...schedulers, ...(site.embeds ?? []).filter(isEmbedProvider).map((p) => embedProviders[p].frameOrigin)])].sort()
  // The form script posts to the endpoint with fetch (connect-src), a browser without it natively (form-action).
  const endpoint = site.forms?.provider === 'endpoint' && /^https?:\/\//.test(site.forms.endpoint ?? '') ? [originOf(site.forms.endpoint!)] : []
  const styleAttributes = sources.styleAttributeHashes
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...analytics, ...sources.scriptHashes],
    // Hashes of style attributes need 'unsafe-hashes' (CSP3); it allows nothing else.
    ['style-src', "'self'", ...sources.styleHashes, ...(styleAttributes.length ? ["'unsafe-hashes'", ...styleAttributes] : [])],
    ['img-src', "'self'", 'data:', ...sources.imageOrigins],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...analytics, ...endpoint],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['form-action', "'self'", ...endpoint],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((d) => d.join(' ')).join('; ')
}

function originOf(url: string): string {
  return new URL(url).origin
}
