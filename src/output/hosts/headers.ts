import { hostRules } from '../../config/presets/hosts.js'
import { href } from '../../plan/urls.js'
import type { OutputFile } from '../../types.js'
import { contentSecurityPolicy, type PolicyOptions, policyText } from '../csp.js'

export type HeaderRulesOptions = PolicyOptions

/**
 * One block of `_headers`: the host adds `headers` to every response whose path (base path
 * included) matches `pattern` (read-headers.ts says how patterns match and rules combine).
 */
export interface HeaderRule {
  readonly pattern: string
  readonly headers: readonly (readonly [name: string, value: string])[]
}

/**
 * The headers the chosen host sends, as data: `_headers` is written from them, and preview
 * applies them as they are, so a page previews with exactly its production policy. Hashed assets
 * are cached for a year (their names change whenever their bytes do), and every response carries
 * security headers, including a Content-Security-Policy that allows exactly what the site uses.
 * The host matches each rule against the address it serves, so a site under a sub-path has its
 * base on every pattern, as on both sides of each `_redirects` line. Empty for a host that reads
 * no `_headers` (GitHub Pages, a static server): there the pages' meta policy is all there is.
 */
export function headerRules(options: HeaderRulesOptions): HeaderRule[] {
  if (!hostRules(options.site.host).readsHeaders) return []
  const at = (pattern: string) => href(options.site.basePath, pattern)
  return [
    {
      pattern: at('/*'),
      headers: [
        ['Content-Security-Policy', policyText(contentSecurityPolicy(options))],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['X-Frame-Options', 'DENY'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
        ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
      ],
    },
    { pattern: at('/assets/*'), headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
    ...imagePolicyRules.map((pattern) => ({
      pattern: at(pattern),
      headers: [['Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'"]] as const,
    })),
  ]
}

/** `_headers` in Netlify's format (also read by Cloudflare Pages); none when there are no rules. */
export function headersFile(rules: readonly HeaderRule[]): OutputFile[] {
  if (rules.length === 0) return []
  const lines = [
    '# Written by citypress at every build; edit site.yaml instead.',
    ...rules.flatMap((rule) => [rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)]),
  ]
  return [{ path: '_headers', contents: `${lines.join('\n')}\n` }]
}

/**
 * Images opened on their own (a link to an SVG, "open image in new tab") are documents of the
 * site's origin: they may draw and style themselves, and nothing else, whatever got past the SVG
 * sanitizer (config/checks/sanitize-svg.ts). Netlify and Cloudflare apply every matching rule, so this
 * policy adds to the site-wide one.
 */
const imagePolicyRules = ['/assets/images/*', '/assets/icons/*']
