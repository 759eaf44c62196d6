import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GoodBuild, SessionState } from '../build-session.js'
import { basePathOf, lastGood } from '../served.js'

/** What every handler of one request shares, worked out once when it arrives. */
export interface RequestContext {
  readonly res: ServerResponse
  /** The address as asked, without its query (`/repo/contact`). */
  readonly path: string
  /** The query, without its `?` ('' when none). */
  readonly query: string
  readonly state: SessionState
  /** The last build that worked (served while a rebuild fails), or undefined before one. */
  readonly good?: GoodBuild
  /** The site's base path from `good` (`/repo`, '' at a host's root). */
  readonly base: string
}

/**
 * One step of preview's answer, as Vite's connect middlewares: it answers the request and says
 * true, or says false and leaves it to the next.
 */
export type Handler = (req: IncomingMessage, ctx: RequestContext) => boolean | Promise<boolean>

export function requestContext(req: IncomingMessage, res: ServerResponse, state: SessionState): RequestContext {
  const target = req.url ?? '/'
  const at = target.indexOf('?')
  const good = lastGood(state)
  return {
    res,
    state,
    good,
    base: basePathOf(good),
    path: at === -1 ? target : target.slice(0, at),
    query: at === -1 ? '' : target.slice(at + 1),
  }
}

/** Runs the handlers in order until one answers; false when none did. */
export async function runHandlers(handlers: readonly Handler[], req: IncomingMessage, ctx: RequestContext): Promise<boolean> {
  for (const handler of handlers) if (await handler(req, ctx)) return true
  return false
}
