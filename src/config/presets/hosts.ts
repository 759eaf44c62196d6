import type { ErrorPlace } from '../../errors/catalogue.js'
import {
  FormsUnsupported,
  HeadersIgnored,
  RedirectsIgnored,
  RobotsUnderSubPath,
  TooManyRedirects,
  TrailingSlashIgnored,
  warn,
} from '../../errors/catalogue.js'
import type { SourcePosition } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import type { SiteInput } from '../site-input.generated.js'
import type { SiteMeta, TrailingSlash } from '../site-model.js'

export type HostName = NonNullable<SiteInput['host']>

/**
 * What a static host does with a built folder, from each host's documentation. citypress writes
 * for the host named in site.yaml `host` (default `netlify`), so no output relies on a rule the
 * host ignores without a word.
 */
export interface HostRules {
  readonly name: HostName
  /** For messages: "GitHub Pages". */
  readonly label: string
  /** Whether it reads `_headers` (Netlify, Cloudflare Pages). */
  readonly readsHeaders: boolean
  /** Whether it reads `_redirects`; otherwise each redirect is a page of its own. */
  readonly readsRedirects: boolean
  /**
   * Whether it answers `/contact` with `contact.html` (no redirect). Netlify, Cloudflare Pages and
   * GitHub Pages do; S3 website endpoints and nginx's default `try_files $uri $uri/` do not, but
   * all serve `contact/index.html` at `/contact/`.
   */
  readonly servesHtmlWithoutExtension: boolean
  /**
   * Where it finds the 404 page of a language's folder (`es/404.html`): by itself, as the nearest
   * one up the path (Cloudflare Pages); by a `_redirects` rule with status 404 (Netlify); or never,
   * serving the root 404.html for every missing address (GitHub Pages, plain file hosting).
   */
  readonly folderNotFound: 'nearest' | 'rule' | 'root'
  /** Whether Netlify Forms (forms.provider `netlify`) can receive posts there. */
  readonly hasNetlifyForms: boolean
  /** How many static and dynamic (pattern) rules of `_redirects` it reads, when it says. */
  readonly redirectLimits?: { readonly static: number; readonly dynamic: number }
  /** Extra files the host needs, e.g. GitHub Pages' `.nojekyll`. */
  readonly files: readonly { readonly path: string; readonly contents: string; readonly why: string }[]
}

const hosts: Record<HostName, HostRules> = {
  netlify: {
    name: 'netlify',
    label: 'Netlify',
    readsHeaders: true,
    readsRedirects: true,
    servesHtmlWithoutExtension: true,
    folderNotFound: 'rule',
    hasNetlifyForms: true,
    files: [],
  },
  'cloudflare-pages': {
    name: 'cloudflare-pages',
    label: 'Cloudflare Pages',
    readsHeaders: true,
    readsRedirects: true,
    servesHtmlWithoutExtension: true,
    folderNotFound: 'nearest',
    hasNetlifyForms: false,
    files: [],
    // Cloudflare Pages "Redirects" limits: 2,000 static and 100 dynamic rules per project.
    redirectLimits: { static: 2000, dynamic: 100 },
  },
  'github-pages': {
    name: 'github-pages',
    label: 'GitHub Pages',
    readsHeaders: false,
    readsRedirects: false,
    servesHtmlWithoutExtension: true,
    folderNotFound: 'root',
    hasNetlifyForms: false,
    // Without it GitHub Pages runs Jekyll, which drops every file and folder starting with "_".
    files: [{ path: '.nojekyll', contents: '', why: 'publish files as they are (no Jekyll)' }],
  },
  static: {
    name: 'static',
    label: 'a static file server',
    readsHeaders: false,
    readsRedirects: false,
    servesHtmlWithoutExtension: false,
    folderNotFound: 'root',
    hasNetlifyForms: false,
    files: [],
  },
}

export function hostRules(name: SiteInput['host']): HostRules {
  return hosts[name ?? 'netlify']
}

/**
 * The URL form pages get: site.yaml `trailingSlash`, unless the host cannot serve it without a
 * redirect (a plain file server answers `/contact` with 404 when only `contact.html` exists).
 */
export function hostUrlStyle(site: Pick<SiteInput, 'host' | 'trailingSlash'>): TrailingSlash {
  return hostRules(site.host).servesHtmlWithoutExtension ? (site.trailingSlash ?? 'never') : 'always'
}

/** A redirect `from` that a page of its own can stand in for: one plain path, no splat or placeholder. */
export function isPlainPath(from: string): boolean {
  return !/[*:!?#]/.test(from)
}

/**
 * Whether anyone receives the site's form posts: a form service or the site's endpoint anywhere,
 * Netlify Forms only on Netlify. A form nobody receives is published as the business's phone and
 * email instead (templates/components/Form.tsx), and has no success page.
 */
export function formsReceived(site: Pick<SiteInput, 'host' | 'forms'>): boolean {
  return (site.forms?.provider ?? 'netlify') !== 'netlify' || hostRules(site.host).hasNetlifyForms
}

/**
 * What the chosen host will not do that the site asks for, one warning each, at the `host` key
 * (or site.yaml's first line when the host is the default).
 */
export function hostWarnings(site: SiteInput, options: { at: SourcePosition; hasForms: boolean }): ConfigWarning[] {
  const at = { path: 'host', ...options.at }
  const host = hostRules(site.host)
  const warnings: ConfigWarning[] = []
  if (!host.readsHeaders) warnings.push(warn(HeadersIgnored, at, host.label, host.name === 'static'))
  if (!host.servesHtmlWithoutExtension && site.trailingSlash === 'never') warnings.push(warn(TrailingSlashIgnored, at, host.label))
  if (!host.hasNetlifyForms && (site.forms?.provider ?? 'netlify') === 'netlify' && options.hasForms)
    warnings.push(warn(FormsUnsupported, at, host.label))
  const unmade = (site.redirects ?? []).filter((r) => !host.readsRedirects && !isPlainPath(r.from)).map((r) => r.from)
  if (unmade.length) warnings.push(warn(RedirectsIgnored, at, host.label, unmade))
  return warnings
}

/**
 * The one thing about redirects known only after planning: whether `_redirects` holds more rules
 * than the host reads (landing-page renames can add thousands at once).
 */
export function redirectLimitWarnings(site: Pick<SiteInput, 'host' | 'redirects'>, landingRedirects: number): ConfigWarning[] {
  const limits = hostRules(site.host).redirectLimits
  if (!limits) return []
  const dynamic = (site.redirects ?? []).filter((r) => !isPlainPath(r.from)).length
  const plain = (site.redirects ?? []).length - dynamic + landingRedirects
  if (plain <= limits.static && dynamic <= limits.dynamic) return []
  return [warn(TooManyRedirects, { file: 'site.yaml', path: 'host' }, hostRules(site.host).label, limits, plain, dynamic)]
}

/**
 * What a site served under a sub-path (`url: https://user.github.io/repo`) loses on any host:
 * crawlers read robots.txt only at a host's root (RFC 9309 § 2.3), so its robots.txt is never read.
 */
export function subPathWarnings(site: Pick<SiteMeta, 'url' | 'basePath'>, at: ErrorPlace): ConfigWarning[] {
  if (site.basePath === '') return []
  return [warn(RobotsUnderSubPath, at, site.url.slice(0, site.url.length - site.basePath.length), site.basePath)]
}
