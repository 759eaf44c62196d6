import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { BuildFailure } from '../errors/config-error.js'
import { sourceStack } from '../errors/source-stack.js'
import { reportPath } from '../output/write-report.js'
import { packageRoot } from '../tool/package.js'
import { href } from '../plan/urls.js'
import { createBuildSession, type BuildSession, type GoodBuild, type SessionState } from './build-session.js'
import { capturesFormsAt, captureForm } from './form-capture.js'
import { findHiddenFields } from './form-submission.js'
import { createReloadHub } from './live-reload.js'
import { errorPage, eventsPath, injectReloadClient, morphPath, reloadScript } from './overlay.js'
import { reportBuild, type PreviewLog } from './report.js'
import { allowedHosts, crossOrigin, hostAllowed, productionHeaders } from './request-guard.js'
import { resolvePath, type Resolved, type ServedFile } from './static-files.js'
import { watchFolders } from './watch.js'
import { pollingReasonHere } from './watch-mode.js'
import { lucideIconNames } from '../config/cross-check.js'
import { adminPrefix, editorRoutes } from '../editor/http.js'
import type { LiveNames } from '../editor/schema-fields.js'

export interface PreviewOptions {
  /** The site folder, e.g. `sites/acme`. */
  readonly site: string
  /** @default 4321; when taken, the next free port. 0 lets the system choose. */
  readonly port?: number
  /** Only this machine by default; `0.0.0.0` opts into every interface. @default '127.0.0.1' */
  readonly host?: string
  /** Answer every form submission with 500, to see the forms' error state. */
  readonly failForms?: boolean
  readonly log: PreviewLog
  /** Quiet time before a burst of file events triggers a rebuild. @default 15 */
  readonly debounceMs?: number
  /**
   * Poll the files for changes instead of waiting for the system's events. @default on where
   * events are known not to arrive (src/preview/watch-mode.ts), else off
   */
  readonly poll?: boolean
  /** How often polling asks each file. @default 300 */
  readonly pollIntervalMs?: number
  /**
   * Required in the editor API's path when given. With a --host other than this machine's
   * loopback, the editor at /admin/ is off without one.
   */
  readonly editorToken?: string
}

export interface PreviewServer {
  /** `http://127.0.0.1:4321/`, with the site's base path (`/repo/`) for a site under a sub-path. */
  readonly url: string
  /** Where the editor is (with its token), or undefined when it is off. */
  readonly editorUrl?: string
  readonly port: number
  /** `http://127.0.0.1:4321/__citypress/report`: the last `citypress build`'s report, when there is one. */
  readonly reportUrl: string
  /** The port asked for, when it was in use and the preview moved to `port`. */
  readonly movedFrom?: number
  /** Why the files are polled (`a 9p file system`, `--poll`), or undefined when system events are used. */
  readonly polling?: string
  readonly session: BuildSession
  close(): Promise<void>
}

const noFiles: ReadonlyMap<string, ServedFile> = new Map()

