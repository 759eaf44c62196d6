import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { HostName } from '../../src/config/presets/hosts.js'
import { headersForPath, parseHeadersFile } from '../../src/output/hosts/read-headers.js'

export interface HostServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  close(): Promise<void>
}

interface Answer {
  readonly status: number
  readonly file?: string
  readonly location?: string
}

/**
 * Serves a built folder on 127.0.0.1 as the named host documents it, so a test sees what
 * visitors of that host would:
 *
 * - `netlify` (docs: "Redirects and rewrites", "Custom headers", pretty URLs): `/x` serves
 *   x.html, `/x/` and `/x.html` redirect to `/x`; a folder's index at `/x/` (`/x` redirects
 *   there); `_redirects` applies when no file answers the path (shadowing); `_headers` applies.
 * - `cloudflare-pages` (docs: "Route matching", "Redirects", "Headers"): the same layout with 308s;
 *   `_redirects` applies before any file; `_headers` applies.
 * - `github-pages` (docs: "Creating a custom 404 page", "About Jekyll"): `/x` serves x.html,
 *   `/x/` a folder's index (`/x` redirects there); neither `_headers` nor `_redirects` is read;
 *   without `.nojekyll`, Jekyll drops every file or folder whose name starts with `_` or `.`.
 * - `static` (S3 website endpoints, nginx `try_files $uri $uri/`): exact files, and a folder's
 *   index at `/x/` (`/x` redirects there); `/x` never serves x.html; no host files are read.
 *
 * Anything else is 404 with 404.html.
 */
export async function serveAsHost(root: string, host: HostName, options: { readonly basePath?: string } = {}): Promise<HostServer> {
  // A project site of GitHub Pages (`https://user.github.io/repo`): the folder is served under
  // the base, `/repo` redirects to `/repo/`, and nothing outside the base is the site's.
  const base = options.basePath ?? ''
  const reads = host === 'netlify' || host === 'cloudflare-pages'
  const headerRules =
    reads && existsSync(path.join(root, '_headers')) ? parseHeadersFile(readFileSync(path.join(root, '_headers'), 'utf8')) : []
  const redirects = reads && existsSync(path.join(root, '_redirects')) ? readRedirects(path.join(root, '_redirects')) : []
  const jekyll = host === 'github-pages' && !existsSync(path.join(root, '.nojekyll'))

  const fileAt = (relative: string) => {
    const full = path.join(root, relative)
    if (!full.startsWith(root) || !existsSync(full) || !statSync(full).isFile()) return undefined
    if (jekyll && relative.split('/').some((s) => s.startsWith('_') || s.startsWith('.'))) return undefined
    return full
  }
  const redirectFor = (pathname: string) => redirects.find((r) => r.from === pathname || r.from === pathname.replace(/\/$/, ''))

  function resolve(pathname: string): Answer {
    if (host === 'cloudflare-pages') {
      const redirect = redirectFor(pathname)
      if (redirect) return { status: redirect.status, location: redirect.to }
    }
    const found = serveFile(pathname)
    if (found) return found
    if (host === 'netlify') {
      const redirect = redirectFor(pathname)
      if (redirect) return { status: redirect.status, location: redirect.to }
    }
    return { status: 404, file: fileAt('404.html') }
  }

  function serveFile(pathname: string): Answer | undefined {
    const moved = host === 'cloudflare-pages' ? 308 : 301
    const bare = pathname.replace(/\/+$/, '')
    if (pathname === '/') return fileAt('index.html') ? { status: 200, file: fileAt('index.html') } : undefined
    if (pathname.endsWith('/')) {
      if (fileAt(`${bare}/index.html`)) return { status: 200, file: fileAt(`${bare}/index.html`) }
      if (host !== 'static' && host !== 'github-pages' && fileAt(`${bare}.html`)) return { status: moved, location: bare }
      return undefined
    }
    if (pathname.endsWith('.html') && host !== 'static' && host !== 'github-pages' && fileAt(pathname)) {
      return {
        status: moved,
        location: pathname.endsWith('/index.html') ? pathname.slice(0, -'index.html'.length) : pathname.slice(0, -'.html'.length),
      }
    }
    if (fileAt(pathname)) return { status: 200, file: fileAt(pathname) }
    if (host !== 'static' && fileAt(`${pathname}.html`)) return { status: 200, file: fileAt(`${pathname}.html`) }
    if (fileAt(`${pathname}/index.html`)) return { status: host === 'static' ? 302 : moved, location: `${pathname}/` }
    return undefined
  }

  const server = createServer((request, response) => {
    const requested = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    if (base && requested === base) return void response.writeHead(301, { location: `${base}/` }).end()
    if (base && !requested.startsWith(`${base}/`))
      return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found (outside the site)')
    const pathname = requested.slice(base.length)
    const answer = resolve(pathname)
    const headers = headersForPath(headerRules, pathname)
    if (answer.location)
      return void response
        .writeHead(answer.status, {
          ...headers,
          location: answer.location.startsWith('/') && !answer.location.startsWith(`${base}/`) ? base + answer.location : answer.location,
        })
        .end()
    const type = types[path.extname(answer.file ?? '.html')] ?? 'application/octet-stream'
    response.writeHead(answer.status, { ...headers, 'content-type': type }).end(answer.file ? readFileSync(answer.file) : 'Not found')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** What the hosts send for the files a build writes; a browser runs a module script or a stylesheet only with its own type. */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
}

function readRedirects(file: string): { from: string; to: string; status: number }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [from, to, status] = l.trim().split(/\s+/)
      return { from: from!, to: to!, status: Number(status ?? 301) }
    })
}
