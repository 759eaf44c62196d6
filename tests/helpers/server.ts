import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/** A form post the server received. */
export interface FormPost {
  readonly path: string
  readonly contentType: string
  readonly fields: Readonly<Record<string, string | string[]>>
}

export interface SiteServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string
  /** Every form post, in order. */
  readonly posts: readonly FormPost[]
  /** The status the next form posts get: 200 (success) or anything else (the error state). @default 200 */
  formStatus: number
  /**
   * Keeps form posts waiting until the returned function is called, so a test can look at the
   * submitting state for as long as it likes (no timing involved).
   */
  holdForms(): () => void
  close(): Promise<void>
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
}

export interface ServeOptions {
  /**
   * Let the browser keep the content-hashed files under /assets/ for a year, as the site's
   * `_headers` tells a real host to, so a test that loads many pages of one site fetches its
   * stylesheet, script, fonts and images once. Everything else is never cached.
   * @default false
   */
  readonly cacheAssets?: boolean
}

/**
 * Serves a built site from 127.0.0.1 on an ephemeral port the way a static host does: `/contact`
 * → contact.html (or contact/index.html), 404.html for anything else. Form posts (any path) are
 * recorded and answered with `formStatus`; a successful post to a page's address answers with
 * that page, as Netlify answers a native post with the page its `action` names.
 */
export async function serveSite(root: string, options: ServeOptions = {}): Promise<SiteServer> {
  const posts: FormPost[] = []
  let held: Promise<void> | undefined
  const server: SiteServer = {
    url: '',
    posts,
    formStatus: 200,
    holdForms() {
      let release!: () => void
      held = new Promise((resolve) => {
        release = resolve
      })
      return () => {
        held = undefined
        release()
      }
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  }

  const http = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = resolveFile(root, pathname)
    if (req.method === 'POST') {
      posts.push({ path: pathname, contentType: req.headers['content-type'] ?? '', fields: parseFields(await readBody(req)) })
      await held
      const status = server.formStatus
      if (status === 200 && file?.endsWith('.html') && !file.endsWith('__forms.html')) {
        res.writeHead(200, { 'content-type': types['.html']! }).end(await readFile(file))
      } else {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'OK' : 'Form handler failed')
      }
      return
    }
    if (!file) {
      res.writeHead(404, { 'content-type': types['.html']! }).end(await readFile(path.join(root, '404.html')).catch(() => 'Not found'))
      return
    }
    const cache = options.cacheAssets && pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store'
    res
      .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': cache })
      .end(await readFile(file))
  }

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  Object.assign(server, { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` })
  return server
}

function resolveFile(root: string, pathname: string): string | undefined {
  const base = path.resolve(root, `.${pathname}`)
  if (base !== root && !base.startsWith(root + path.sep)) return undefined
  for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Urlencoded fields; a name sent more than once (checkboxes) becomes a list. */
function parseFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name]
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]
  }
  return fields
}