/**
 * `citypress preview`: builds the site into memory, serves it, rebuilds on every change to the
 * site folder or the shared templates/, and reloads the open tabs whose page changed. Errors show
 * in the browser as well as in the terminal; nothing a site or a request does stops the server.
 */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const hub = createReloadHub((pagePath) => {
    const state = session.state
    const resolved = resolveIn(state, pagePath)
    const version = versionOf(state, resolved)
    return { version, html: () => pageOf(state, resolved, version)?.html }
  })
  let toldEarly = 0
  const session = createBuildSession({
    site: options.site,
    openPages: () => hub.openPages().map((p) => resolveIn(session.state, p)).flatMap((r) => {
      const page = r.kind === 'file' ? r.file : r.kind === 'not-found' ? r.page : undefined
      return page?.path.endsWith('.html') ? [page.path] : []
    }),
    onFirstPages: () => {
      toldEarly += hub.broadcast()
    },
    onBuilt: (outcome) => {
      const tabs = toldEarly + hub.broadcast()
      toldEarly = 0
      if (outcome.trigger.length > 0) reportBuild(options.log, outcome, tabs)
    },
  })
  await session.rebuild([])
  const first = session.state
  // Without a site folder there is nothing to watch or serve, and with a .citypress that is a link
  // nowhere to keep the cache and form posts: fail like `build` does.
  if (first.kind === 'failed' && first.error instanceof BuildFailure && first.error.errors.some((e) => e.code === 'site-not-found' || e.code === 'cache-folder-link')) throw first.error
  if (first.kind === 'failed') reportBuild(options.log, { state: first, previous: { kind: 'starting' }, trigger: [], ms: 0 }, 0)

  const siteRoot = path.resolve(options.site)
  const hidden = new WeakMap<GoodBuild, Map<string, Set<string>>>()
  const host = options.host ?? '127.0.0.1'
  const hosts = allowedHosts(host)
  const editor = isLoopback(host) || options.editorToken ? editorRoutes({
    siteRoot, token: options.editorToken, siteUrl: () => url, logBug: (text) => options.log.err(text),
    names: () => liveNames(session.state.kind === 'ok' ? session.state.build : session.state.kind === 'failed' ? session.state.last : undefined),
  }) : undefined
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req, hosts)) {
      return answer(res, 403, 'text/plain; charset=utf-8', `citypress preview answers only for localhost, not for "${req.headers.host ?? ''}". To open it under that name, start it with --host ${req.headers.host?.replace(/:\d+$/, '') || 'NAME'}.\n`)
    }
    const target = req.url ?? '/'
    const at = target.indexOf('?')
    const [rawPath, query] = at === -1 ? [target, ''] : [target.slice(0, at), target.slice(at + 1)]
    const state = session.state
    const good = state.kind === 'ok' ? state.build : state.kind === 'failed' ? state.last : undefined
    if (rawPath === eventsPath) {
      const params = new URLSearchParams(query)
      return hub.connect(res, params.get('path') ?? '/', params.get('version') ?? '')
    }
    if (rawPath === morphPath) return answer(res, 200, 'text/javascript; charset=utf-8', await morphLibrary())
    if (rawPath === '/admin' || rawPath.startsWith(adminPrefix)) {
      if (editor) return void await editor.handle(req, res, rawPath)
      return answer(res, 404, 'text/plain; charset=utf-8', 'The editor is off: preview listens beyond this machine, so it opens the editor only with --editor-token.\n')
    }
    if (rawPath === reportRoute) return serveReport(res, siteRoot, req.method === 'HEAD')
    // A site under a sub-path (url: https://user.github.io/repo) is served under it, as its host will.
    const base = basePathOf(state)
    if (base && !rawPath.startsWith(`${base}/`)) {
      if (rawPath === '/' || rawPath === base) return answer(res, 302, 'text/plain; charset=utf-8', `Moved to ${base}/\n`, { location: `${base}/` })
      return answer(res, 404, 'text/plain; charset=utf-8', `Not found: this site is served under ${base}/.\n`)
    }
    if (req.method === 'POST' && crossOrigin(req)) {
      options.log.out(`✗ form post to ${rawPath} from another origin (${req.headers.origin ?? 'unknown'}) refused\n`)
      return answer(res, 403, 'application/json; charset=utf-8', JSON.stringify({ error: 'cross-origin', reason: 'Preview takes form posts only from its own pages.' }))
    }
    if (req.method === 'POST' && good && capturesFormsAt(good.site.site, rawPath.slice(base.length))) {
      if (!hidden.has(good)) hidden.set(good, findHiddenFields(htmlOf(good)))
      const landing = resolveIn(state, rawPath)
      const successPage = landing.kind === 'file' && landing.file.path.endsWith('.html') && !landing.file.path.startsWith('__')
        ? injectReloadClient(landing.file.body.toString('utf8'), versionOf(state, landing)) : undefined
      return captureForm(req, res, {
        siteRoot, fail: options.failForms ?? false, forms: good.site.forms, hiddenFields: hidden.get(good)!, successPage,
        log: (line) => options.log.out(line + '\n'),
      })
    }
    // No build has worked yet, so there is no forms.yaml to check a submission against.
    if (req.method === 'POST' && !good) return answer(res, 503, 'application/json; charset=utf-8', JSON.stringify({ error: 'site-has-errors', reason: 'The site has errors; fix them (see the terminal) and send again.' }))
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'text/plain; charset=utf-8', 'Preview serves GET and HEAD, and form posts where the form provider takes them.\n', { allow: 'GET, HEAD' })
    const resolved = resolveIn(state, rawPath)
    if (resolved.kind === 'bad-request') return answer(res, 400, 'text/plain; charset=utf-8', 'Bad request path.\n')
    if (resolved.kind === 'redirect') {
      const location = href(base, resolved.location) + (query ? `?${query}` : '')
      return answer(res, 301, 'text/plain; charset=utf-8', `Moved to ${location}\n`, { location })
    }
    const version = versionOf(state, resolved)
    const page = pageOf(state, resolved, version)
    // The site's own pages get production's security headers; the error page is preview's own.
    if (page) return answer(res, page.status, page.type, page.html, state.kind === 'ok' ? productionHeaders(state.build.files, reloadScript(version)) : {}, req.method === 'HEAD')
    if (resolved.kind === 'not-found') return answer(res, 404, 'text/plain; charset=utf-8', 'Not found (the site has no 404 page).\n')
    const { file } = resolved
    // A content-hashed name never changes its bytes (a change makes a new name), so the browser
    // may keep it, as hosts let it (src/output/headers.ts): a reload then asks only for the page,
    // not for every font and image while the rest of a rebuild still runs. Anything else is
    // revalidated; unchanged, it costs a 304.
    const etag = `"${file.hash}"`
    const caching: Record<string, string> = isHashedAsset(file.path) ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}
    const security = good ? productionHeaders(good.files) : {}
    if (req.headers['if-none-match'] === etag) return answer(res, 304, file.type, '', { ...security, etag, ...caching }, true)
    return answer(res, 200, file.type, file.body, { ...security, etag, ...caching }, req.method === 'HEAD')
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log.err(`Internal error while answering ${req.method} ${req.url} (the server keeps running):\n${sourceStack(error)}\n`)
      if (!res.headersSent) answer(res, 500, 'text/plain; charset=utf-8', 'Internal error in citypress preview; see the terminal.\n')
      else res.destroy()
    })
  })
  const asked = options.port ?? 4321
  const port = await listen(server, asked, host)
  const origin = `http://${displayHost(host)}:${port}`
  const url = `${origin}${basePathOf(session.state)}/`
  const polling = options.poll === true ? '--poll' : options.poll === false ? undefined : pollingReasonHere(siteRoot)
  // The editor is preview's own page, at the host's root whatever the site's base path.
  const editorUrl = editor ? `${origin}/admin/${options.editorToken ? `#token=${encodeURIComponent(options.editorToken)}` : ''}` : undefined
  const watcher = watchFolders({
    folders: [siteRoot, path.join(packageRoot, 'templates')],
    debounceMs: options.debounceMs ?? 15,
    onChange: (paths) => void session.rebuild(paths),
    poll: polling !== undefined,
    pollIntervalMs: options.pollIntervalMs,
  })
  await watcher.ready()

  return {
    url,
    editorUrl,
    reportUrl: `${origin}${reportRoute}`,
    port,
    ...(asked !== 0 && port !== asked ? { movedFrom: asked } : {}),
    ...(polling ? { polling } : {}),
    session,
    async close() {
      await watcher.close()
      hub.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await session.idle()
    },
  }
}

