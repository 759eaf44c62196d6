import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import path from 'node:path'
import { lucideIconNames } from '../config/checks/cross-check.js'
import { editorRoutes } from '../editor/http.js'
import type { LiveNames } from '../editor/schema-fields.js'
import { PreviewInternal, PreviewInternalLog } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import { sourceStack } from '../errors/source-stack.js'
import { qualitySettings } from '../plan/plan-landing.js'
import { packageRoot } from '../tool/package.js'
import { type BuildSession, createBuildSession, type GoodBuild } from './build-session.js'
import { basePathGuard } from './handlers/base-path.js'
import { editorHandler } from './handlers/editor.js'
import { formsHandler } from './handlers/forms.js'
import { type Handler, requestContext, runHandlers } from './handlers/handler.js'
import { hostGuard } from './handlers/host-guard.js'
import { internalRoutes, reportRoute } from './handlers/internal-routes.js'
import { siteFiles } from './handlers/site-files.js'
import { createReloadHub } from './live-reload.js'
import { logHiddenPages, logRebuild, type PreviewLog } from './preview-log.js'
import { allowedHosts } from './request-guard.js'
import { plainText, respond } from './respond.js'
import { basePathOf, lastGood, pageOf, resolveIn, versionOf } from './served.js'
import { watchFolders } from './watch.js'
import { pollingReasonHere } from './watch-mode.js'

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
  /**
   * Where the editor is, with its token: at the host given, or, listening on every interface, at
   * each address other machines can use. Empty when the editor is off.
   */
  readonly editorUrls: readonly string[]
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

/**
 * `citypress preview`: builds the site into memory, serves it, rebuilds on every change to the
 * site folder or the shared templates/, and reloads the open tabs whose page changed. Errors show
 * in the browser as well as in the terminal; nothing a site or a request does stops the server.
 */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const hub = createReloadHub((pagePath) => {
    const state = session.state
    const resolved = resolveIn(lastGood(state), pagePath)
    const version = versionOf(state, resolved)
    return { version, html: () => pageOf(state, resolved, version)?.html }
  })
  let toldEarly = 0
  const session = createBuildSession({
    site: options.site,
    openPages: () =>
      hub
        .openPages()
        .map((p) => resolveIn(lastGood(session.state), p))
        .flatMap((r) => {
          const page = r.kind === 'file' ? r.file : r.kind === 'not-found' ? r.page : undefined
          return page?.path.endsWith('.html') ? [page.path] : []
        }),
    onFirstPages: () => {
      toldEarly += hub.broadcast()
    },
    onBuilt: (outcome) => {
      const tabs = toldEarly + hub.broadcast()
      toldEarly = 0
      if (outcome.trigger.length > 0) logRebuild(options.log, outcome, tabs)
    },
  })
  await session.rebuild([])
  const first = session.state
  // Without a site folder there is nothing to watch or serve, and with a .citypress that is a link
  // nowhere to keep the cache and form posts: fail like `build` does.
  if (
    first.kind === 'failed' &&
    first.error instanceof BuildFailure &&
    first.error.errors.some((e) => e.code === 'site-not-found' || e.code === 'cache-folder-link')
  )
    throw first.error
  if (first.kind === 'failed') logRebuild(options.log, { state: first, previous: { kind: 'starting' }, trigger: [], ms: 0 }, 0)
  else if (first.kind === 'ok') logHiddenPages(options.log, first.build.result)

  const siteRoot = path.resolve(options.site)
  const host = options.host ?? '127.0.0.1'
  const editor =
    isLoopback(host) || options.editorToken
      ? editorRoutes({
          siteRoot,
          token: options.editorToken,
          siteUrl: () => url,
          logBug: (text) => options.log.err(text),
          logNote: (text) => options.log.out(text),
          names: () => liveNames(lastGood(session.state)),
        })
      : undefined
  // In order, each answers or passes on; the host guard first, so a refused name reaches nothing.
  const handlers: readonly Handler[] = [
    hostGuard(allowedHosts(host)),
    internalRoutes({ hub, siteRoot }),
    editorHandler(editor),
    basePathGuard,
    formsHandler({ siteRoot, fail: options.failForms ?? false, log: (text) => options.log.out(text) }),
    siteFiles,
  ]

  const server = createServer((req, res) => {
    runHandlers(handlers, req, requestContext(req, res, session.state)).catch((error: unknown) => {
      options.log.err(PreviewInternalLog.text(`${req.method} ${req.url}`, sourceStack(error)))
      if (!res.headersSent) respond(res, { status: PreviewInternal.status, type: plainText, body: PreviewInternal.text() })
      else res.destroy()
    })
  })
  const asked = options.port ?? 4321
  const port = await listen(server, asked, host)
  const origin = `http://${displayHost(host)}:${port}`
  const url = `${origin}${basePathOf(lastGood(session.state))}/`
  const polling = options.poll === true ? '--poll' : options.poll === false ? undefined : pollingReasonHere(siteRoot)
  // The editor is preview's own page, at the host's root whatever the site's base path.
  const editorUrls = editor
    ? reachableOrigins(host, port, origin).map(
        (at) => `${at}/admin/${options.editorToken ? `#token=${encodeURIComponent(options.editorToken)}` : ''}`,
      )
    : []
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
    editorUrls,
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
  const pages = [...(good?.files.keys() ?? [])]
    .filter((file) => file.endsWith('.html') && !file.startsWith('__') && file !== '404.html')
    .map((file) => `/${file.replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`)
    .sort()
  return {
    service: site?.services.map((s) => s.slug) ?? [],
    form: Object.keys(site?.forms ?? {}),
    areaList: Object.keys(site?.areas.lists ?? {}),
    scheduler: Object.keys(site?.site.schedulers ?? {}),
    icon: [...lucideIconNames()].sort(),
    href: pages,
    minLocalWords: qualitySettings(site?.landing).minLocalWords,
    languages: site?.site.languages.map((language) => language.code) ?? [],
    minLocalWordsIn: Object.fromEntries(
      (good?.result.landing.languages ?? []).map(({ code, quality }) => [code, quality.settings.minLocalWords]),
    ),
  }
}

/**
 * Where another machine reaches a preview listening on `host`: every non-loopback address of this
 * machine for 0.0.0.0 or ::, else the host given.
 */
function reachableOrigins(host: string, port: number, origin: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [origin]
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.internal && (a.family === 'IPv4' || host === '::'))
    .map((a) => `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${port}`)
  return addresses.length > 0 ? addresses : [origin]
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
