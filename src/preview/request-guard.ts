import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { hostname, networkInterfaces } from 'node:os'
import type { ServedFile } from './static-files.js'

/**
 * What preview refuses, because a page on another site can reach a server on this machine:
 *
 * - a request whose Host header names another host (DNS rebinding: a page of evil.example whose
 *   name now points at 127.0.0.1 could read drafts and submissions). Only localhost names are
 *   answered, plus the `--host` given; listening on every interface (0.0.0.0) adds this machine's
 *   own addresses and name.
 * - a form post from another origin (a page elsewhere filling the submissions file).
 */
export function allowedHosts(listenHost: string): ReadonlySet<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '::1'])
  if (listenHost === '0.0.0.0' || listenHost === '::') {
    hosts.add(hostname().toLowerCase())
    for (const addresses of Object.values(networkInterfaces())) for (const a of addresses ?? []) hosts.add(a.address.toLowerCase())
  } else hosts.add(listenHost.toLowerCase())
  return hosts
}

/** The host name of a Host header or an origin's host, lower case, without port or IPv6 brackets. */
function nameOf(host: string): string {
  const bare = host.trim().toLowerCase()
  if (bare.startsWith('[')) return bare.slice(1, bare.indexOf(']'))
  return bare.replace(/:\d+$/, '')
}

export function hostAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const host = req.headers.host
  return host !== undefined && allowed.has(nameOf(host))
}

/** Whether a POST comes from a page of another origin than this preview. */
export function crossOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return req.headers['sec-fetch-site'] === 'cross-site'
  try {
    return new URL(origin).host.toLowerCase() !== (req.headers.host ?? '').toLowerCase()
  } catch {
    // "null": a sandboxed frame, a file: page.
    return true
  }
}

/**
 * The security headers production sends (the build's `_headers`, src/output/headers.ts), so the
 * preview breaks where the live site would (a blocked inline script, a framed page). Left out:
 * HSTS (preview is plain HTTP) and caching, which preview decides itself. `inlineScript` is the
 * reload client preview adds to the page, allowed by its hash.
 */
export function productionHeaders(files: ReadonlyMap<string, ServedFile>, inlineScript?: string): Record<string, string> {
  const text = files.get('_headers')?.body.toString('utf8')
  if (!text) return {}
  const headers: Record<string, string> = {}
  let inAll = false
  for (const line of text.split('\n')) {
    if (!line.startsWith(' ') && line.trim() !== '' && !line.startsWith('#')) inAll = line.trim() === '/*'
    const header = inAll ? /^\s+([A-Za-z-]+):\s*(.*)$/.exec(line) : null
    if (!header || /^(strict-transport-security|cache-control)$/i.test(header[1]!)) continue
    headers[header[1]!.toLowerCase()] = header[2]!
  }
  const policy = headers['content-security-policy']
  if (policy && inlineScript !== undefined) {
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`
    headers['content-security-policy'] = policy.replace(/(^|;\s*)script-src([^;]*)/, `$1script-src$2 ${hash}`)
  }
  return headers
}