/**
 * The HTML document a tab at `resolved` gets, with the reload client: the page, the site's 404
 * page, or the error report while the site does not build. Undefined for anything but a page.
 */
function pageOf(state: SessionState, resolved: Resolved, version: string): { status: number; type: string; html: string } | undefined {
  if (resolved.kind === 'redirect' || resolved.kind === 'bad-request') return undefined
  const file = resolved.kind === 'file' ? resolved.file : resolved.page
  const isPage = resolved.kind === 'not-found' || resolved.file.path.endsWith('.html')
  if (!isPage) return undefined
  if (state.kind !== 'ok') {
    return { status: 500, type: 'text/html; charset=utf-8', html: errorPage(state.kind === 'failed' ? state.error : new Error('The first build has not finished.'), version) }
  }
  if (!file) return undefined
  return { status: resolved.kind === 'not-found' ? 404 : 200, type: file.type, html: injectReloadClient(file.body.toString('utf8'), version) }
}

/** Outside any base path, like preview's other own addresses. */
const reportRoute = '/__citypress/report'

/**
 * The report `citypress build` left in the site folder (src/report/), read at each request so a
 * build in another terminal shows at the next reload. It carries no script, and its policy says so.
 */
async function serveReport(res: ServerResponse, siteRoot: string, headOnly: boolean): Promise<void> {
  const html = await readFile(reportPath(siteRoot)).catch(() => undefined)
  if (!html) return answer(res, 404, 'text/plain; charset=utf-8', 'No build report yet: `citypress build` writes one into .citypress/report.html.\n')
  answer(res, 200, 'text/html; charset=utf-8', html, { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }, headOnly)
}

