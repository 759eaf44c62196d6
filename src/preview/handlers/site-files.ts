import { PreviewBadPath, PreviewMethodNotAllowed, PreviewMoved, PreviewNoNotFoundPage } from '../../errors/catalogue.js'
import { isContentNamed } from '../../output/output-guard.js'
import { href } from '../../plan/urls.js'
import { hostHeaders } from '../host-headers.js'
import { reloadScript } from '../overlay.js'
import { plainText, respond } from '../respond.js'
import { pageOf, resolveIn, versionOf } from '../served.js'
import type { Handler } from './handler.js'

/**
 * The site's files from the last good build, as its host serves them (static-files.ts), with the
 * host's headers for each address (host-headers.ts); pages carry the reload client, or show the
 * error page while the site does not build. The last handler: it answers everything.
 */
export const siteFiles: Handler = (req, { res, path, query, state, good, base }) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    respond(res, {
      status: PreviewMethodNotAllowed.status,
      type: plainText,
      body: PreviewMethodNotAllowed.text(),
      headers: { allow: 'GET, HEAD' },
    })
    return true
  }
  const headOnly = req.method === 'HEAD'
  const rules = good?.result.headerRules ?? []
  const resolved = resolveIn(good, path)
  if (resolved.kind === 'bad-request')
    return (respond(res, { status: PreviewBadPath.status, type: plainText, body: PreviewBadPath.text() }), true)
  if (resolved.kind === 'redirect') {
    const location = href(base, resolved.location) + (query ? `?${query}` : '')
    return (respond(res, { status: 301, type: plainText, body: PreviewMoved.text(location), headers: { location } }), true)
  }
  const version = versionOf(state, resolved)
  const page = pageOf(state, resolved, version)
  // The site's own pages get the host's headers; the error page is preview's own.
  if (page) {
    const headers = state.kind === 'ok' ? hostHeaders(rules, path, reloadScript(version)) : {}
    return (respond(res, { status: page.status, type: page.type, body: page.html, headers, headOnly }), true)
  }
  if (resolved.kind === 'not-found')
    return (respond(res, { status: PreviewNoNotFoundPage.status, type: plainText, body: PreviewNoNotFoundPage.text() }), true)
  const { file } = resolved
  // A content-named file never changes its bytes (a change makes a new name), so the browser may
  // keep it, as hosts let it (output/hosts/headers.ts): a reload then asks only for the page, not
  // for every font and image while the rest of a rebuild still runs. Anything else is
  // revalidated; unchanged, it costs a 304.
  const etag = `"${file.hash}"`
  const caching: Record<string, string> = isContentNamed(file.path) ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}
  const headers = { ...hostHeaders(rules, path), etag, ...caching }
  if (req.headers['if-none-match'] === etag) return (respond(res, { status: 304, type: file.type, body: '', headers }), true)
  return (respond(res, { status: 200, type: file.type, body: file.body, headers, headOnly }), true)
}
