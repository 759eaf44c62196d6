import path from 'node:path'
import { parse } from 'yaml'
import { validateSource } from '../config/checks/validate.js'
import { kindOf, listSiteFiles } from '../config/load-site.js'
import { parsePointer } from '../config/read/locate.js'
import { parseMarkdownFile } from '../config/read/markdown-file.js'
import { parseYaml } from '../config/read/read-yaml.js'
import type { LandingRedirect } from '../plan/plan-redirects.js'
import { cannotEdit, frontMatter } from './entry-text.js'
import { editYaml, renameKey } from './yaml-edit.js'

/**
 * A page's address changed by one save: a service renamed (its file, so its slug, which other
 * files name), or a page given another `path`. The change is made whole or not at all: every link
 * to the old address and every name of the old service is rewritten, and site.yaml `redirects`
 * gains the 301 from the old address, so nothing that pointed at the page breaks and no visitor
 * or search engine meets a dead end.
 */
export interface AddressChange {
  /** `/services/lawn-care` */
  readonly from: string
  readonly to: string
  readonly service?: { readonly from: string; readonly to: string }
}

/** The slug of the service a content file holds (`services/lawn-care.yaml`: `lawn-care`); undefined for any other file. */
export function serviceSlugOf(name: string): string | undefined {
  return /^services\/([^/]+)\.ya?ml$/.exec(name)?.[1]
}

/** The address a content file's page has, from its name and data; undefined for files that are not a page of their own. */
export function addressOf(name: string, data: unknown): string | undefined {
  const service = serviceSlugOf(name)
  if (service !== undefined) return `/services/${service}`
  if (!name.startsWith('pages/')) return undefined
  const given = (data as { path?: unknown } | null)?.path
  if (typeof given === 'string') return given
  // A Markdown page without `path` is served at its file's path under pages/ (config/load-site.ts).
  return name.endsWith('.md') ? `/${name.slice('pages/'.length, -'.md'.length)}` : undefined
}

/**
 * The site's other files as the change leaves them (name → new text, null when moved away; only
 * those that change), each read with `read`: links and service names rewritten, the
 * service's translations moved, and site.yaml's `redirects` with `redirects` (none: the plan makes
 * the 301s, as for landing pages).
 */
export async function rewrittenFiles(
  siteRoot: string,
  changes: readonly AddressChange[],
  read: (name: string) => Promise<string | undefined>,
  skip: ReadonlySet<string>,
  redirects: readonly Redirect[],
): Promise<Map<string, string | null>> {
  const files = new Map<string, string | null>()
  for (const name of await listSiteFiles(siteRoot)) {
    if (skip.has(name) || name.endsWith('/')) continue
    const text = await read(name)
    if (text === undefined) continue
    const service = changes.find((c) => c.service)?.service
    const moved = service && translationMove(name, service)
    if (moved) {
      files.set(name, null)
      files.set(moved, text)
      continue
    }
    const kind = kindOf(name)
    if (!kind) continue
    let edited = relinkFile(name, kind, text, changes)
    if (edited !== undefined && name === 'landing.yaml' && service) edited = renamedTexts(edited, service)
    if (edited !== undefined && name === 'site.yaml' && redirects.length > 0) edited = withRedirects(edited, redirects)
    if (edited === undefined) cannotEdit(name)
    if (edited !== text) files.set(name, edited)
  }
  return files
}

/** `locales/es/services/lawn-care.yaml` → `locales/es/services/lawn-mowing.yaml`. */
function translationMove(name: string, service: { from: string; to: string }): string | undefined {
  const match = /^(locales\/[^/]+\/services\/)([^/]+)(\.ya?ml)$/.exec(name)
  return match && match[2] === service.from ? `${match[1]}${service.to}${match[3]}` : undefined
}

