import path from 'node:path'
import { hash } from '../cache/digest.js'
import type { OutputFile } from '../types.js'

/** One built file as preview serves it. */
export interface ServedFile {
  readonly path: string
  readonly body: Buffer
  /** Short content hash: tells which files a rebuild changed. */
  readonly hash: string
  readonly type: string
}

/** Host configuration files: a host reads them, it never serves them. */
const hostOnly = new Set(['_headers', '_redirects'])

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
}

export function contentTypeOf(file: string): string {
  return types[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** The output of a build as a lookup table by output path (`contact/index.html`). */
export function indexFiles(files: readonly OutputFile[]): Map<string, ServedFile> {
  const served = new Map<string, ServedFile>()
  for (const file of files) {
    const body = typeof file.contents === 'string' ? Buffer.from(file.contents) : Buffer.from(file.contents)
    served.set(file.path, { path: file.path, body, hash: hash(body).slice(0, 12), type: contentTypeOf(file.path) })
  }
  return served
}

export type Resolved =
  | { readonly kind: 'file'; readonly file: ServedFile }
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'not-found'; readonly page?: ServedFile }
  | { readonly kind: 'bad-request' }

/**
 * Maps a request path to a built file the way static hosts do:
 * `/contact` → `contact.html`, or `contact/index.html` at `/contact/`; the other spelling
 * redirects to the one that exists, as Netlify, Cloudflare Pages and GitHub Pages answer. Unknown
 * paths get `404.html`. Files are looked up in memory by exact output path, so nothing outside
 * the output can be reached; the segment checks below make that explicit and keep `..`
 * meaningless even encoded (`%2e%2e%2f`) or double-encoded (`%252e…` stays a literal name).
 */
export function resolvePath(urlPath: string, files: ReadonlyMap<string, ServedFile>): Resolved {
  const segments = decodeSegments(urlPath)
  if (!segments) return { kind: 'bad-request' }
  const notFound: Resolved = { kind: 'not-found', page: files.get('404.html') }
  if (segments.some((s) => s === '.' || s === '..' || /[/\\\0]/.test(s))) return notFound
  const key = segments.filter(Boolean).join('/')
  const find = (candidate: string) => (hostOnly.has(candidate) ? undefined : files.get(candidate))
  if (key === '') return fileOr(find('index.html'), notFound)
  if (urlPath.endsWith('/')) {
    const index = find(`${key}/index.html`)
    if (index) return { kind: 'file', file: index }
    return find(`${key}.html`) ? { kind: 'redirect', location: `/${encodePath(key)}` } : notFound
  }
  const file = find(key) ?? find(`${key}.html`)
  if (file) return { kind: 'file', file }
  return find(`${key}/index.html`) ? { kind: 'redirect', location: `/${encodePath(key)}/` } : notFound
}

function fileOr(file: ServedFile | undefined, otherwise: Resolved): Resolved {
  return file ? { kind: 'file', file } : otherwise
}

function encodePath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/')
}

/** `/a/b%20c` → `['a', 'b c']`; undefined when a segment is not valid percent-encoded UTF-8. */
function decodeSegments(urlPath: string): string[] | undefined {
  if (!urlPath.startsWith('/')) return undefined
  try {
    return urlPath
      .slice(1)
      .split('/')
      .map((s) => decodeURIComponent(s))
  } catch {
    return undefined
  }
}
