import { href } from '../plan/urls.js'
import type { OutputFile } from '../types.js'
import { contentSecurityPolicy, policyText, type PolicyOptions } from './csp.js'

export type HeadersFileOptions = PolicyOptions

/**
 * `_headers` in Netlify's format (also read by Cloudflare Pages): hashed assets cached for a year
 * (their names change whenever their bytes do), and security headers on every response,
 * including a Content-Security-Policy that allows exactly what the site uses. The host matches each
 * rule against the address it serves, so a site under a sub-path has its base on every pattern, as
 * on both sides of each `_redirects` line.
 */
export function headersFile(options: HeadersFileOptions): OutputFile {
  const at = (pattern: string) => href(options.site.basePath, pattern)
  const lines = [
    '# Written by citypress at every build; edit site.yaml instead.',
    at('/*'),
    `  Content-Security-Policy: ${policyText(contentSecurityPolicy(options))}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: DENY',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    '  Cross-Origin-Opener-Policy: same-origin',
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
    at('/assets/*'),
    '  Cache-Control: public, max-age=31536000, immutable',
    ...imagePolicyRules.flatMap((pattern) => [at(pattern), "  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'"]),
  ]
  return { path: '_headers', contents: lines.join('\n') + '\n' }
}

/**
 * Images opened on their own (a link to an SVG, "open image in new tab") are documents of the
 * site's origin: they may draw and style themselves, and nothing else, whatever got past the SVG
 * sanitizer (config/sanitize-svg.ts). Netlify and Cloudflare apply every matching rule, so this
 * policy adds to the site-wide one.
 */
const imagePolicyRules = ['/assets/images/*', '/assets/icons/*']
