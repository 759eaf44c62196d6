// A static server for `npm run audit` that answers like Netlify does, so the audit measures what
// visitors get: `/contact` serves contact.html (200, no redirect), `/contact/` redirects to it,
// `_headers` and `_redirects` apply, and text is gzip-compressed. Loopback only.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
}

/** Starts the server on an ephemeral port; `setRoot(dir)` picks the folder it serves. */
export async function startServer() {
  let root = ''
  let rules = { headers: [], redirects: [] }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const answer = resolve(root, decodeURIComponent(url.pathname), rules)
    const headers = { ...headersFor(url.pathname, rules.headers), ...answer.headers }
    if (answer.status >= 300 && answer.status < 400) {
      response.writeHead(answer.status, { ...headers, location: answer.location }).end()
      return
    }
    let body = readFileSync(answer.file)
    const type = types[path.extname(answer.file)] ?? 'application/octet-stream'
    if (/^(text|application\/(json|xml))|svg/.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body)
      headers['content-encoding'] = 'gzip'
    }
    response.writeHead(answer.status, { ...headers, 'content-type': type, 'content-length': body.byteLength, vary: 'Accept-Encoding' })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    setRoot(dir) {
      root = dir
      rules = { headers: readHeaders(path.join(dir, '_headers')), redirects: readRedirects(path.join(dir, '_redirects')) }
    },
    close: () => new Promise((done) => server.close(done)),
  }
}

function resolve(root, pathname, rules) {
  const redirect = rules.redirects.find((r) => r.from === pathname || r.from === pathname.replace(/\/$/, ''))
  if (redirect) return { status: redirect.status, location: redirect.to }
  const file = (relative) => {
    const full = path.join(root, relative)
    return full.startsWith(root) && existsSync(full) && statSync(full).isFile() ? full : undefined
  }
  const bare = pathname.replace(/\/+$/, '')
  if (pathname === '/') return { status: 200, file: file('index.html') }
  const exact = !pathname.endsWith('/') && file(pathname)
  if (exact) return { status: 200, file: exact }
  if (!pathname.endsWith('/') && file(`${pathname}.html`)) return { status: 200, file: file(`${pathname}.html`) }
  if (pathname.endsWith('/') && file(`${pathname}index.html`)) return { status: 200, file: file(`${pathname}index.html`) }
  if (pathname.endsWith('/') && file(`${bare}.html`)) return { status: 301, location: bare }
  if (file(`${pathname}/index.html`)) return { status: 301, location: `${pathname}/` }
  return { status: 404, file: file('404.html') ?? path.join(root, 'index.html') }
}

/** Netlify `_headers`: a path pattern (`*` matches anything) followed by indented headers. */
function readHeaders(file) {
  if (!existsSync(file)) return []
  const rules = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line))
      rules.push({
        pattern: new RegExp(
          `^${line
            .trim()
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replaceAll('*', '.*')}$`,
        ),
        headers: {},
      })
    else {
      const at = line.indexOf(':')
      rules.at(-1).headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
    }
  }
  return rules
}

function headersFor(pathname, rules) {
  return Object.assign({}, ...rules.filter((r) => r.pattern.test(pathname)).map((r) => r.headers))
}

function readRedirects(file) {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [from, to, status] = l.trim().split(/\s+/)
      return { from, to, status: Number(status ?? 301) }
    })
}
