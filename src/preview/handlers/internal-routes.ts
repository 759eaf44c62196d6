import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PreviewNoReport } from '../../errors/catalogue.js'
import { reportPath } from '../../output/write-report.js'
import type { ReloadHub } from '../live-reload.js'
import { eventsPath, morphPath } from '../overlay.js'
import { plainText, respond } from '../respond.js'
import type { Handler } from './handler.js'

/** Outside any base path, like preview's other own addresses. */
export const reportRoute = '/__citypress/report'

export interface InternalRoutesOptions {
  readonly hub: ReloadHub
  readonly siteRoot: string
}

/**
 * Preview's own addresses, at the host's root whatever the site's base path: the reload events,
 * idiomorph for the reload client, and the last `citypress build`'s report.
 */
export function internalRoutes(options: InternalRoutesOptions): Handler {
  return async (req, { res, path, query }) => {
    if (path === eventsPath) {
      const params = new URLSearchParams(query)
      options.hub.connect(res, params.get('path') ?? '/', params.get('version') ?? '')
      return true
    }
    if (path === morphPath) return (respond(res, { status: 200, type: 'text/javascript; charset=utf-8', body: await morphLibrary() }), true)
    if (path === reportRoute) return (await serveReport(res, options.siteRoot, req.method === 'HEAD'), true)
    return false
  }
}

/**
 * The report `citypress build` left in the site folder (src/report/), read at each request so a
 * build in another terminal shows at the next reload. It carries no script, and its policy says so.
 */
async function serveReport(res: Parameters<Handler>[1]['res'], siteRoot: string, headOnly: boolean): Promise<void> {
  const html = await readFile(reportPath(siteRoot)).catch(() => undefined)
  if (!html) return respond(res, { status: PreviewNoReport.status, type: plainText, body: PreviewNoReport.text() })
  respond(res, {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: html,
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    headOnly,
  })
}

let morphSource: Promise<Buffer> | undefined
/** idiomorph's ES module, read once from node_modules. */
function morphLibrary(): Promise<Buffer> {
  morphSource ??= readFile(createRequire(import.meta.url).resolve('idiomorph/dist/idiomorph.esm.js'))
  return morphSource
}
