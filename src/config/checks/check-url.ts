/**
 * The one checker of paths and web addresses that enter citypress: site.yaml `url` and
 * `--base-url`, `redirects`, the other https:// addresses of site.yaml, published-urls.json keys
 * and the addresses a live sitemap lists. Every value that can reach `_redirects`, `_headers`,
 * robots.txt, the sitemap, the feed, a redirect page or an output path passes here where it is
 * read, so no later stage has to wonder what it may hold: the values it returns hold no
 * whitespace, no control character, no `.`, `..` or empty segment, and are percent-encoded
 * exactly once. A space alone splits a Netlify rule (`/a b /c` is read as three fields), and a
 * newline writes a rule of its own. The host of every web address is a host name (checkHost), as
 * its origin may become a Content-Security-Policy source.
 *
 * The checkers are pure: each returns the checked value or why it was refused, as plain data, and
 * the catalogue words the reason (src/errors/catalogue.ts `BadAddress`). `checkSiteYamlAddresses`
 * and `checkBaseUrl` place those reasons at site.yaml's values and at `--base-url`; the other
 * entry points (config/published/published-urls.ts, config/published/published-sitemap.ts, config/load-site.ts) place their own.
 */
import { type AddressRole, BadAddress, EndpointNotOfService, fail, type UrlProblem } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { formServices, isFormService } from '../presets/form-services.js'
import { escapePointer, locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { SiteInput } from '../site-input.generated.js'

/** Why a value was refused: data the catalogue words (defined there, as errors/ imports no stage). */
export type { UrlProblem }

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: UrlProblem }

/**
 * Characters a host cannot hold that a Content-Security-Policy or a host file reads as syntax:
 * `*` is a wildcard there (`https://*` allows every host), `;` ends a directive, `,` separates
 * policies, and quotes make a keyword (`'unsafe-inline'`). Looked for in the address as written,
 * since the URL parser keeps some in a host (`https://*`) and percent-encodes others elsewhere.
 */
const policySyntax = /[*;,'"]/
/**
 * A host as CSP3's host-source can hold it (host-char = ALPHA / DIGIT / "-", labels separated by
 * dots): no wildcard, no brackets of an IPv6 literal, no `_`, no empty label. The URL parser
 * has already lowered the case, decoded escapes and written an international name as punycode.
 */
const hostName = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/

/**
 * The one host check: every address whose origin can reach the Content-Security-Policy (analytics,
 * form endpoints, schedulers, remote images) or a host file (`url`, `--base-url`, redirects)
 * passes here, through checkWebAddress or checkSiteAddress. Returns `value` parsed by the URL
 * standard, with a host of letters, digits, hyphens and dots and an optional port.
 */
export function checkHost(value: string): Checked<URL> {
  const bad = badCharacter(value)
  if (bad) return refuse(bad)
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(value)?.[1] ?? ''
  const syntax = policySyntax.exec(authority)
  if (syntax) return refuse({ kind: 'host-char', char: syntax[0] })
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return refuse({ kind: 'bad-host' })
  }
  if (hostName.test(url.hostname)) return { ok: true, value: url }
  // An escape (`%2A`) decodes to what the address could not hold as written.
  const char = /[^a-z0-9.-]/.exec(url.hostname)?.[0]
  return refuse(char === undefined ? { kind: 'bad-host' } : { kind: 'host-char', char })
}

/**
 * A site's public address, split: `https://user.github.io/repo` is origin `https://user.github.io`
 * and basePath `/repo`. basePath is '' at the root of a host, else `/` and checked segments with
 * no trailing slash.
 */
export interface SiteAddress {
  readonly origin: string
  readonly basePath: string
}

export interface PathOptions {
  /** Netlify patterns (`*` splats, `:name` placeholders) are allowed, as in a redirect's `from`. @default false */
  readonly patterns?: boolean
  /** A query and a fragment may follow the path (`/contact?x=1#form`), as in a redirect's `to`. @default false */
  readonly suffix?: boolean
}

const whitespace = /\s/u
/** Control and invisible format characters, and halves of a character (a lone surrogate cannot be encoded). */
const control = /[\p{Cc}\p{Cf}\p{Cs}]/u
/** RFC 3986 pchar without pct-encoded: kept as written; any other character is percent-encoded. */
const pathChar = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/
const suffixChar = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]/
const percentEscape = /%[0-9A-Fa-f]{2}/

/**
 * A path on the site (`/old-page`, `/blog/*`, `/caf%C3%A9`): starts with `/`, segments neither
 * empty (but the last: `/old/` is a folder's address), `.` nor `..`, even once decoded
 * (`%2E%2E`), none holding an escaped `/` or `\\`, with valid escapes (`%E0%A4%A` is refused, never thrown), none that decode to
 * another escape (`%2520` was encoded twice), no whitespace or control character, raw or encoded.
 * Returns it encoded once: raw characters outside RFC 3986's pchar are percent-encoded, escapes
 * already there are kept as written (`%3A` stays an escaped colon, never a placeholder).
 */
