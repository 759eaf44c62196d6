import { randomUUID, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import {
  EditorBadRequest,
  EditorInternal,
  EditorInternalLog,
  EditorLibraryMissing,
  EditorNotFound,
  EditorTooLarge,
  editorRefusals,
  fail,
  PreviewMoved,
} from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { formatConfigError } from '../errors/format.js'
import { sourceStack } from '../errors/source-stack.js'
import { requestOrigin } from '../preview/request-guard.js'
import { respond } from '../preview/respond.js'
import { packageRoot } from '../tool/package.js'
import { type EditorConfig, editorConfig } from './decap-config.js'
import { libraryFiles } from './library-files.js'
import { answerProxy, createProxySession, type ProxySession, warmChecks } from './proxy.js'
import type { LiveNames } from './schema-fields.js'
import { isImageFile, readSiteFile, sitePath } from './site-files.js'

/**
 * `/admin/` of `citypress preview`: the Decap CMS page, its files (lib/decap/, fetched at
 * `prepare`), the configuration made from schemas/ and the site on each request, and the proxy
 * API. Its own CSP: Decap needs `'unsafe-eval'` (which also lets it compile its WebAssembly) and
 * inline styles; the site's pages keep their strict policy.
 */
export const adminPrefix = '/admin/'

export const adminPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Most bytes of a request: a save is a few kilobytes; an image may have 20 MB, which arrive
 * base64-encoded (4 bytes for 3) beside its entry.
 */
const imageLimit = 20 * 1024 * 1024
export const bodyLimits = { entry: 2 * 1024 * 1024, image: imageLimit, media: Math.ceil((imageLimit * 4) / 3) + 2 * 1024 * 1024 } as const

export interface EditorOptions {
  readonly siteRoot: string
  /** Required in the API's path when given: `/admin/api/<token>/`. */
  readonly token?: string
  /** Names from the last good build, for the selects; undefined before one. */
  readonly names: () => LiveNames
  readonly siteUrl: () => string
  /** Where a bug met while answering is told, once, with its stack (preview's terminal). */
  readonly logBug?: (text: string) => void
  /** Where what the marketer should know is told (preview's terminal). */
  readonly logNote?: (text: string) => void
}

export interface EditorRoutes {
  /** Answers a request under /admin/; false when the path is not the editor's. */
  handle(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean>
  readonly session: ProxySession
}

/** Editor tabs whose sessions are kept at once. */
const maxPages = 64

export function editorRoutes(options: EditorOptions): EditorRoutes {
  let last: EditorConfig | undefined
  const apiBase = `${adminPrefix}api/${options.token ? `${options.token}/` : ''}`
  // The maps and languages of the config the editor was last given, which its paths name.
  const layout = () => (last ??= configNow(apiBase))
  const writes = { last: Promise.resolve() as Promise<unknown> }
  const sessionOf = () => createProxySession(options.siteRoot, layout, `${apiBase}media/`, options.logNote, writes)
  const session = sessionOf()
  const library = libraryFiles(path.join(packageRoot, 'lib', 'decap'))
  // Ready before the editor is first opened: compressing the bundle takes a few tenths of a second.
  library.warm('decap-cms.js')
  // Each load of the editor (a tab) gets a session of its own, named in the API address its
  // config gives it: what a tab was given is what its saves are checked against.
  const pages = new Map<string, ProxySession>()
  const pageSession = (id: string) => {
    let found = pages.get(id)
    if (!found) {
      found = sessionOf()
      pages.set(id, found)
      // The oldest tabs' sessions go first; a tab that comes back after that gets a conflict, not a lost edit.
      if (pages.size > maxPages) pages.delete(pages.keys().next().value!)
    }
    return found
  }
  const configNow = (api: string) => (last = editorConfig(options.siteRoot, options.names(), api, options.siteUrl()))

  return {
    session,
    async handle(req, res, urlPath) {
      if (urlPath === '/admin')
        return (send(res, 301, 'text/plain; charset=utf-8', PreviewMoved.text(adminPrefix), { location: adminPrefix }), true)
      if (!urlPath.startsWith(adminPrefix)) return false
      const rest = urlPath.slice(adminPrefix.length)
      if (rest.startsWith('api/')) {
        const tail = rest.slice(4)
        const [given, action] = options.token
          ? [tail.slice(0, tail.indexOf('/') + 1 || undefined), tail.slice(tail.indexOf('/') + 1)]
          : ['', tail]
        if (options.token && !sameSecret(given.replace(/\/$/, ''), options.token))
          return (refuse(res, 403, editorRefusals.wrongToken), true)
        if (req.method === 'GET' && action === 'config.json') warmChecks(session)
        if (req.method === 'GET' && action === 'config.json') {
          const page = randomUUID()
          pageSession(page)
          return (send(res, 200, 'application/json; charset=utf-8', JSON.stringify(configNow(`${apiBase}page/${page}/`))), true)
        }
        if (req.method === 'GET' && action.startsWith('media/'))
          return (await sendImage(res, session.siteRoot, action.slice('media/'.length)), true)
        const page = /^page\/([0-9a-f-]{36})\/$/.exec(action)?.[1]
        if (req.method !== 'POST' || (action !== '' && page === undefined)) return (refuse(res, 405, editorRefusals.postOnly), true)
        await handleApi(req, res, page === undefined ? session : pageSession(page)).catch((error: unknown) => {
          // A bug of ours: told once in the terminal; the editor gets an answer and the socket is freed.
          options.logBug?.(EditorInternalLog.text(sourceStack(error instanceof ApiBug ? error.cause : error)))
          if (!res.headersSent) refuseWith(res, 500, fail(EditorInternal, { file: 'editor' }, actionOf(error)))
          else res.destroy()
        })
        return true
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return (refuse(res, 405, editorRefusals.getOnly), true)
      if (rest === '' || rest === 'index.html') return (send(res, 200, 'text/html; charset=utf-8', adminPage), true)
      const own = ownFiles[rest]
      if (own) return (send(res, 200, 'text/javascript; charset=utf-8', await own()), true)
      if (/^decap\/[\w.-]+\.(?:js|css|wasm)$/.test(rest)) {
        const file = await library.get(rest.slice('decap/'.length), req.headers['accept-encoding'])
        if (!file) return (send(res, EditorLibraryMissing.status, 'text/plain; charset=utf-8', EditorLibraryMissing.text(rest)), true)
        const encoded: Record<string, string> = file.encoding ? { 'content-encoding': file.encoding } : {}
        return (
          send(res, 200, typeOf(rest), file.bytes, { 'cache-control': 'public, max-age=86400', vary: 'accept-encoding', ...encoded }), true
        )
      }
      return (send(res, EditorNotFound.status, 'text/plain; charset=utf-8', EditorNotFound.text()), true)
    },
  }
}

async function handleApi(req: IncomingMessage, res: ServerResponse, session: ProxySession): Promise<void> {
  if (requestOrigin(req) !== 'same') return refuse(res, 403, editorRefusals.otherOrigin)
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return refuse(res, 415, editorRefusals.notJson)
  const body = await readBody(req, bodyLimits.media)
  // Said as the image's limit, which is what the marketer can change.
  if (body === undefined) return tooLarge(res, bodyLimits.image)
  let request: unknown
  try {
    request = JSON.parse(body.toString('utf8'))
  } catch {
    return refuse(res, 400, editorRefusals.bodyNotJson)
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return refuse(res, 400, editorRefusals.noAction)
  const { action, params } = request as { action?: unknown; params?: unknown }
  const media = action === 'persistMedia' || action === 'persistEntry'
  if (!media && body.length > bodyLimits.entry) return tooLarge(res, bodyLimits.entry)
  let answer: Awaited<ReturnType<typeof answerProxy>>
  try {
    answer = await answerProxy(session, action, params)
  } catch (error) {
    throw new ApiBug(typeof action === 'string' ? action.slice(0, 40) : '?', error)
  }
  send(res, answer.status, 'application/json; charset=utf-8', JSON.stringify(answer.body))
}

/** A bug met while answering `action`: its cause is what is logged. */
class ApiBug extends Error {
  constructor(
    readonly action: string,
    cause: unknown,
  ) {
    super(`editor request ${action}`, { cause })
  }
}

function actionOf(error: unknown): string {
  return error instanceof ApiBug ? error.action : '?'
}

/**
 * 413, and the connection closed once it is sent: the rest of a body past the limit is never
 * read, so the socket is not held while a client sends megabytes nobody reads.
 */
function tooLarge(res: ServerResponse, limit: number): void {
  res.setHeader('connection', 'close')
  refuse(res, 413, undefined, limit)
}

/** An image of the site, for the media library: its bytes as they are, under a policy that runs nothing (an SVG opened directly). */
async function sendImage(res: ServerResponse, siteRoot: string, name: string): Promise<void> {
  const file = sitePath(siteRoot, safeDecode(name))
  const bytes = file && isImageFile(file.name) ? await readSiteFile(siteRoot, file).catch(() => undefined) : undefined
  if (!file || !bytes) return send(res, EditorNotFound.status, 'text/plain; charset=utf-8', EditorNotFound.text())
  const type = imageTypes[path.extname(file.name).slice(1).toLowerCase()] ?? 'application/octet-stream'
  respond(res, {
    status: 200,
    type,
    body: bytes,
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", 'referrer-policy': 'no-referrer' },
  })
}

const imageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The body, or undefined past `limit` bytes: reading stops there (without destroying the request,
 * which would close the socket before the 413 is sent).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      req.off('data', onData)
      req.pause()
      resolve(undefined)
    }
    req.on('data', onData)
    req.once('end', () => resolve(Buffer.concat(chunks)))
    // A client gone before the end: nothing to answer, and nothing kept.
    req.once('close', () => resolve(undefined))
    req.once('error', reject)
  })
}

