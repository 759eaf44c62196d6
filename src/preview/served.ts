import { PreviewStarting } from '../errors/catalogue.js'
import type { GoodBuild, SessionState } from './build-session.js'
import { errorPage, injectReloadClient } from './overlay.js'
import { type Resolved, resolvePath, type ServedFile } from './static-files.js'

const noFiles: ReadonlyMap<string, ServedFile> = new Map()

/** The build preview serves files from: the current one, or while a rebuild fails the last that worked. */
export function lastGood(state: SessionState): GoodBuild | undefined {
  return state.kind === 'ok' ? state.build : state.kind === 'failed' ? state.last : undefined
}

/** The path part of the site's address ('' at a host's root), from the last build that worked. */
export function basePathOf(good: GoodBuild | undefined): string {
  return good?.site.site.basePath ?? ''
}

/** What is served at `urlPath`, an address as the browser asks for it (with the site's base path). */
export function resolveIn(good: GoodBuild | undefined, urlPath: string): Resolved {
  const base = basePathOf(good)
  return resolvePath(base && urlPath.startsWith(`${base}/`) ? urlPath.slice(base.length) : urlPath, good?.files ?? noFiles)
}

/**
 * What a tab at this path shows, as one string: the page's HTML and every asset it may load, or
 * the error page. The reload client reloads when it changes (live-reload.ts).
 */
export function versionOf(state: SessionState, resolved: Resolved): string {
  if (state.kind === 'failed') return `error-${state.errorHash}`
  if (state.kind === 'starting') return 'starting'
  if (resolved.kind === 'redirect') return `redirect-${resolved.location}`
  const page = resolved.kind === 'file' ? resolved.file : resolved.kind === 'not-found' ? resolved.page : undefined
  return `${page?.hash ?? 'none'}-${state.build.othersHash}`
}

/**
 * The HTML document a tab at `resolved` gets, with the reload client: the page, the site's 404
 * page, or the error page while the site does not build. Undefined for anything but a page.
 */
export function pageOf(
  state: SessionState,
  resolved: Resolved,
  version: string,
): { status: number; type: string; html: string } | undefined {
  if (resolved.kind === 'redirect' || resolved.kind === 'bad-request') return undefined
  const file = resolved.kind === 'file' ? resolved.file : resolved.page
  const isPage = resolved.kind === 'not-found' || resolved.file.path.endsWith('.html')
  if (!isPage) return undefined
  if (state.kind !== 'ok') {
    return {
      status: 500,
      type: 'text/html; charset=utf-8',
      html: errorPage(state.kind === 'failed' ? state.error : new Error(PreviewStarting.text()), version),
    }
  }
  if (!file) return undefined
  return {
    status: resolved.kind === 'not-found' ? 404 : 200,
    type: file.type,
    html: injectReloadClient(file.body.toString('utf8'), version),
  }
}