export function checkUrlPath(value: string, options: PathOptions = {}): Checked<string> {
  const bad = badCharacter(value)
  if (bad) return refuse(bad)
  const cut = options.suffix ? value.search(/[?#]/) : -1
  const path = cut === -1 ? value : value.slice(0, cut)
  if (!options.suffix && /[?#]/.test(path)) return refuse({ kind: 'query-or-fragment' })
  if (!path.startsWith('/')) return refuse({ kind: 'not-a-path' })
  const segments = path.slice(1).split('/')
  const encoded: string[] = []
  for (const [i, segment] of segments.entries()) {
    if (segment === '' && i < segments.length - 1) return refuse({ kind: 'empty-segment' })
    const decoded = decodeOnce(segment)
    if (!decoded.ok) return decoded
    const text = decoded.value
    if (text === '.' || text === '..') return refuse({ kind: 'dot-segment', segment })
    // Hosts differ on whether %2F separates segments, and a file path made from it would (`..%2F..`).
    if (/[/\\]/.test(text)) return refuse({ kind: 'encoded-separator', segment })
    // Netlify reads a raw `*` or `:` as a pattern; an escaped one is a character of the path.
    if (!options.patterns && /[*:]/.test(segment)) return refuse({ kind: 'pattern', char: /[*:]/.exec(segment)![0] })
    encoded.push(encodeOnce(segment, pathChar))
  }
  if (cut === -1) return { ok: true, value: `/${encoded.join('/')}` }
  const suffix = decodeOnce(value.slice(cut))
  if (!suffix.ok) return suffix
  return { ok: true, value: `/${encoded.join('/')}${encodeOnce(value.slice(cut), suffixChar)}` }
}

/**
 * An address on the web: `https://` (or `http://` unless `httpsOnly`), a host name (checkHost),
 * valid escapes, no raw whitespace or control character. Returns it encoded once (as
 * written when it is ASCII; else in the URL standard's serialization, which punycodes the host).
 */
export function checkWebAddress(value: string, options: { readonly httpsOnly?: boolean } = {}): Checked<string> {
  const bad = badCharacter(value)
  if (bad) return refuse(bad)
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase()
  if (scheme !== 'https' && (options.httpsOnly || scheme !== 'http'))
    return refuse({ kind: 'not-web', httpsOnly: options.httpsOnly ?? false })
  const host = checkHost(value)
  if (!host.ok) return host
  const url = host.value
  // Its escapes stay as written: another site's `%20` is its own business, and harmless in a rule.
  try {
    decodeURI(value)
  } catch {
    return refuse({ kind: 'bad-escape', text: value })
  }
  return { ok: true, value: /^[\x21-\x7e]*$/.test(value) ? value : url.href }
}

/**
 * The site's public address (site.yaml `url`, `--base-url`): an https origin (http only on this
 * computer) and an optional base path of checked segments. A trailing slash is dropped; userinfo, a query or a fragment are
 * refused (an origin has none).
 */
export function checkSiteAddress(value: string): Checked<SiteAddress> {
  const bad = badCharacter(value)
  if (bad) return refuse(bad)
  const parts = /^(https?):\/\/([^/?#]*)([^?#]*)(.*)$/i.exec(value)
  if (!parts) return refuse({ kind: 'not-web', httpsOnly: false })
  const [, scheme, authority, rawPath, rest] = parts as unknown as [string, string, string, string, string]
  if (rest !== '') return refuse({ kind: 'query-or-fragment' })
  if (authority.includes('@')) return refuse({ kind: 'userinfo' })
  const host = checkHost(`${scheme.toLowerCase()}://${authority}`)
  if (!host.ok) return host
  if (scheme.toLowerCase() === 'http' && !isLoopback(host.value)) return refuse({ kind: 'plain-http' })
  const origin = host.value.origin
  const trimmed = rawPath.replace(/\/+$/, '')
  if (trimmed === '') return { ok: true, value: { origin, basePath: '' } }
  const path = checkUrlPath(trimmed)
  return path.ok ? { ok: true, value: { origin, basePath: path.value } } : path
}

/**
 * A checked path (checkUrlPath's value) as the file a host serves at it: each segment decoded,
 * `/caf%C3%A9` → `/café`. Only for checked paths: their segments decode, and to no separator.
 */
export function decodeUrlPath(path: string): string {
  return path
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/')
}

/** Whether a source (site.yaml `published`, `--published`) is on the web rather than a file. */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\//i.test(value)
}

/**
 * Whether an origin may be read over plain http: only the loopback interface, which the Secure
 * Contexts spec counts as potentially trustworthy (https://w3c.github.io/webappsec-secure-contexts/).
 */
export function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)
}

/**
 * Every address of site.yaml, each problem at its value: `url` (an origin and an optional base
 * path, `https://user.github.io/repo`), `redirects` (`from` may be a pattern; `to` a path with a query
 * or fragment, or an http(s) address), `schedulers`, `analytics.src` and `analytics.url`, and
 * `forms.endpoint` (their origins go into `_headers`), which with a form service preset must be
 * one of that service's form addresses.
 */
export function checkSiteYamlAddresses(source: YamlSource, site: SiteInput): ConfigError[] {
  const errors: ConfigError[] = []
  const report = (checked: Checked<unknown>, role: AddressRole, pointer: string, value: string) => {
    if (!checked.ok) errors.push(fail(BadAddress, { path: configPath(pointer), ...locate(source, pointer) }, role, value, checked.problem))
  }
  report(checkSiteAddress(site.url), 'url', '/url', site.url)
  site.redirects?.forEach((redirect, i) => {
    report(checkUrlPath(redirect.from, { patterns: true }), 'redirect-from', `/redirects/${i}/from`, redirect.from)
    report(checkRedirectTarget(redirect.to), 'redirect-to', `/redirects/${i}/to`, redirect.to)
  })
  for (const [name, url] of Object.entries(site.schedulers ?? {}))
    report(checkWebAddress(url, { httpsOnly: true }), 'scheduler', `/schedulers/${escapePointer(name)}`, url)
  for (const key of ['src', 'url'] as const) {
    const value = site.analytics?.[key]
    if (value !== undefined) report(checkWebAddress(value, { httpsOnly: true }), 'analytics', `/analytics/${key}`, value)
  }
  const endpoint = site.forms?.endpoint
  if (endpoint !== undefined) {
    const checked = endpoint.startsWith('/') ? checkUrlPath(endpoint, { suffix: true }) : checkWebAddress(endpoint, { httpsOnly: true })
    report(checked, 'endpoint', '/forms/endpoint', endpoint)
    const provider = site.forms?.provider
    if (checked.ok && isFormService(provider) && !endpoint.startsWith(formServices[provider].endpointPrefix)) {
      const { label, endpointPrefix, example } = formServices[provider]
      errors.push(
        fail(
          EndpointNotOfService,
          { path: 'forms.endpoint', ...locate(source, '/forms/endpoint') },
          label,
          endpoint,
          endpointPrefix,
          example,
        ),
      )
    }
  }
  return errors
}

/** `--base-url` (build()'s `baseUrl`), which overrides site.yaml `url`: checked as `url` is. */
export function checkBaseUrl(value: string): ConfigError[] {
  const at = { file: '--base-url', path: '' }
  const address = checkSiteAddress(value)
  return address.ok ? [] : [fail(BadAddress, at, 'base-url', value, address.problem)]
}

/** A redirect's `to`: a path on the site (patterns, query and fragment allowed) or an http(s) address. */
export function checkRedirectTarget(value: string): Checked<string> {
  return value.startsWith('/') ? checkUrlPath(value, { patterns: true, suffix: true }) : checkWebAddress(value)
}

/** `/redirects/0/from` → `redirects[0].from`, as messages write config paths. */
function configPath(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '')
}

function badCharacter(value: string): UrlProblem | undefined {
  for (const char of value) {
    if (whitespace.test(char)) return { kind: 'whitespace', char }
    if (control.test(char)) return { kind: 'control', char }
  }
  return undefined
}

/** `text` decoded once, refused when an escape is malformed or decodes to whitespace, a control character or another escape. */
function decodeOnce(text: string): Checked<string> {
  let decoded: string
  try {
    decoded = decodeURIComponent(text)
  } catch {
    return refuse({ kind: 'bad-escape', text })
  }
  const bad = badCharacter(decoded)
  if (bad) return refuse(bad)
  if (percentEscape.test(decoded)) return refuse({ kind: 'double-encoded', text: /%25[0-9A-Fa-f]{2}/i.exec(text)?.[0] ?? text })
  return { ok: true, value: decoded }
}

/** Percent-encodes every character of `text` outside `allowed` that is not part of an escape already. */
function encodeOnce(text: string, allowed: RegExp): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && percentEscape.test(text.slice(i, i + 3))) {
      out += text.slice(i, i + 3)
      i += 2
      continue
    }
    const char = String.fromCodePoint(text.codePointAt(i)!)
    if (char.length === 2) i++
    out += allowed.test(char) ? char : encodeURIComponent(char)
  }
  return out
}

function refuse(problem: UrlProblem): { ok: false; problem: UrlProblem } {
  return { ok: false, problem }
}