function refuse(res: ServerResponse, status: number, why?: string, limit?: number): void {
  refuseWith(
    res,
    status,
    why ? fail(EditorBadRequest, { file: 'editor' }, why) : fail(EditorTooLarge, { file: 'editor' }, `${limit! / 1024 / 1024} MB`),
  )
}

function refuseWith(res: ServerResponse, status: number, error: ConfigError): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify({ error: formatConfigError(error, { color: false }) }))
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  respond(res, { status, type, body, headers: { 'content-security-policy': adminPolicy, 'referrer-policy': 'no-referrer', ...headers } })
}

function typeOf(file: string): string {
  if (file.endsWith('.css')) return 'text/css; charset=utf-8'
  if (file.endsWith('.wasm')) return 'application/wasm'
  return 'text/javascript; charset=utf-8'
}

const adminPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>citypress editor</title>
<style>
/* Decap's notices inside the window, each problem of a refusal on its own line, a long list scrolled. */
.Toastify__toast-container.notif__container { width: min(520px, calc(100vw - 32px)); }
.notif__container .Toastify__toast.Toastify__toast { max-height: 70vh; overflow-y: auto; }
.notif__container .Toastify__toast-body.Toastify__toast-body { white-space: pre-line; overflow-wrap: anywhere; }
/* A field's errors as written: Decap upper-cases them, which turns a token they name ({city}) into one that does not exist ({CITY}). */
ul[class*="-ControlErrorsList"] { text-transform: none; }
/* A translation's own group (who wrote it) means nothing in the first language's pane, the left one. */
.Pane1 [class*="-ControlContainer"]:has(> [class*="-ControlTopbar"] > label[for^="translation-field"]) { display: none; }
</style>
<script src="admin-init.js"></script>
<script src="decap/decap-cms.js"></script>
<script src="admin.js" defer></script>
</head>
<body></body>
</html>
`

const clientFile = (name: string) => () => readFile(path.join(packageRoot, 'src', 'editor', 'client', name))
/** The editor's own scripts: external files, as the policy allows no inline script. */
const ownFiles: Record<string, () => Promise<Buffer>> = { 'admin-init.js': clientFile('admin-init.js'), 'admin.js': clientFile('admin.js') }