let morphSource: Promise<Buffer> | undefined
/** idiomorph's ES module, read once from node_modules. */
function morphLibrary(): Promise<Buffer> {
  morphSource ??= readFile(createRequire(import.meta.url).resolve('idiomorph/dist/idiomorph.esm.js'))
  return morphSource
}

/** What is served at `urlPath`, an address as the browser asks for it (with the site's base path). */
function resolveIn(state: SessionState, urlPath: string): Resolved {
  const good = state.kind === 'ok' ? state.build : state.kind === 'failed' ? state.last : undefined
  const base = basePathOf(state)
  return resolvePath(base && urlPath.startsWith(`${base}/`) ? urlPath.slice(base.length) : urlPath, good?.files ?? noFiles)
}

/** The path part of the site's address ('' at a host's root), from the last build that worked. */
function basePathOf(state: SessionState): string {
  const good = state.kind === 'ok' ? state.build : state.kind === 'failed' ? state.last : undefined
  return good?.site.site.basePath ?? ''
}

/**
 * What a tab at this path shows, as one string: the page's HTML and every asset it may load, or
 * the error report. The reload client reloads when it changes (live-reload.ts).
 */
function versionOf(state: SessionState, resolved: Resolved): string {
  if (state.kind === 'failed') return `error-${state.errorHash}`
  if (state.kind === 'starting') return 'starting'
  if (resolved.kind === 'redirect') return `redirect-${resolved.location}`
  const page = resolved.kind === 'file' ? resolved.file : resolved.kind === 'not-found' ? resolved.page : undefined
  return `${page?.hash ?? 'none'}-${state.build.othersHash}`
}

/** `assets/site-0ef5612f7c.js`, `assets/images/hero-d1fd3bc273-1024.jpg`, `assets/inter-…-NRMW37G5.woff2` */
function isHashedAsset(file: string): boolean {
  // Our names carry 10 hex digits of sha256 (assets/, images/); esbuild's [hash] is 8 of [A-Z0-9].
  return file.startsWith('assets/') && /-(?:[0-9a-f]{10}|[A-Z0-9]{8})(?:-\d+)?\.[a-z0-9]+$/.test(file)
}

function* htmlOf(good: GoodBuild): Iterable<string> {
  for (const file of good.files.values()) if (file.path.endsWith('.html')) yield file.body.toString('utf8')
}

function answer(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}, headOnly = false): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  res.writeHead(status, {
    'content-type': type,
    ...(status === 304 ? {} : { 'content-length': String(bytes.length) }),
    // Every rebuild may change any file; the browser must always ask.
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...headers,
  })
  res.end(headOnly ? undefined : bytes)
}

/** Listens on `port`, or the next free one when it is taken (up to 20 further ports). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port === 0 ? 0 : port + attempt, host, () => {
          server.off('error', reject)
          resolve()
        })
      })
      return (server.address() as AddressInfo).port
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || attempt >= 20) throw error
    }
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host)
}

/** The site's names the editor's selects offer, from the last good build. */
function liveNames(good: GoodBuild | undefined): LiveNames {
  const site = good?.site
  const pages = [...(good?.files.keys() ?? [])].filter((file) => file.endsWith('.html') && !file.startsWith('__') && file !== '404.html')
    .map((file) => `/${file.replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`).sort()
  return {
    service: site?.services.map((s) => s.slug) ?? [],
    form: Object.keys(site?.forms ?? {}),
    areaList: Object.keys(site?.areas.lists ?? {}),
    scheduler: Object.keys(site?.site.schedulers ?? {}),
    icon: [...lucideIconNames()].sort(),
    href: pages,
  }
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
