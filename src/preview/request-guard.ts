import type { IncomingMessage } from 'node:http'
import { hostname, networkInterfaces } from 'node:os'

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

/**
 * Where a request comes from: a page of this preview (`same`), of another origin (`cross`: also
 * "null", a sandboxed frame or a file: page), or it does not say (`unsaid`: no Origin header, as
 * from curl or an old browser's form post). Preview refuses a cross-origin form post; the editor's
 * API answers only `same`.
 */
export function requestOrigin(req: IncomingMessage): 'same' | 'cross' | 'unsaid' {
  const origin = req.headers.origin
  if (origin === undefined) return req.headers['sec-fetch-site'] === 'cross-site' ? 'cross' : 'unsaid'
  try {
    return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase() ? 'same' : 'cross'
  } catch {
    return 'cross'
  }
}