/** The file with its links to the old addresses and its names of an old service rewritten; undefined when that is no small edit. */
function relinkFile(
  name: string,
  kind: NonNullable<ReturnType<typeof kindOf>>,
  text: string,
  changes: readonly AddressChange[],
): string | undefined {
  const markdown = name.endsWith('.md')
  const parsed = markdown ? parseMarkdownFile(text, name) : undefined
  const source = parsed ? parsed.frontMatter : parseYaml(text, name).source
  if (source.data === undefined || (parsed && parsed.errors.length > 0)) return text
  const data = structuredClone(source.data)
  let changed = false
  for (const ref of validateSource(source, kind, source.data).refs) {
    const next = changes.reduce((value, change) => relinkedValue(ref.kind, value, change), ref.value)
    if (next === ref.value) continue
    setAt(data, parsePointer(ref.pointer), next)
    changed = true
  }
  if (!markdown) return changed ? editYaml(text, data) : text
  const [head, body] = frontMatter(text)
  if (head === undefined) return text
  const newHead = changed ? editYaml(head, data) : head
  if (newHead === undefined) return undefined
  const newBody = changes.reduce((markdown, change) => relinkedMarkdown(markdown, change), body)
  const start = text.indexOf(head)
  return text.slice(0, start) + newHead + text.slice(start + head.length, text.length - body.length) + newBody
}

/** A referenced value after the change: a service's new name, a link's new address. */
function relinkedValue(kind: string, value: string, change: AddressChange): string {
  if (kind === 'service') return change.service && value === change.service.from ? change.service.to : value
  if (kind === 'href') return relinkedHref(value, change)
  if (kind === 'markdown') return relinkedMarkdown(value, change)
  return value
}

function setAt(data: unknown, segments: readonly string[], value: string): void {
  let at = data as Record<string, unknown>
  for (const segment of segments.slice(0, -1)) at = at[segment] as Record<string, unknown>
  at[segments.at(-1)!] = value
}

/** `/services/lawn-care#prices` → `/services/lawn-mowing#prices`; any other link as it is. */
function relinkedHref(href: string, change: AddressChange): string {
  const rest = href.slice(change.from.length)
  return href.startsWith(change.from) && /^\/?(?:[#?]|$)/.test(rest) ? change.to + rest : href
}

/** Markdown with each inline link and link definition to the old address rewritten. */
function relinkedMarkdown(markdown: string, change: AddressChange): string {
  const from = change.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const target = new RegExp(`(\\]\\(\\s*<?|^ {0,3}\\[[^\\]\\n]+\\]:[ \\t]*<?)${from}(?=/?(?:[)#?\\s>"']|$))`, 'gm')
  return markdown.replace(target, (_, before: string) => `${before}${change.to}`)
}

/** landing.yaml `services`, the texts per service, keyed by the new slug. */
function renamedTexts(text: string, service: { from: string; to: string }): string | undefined {
  const data = parse(text) as { services?: Record<string, unknown> } | null
  if (!data?.services || !(service.from in data.services)) return text
  return renameKey(text, 'services', service.from, service.to)
}

export type Redirect = { from: string; to: string; status?: number }

/**
 * site.yaml with a 301 for each moved address (the page's, and its translations' under their
 * language's segment); an earlier redirect to an old address goes to the new one, and one from a
 * new address, which the page now answers, is dropped.
 */
export function withRedirects(text: string, moves: readonly Redirect[]): string | undefined {
  const data = (parse(text) ?? {}) as { redirects?: Redirect[] }
  const target = new Map(moves.map((m) => [m.from, m.to]))
  const taken = new Set(moves.flatMap((m) => [m.from, m.to]))
  const redirects = (data.redirects ?? []).filter((r) => !taken.has(r.from)).map((r) => ({ ...r, to: target.get(r.to) ?? r.to }))
  return editYaml(text, { ...data, redirects: [...redirects, ...moves] })
}

/** The page's own moves: at its address, and at each translation's. */
export function moves(change: AddressChange, languagePaths: readonly string[]): Redirect[] {
  return [
    { from: change.from, to: change.to },
    ...languagePaths.map((segment) => ({ from: `/${segment}${change.from}`, to: `/${segment}${change.to}` })),
  ]
}

/** The 301s a change makes: the page's own and its landing pages', those the site without the change does not make. */
export function newRedirects(
  change: AddressChange,
  languagePaths: readonly string[],
  before: readonly LandingRedirect[],
  after: readonly LandingRedirect[],
): { from: string; to: string }[] {
  return [...moves(change, languagePaths), ...addedRedirects(before, after)]
}

/** The redirects of `after` that `before` does not make, each as `from` and `to`. */
export function addedRedirects(before: readonly LandingRedirect[], after: readonly LandingRedirect[]): Redirect[] {
  const known = new Set(before.map((r) => `${r.from} ${r.to}`))
  return after.filter((r) => !known.has(`${r.from} ${r.to}`)).map(({ from, to }) => ({ from, to }))
}

export const serviceFile = (slug: string, like: string) => `services/${slug}${path.posix.extname(like)}`
