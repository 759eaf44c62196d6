import type { OutputFile } from '../types.js'
import { contentSecurityPolicy, policyText, type PolicyOptions } from './csp.js'

export type HeadersFileOptions = PolicyOptions

/**
 * `_headers` in Netlify's format (also read by Cloudflare Pages): hashed assets cached for a year
 * (their names change whenever their bytes do), and security headers on every response,
 * including a Content-Security-Policy that allows exactly what the site uses.
 */
export function headersFile(options: HeadersFileOptions): OutputFile {
  const lines = [
    '# Written by citypress at every build; edit site.yaml instead.',
    '/*',
    `  Content-Security-Policy: ${policyText(contentSecurityPolicy(options))}`,
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
