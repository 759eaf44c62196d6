import { createHash } from 'node:crypto'
import type { HeaderRule } from '../output/hosts/headers.js'
import { headersForPath } from '../output/hosts/read-headers.js'

/**
 * The headers the host sends at `urlPath` (the address as asked, base path included), from the
 * rules the build made `_headers` of (output/hosts/headers.ts), matched as the host matches them:
 * a sub-path site gets its policy, an SVG image opened on its own its image policy, so preview
 * breaks where the live site would (a blocked inline script, a framed page). On a host that reads
 * no `_headers` (GitHub Pages, a static server) there are no rules, and a page has only its meta
 * policy, as there. Two headers are preview's own: caching (a rebuild may change any file, so
 * preview decides it, static-files handler) and HSTS, which would pin localhost to HTTPS in the
 * browser for two years. `inlineScript` is the reload client preview adds to a page, allowed by
 * its hash.
 */
export function hostHeaders(rules: readonly HeaderRule[], urlPath: string, inlineScript?: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(headersForPath(rules, urlPath))) {
    const key = name.toLowerCase()
    if (key !== 'strict-transport-security' && key !== 'cache-control') headers[key] = value
  }
  const policy = headers['content-security-policy']
  if (policy && inlineScript !== undefined) {
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`
    headers['content-security-policy'] = policy.replace(/(^|;\s*)script-src([^;]*)/, `$1script-src$2 ${hash}`)
  }
  return headers
}
