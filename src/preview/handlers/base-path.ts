import { PreviewMoved, PreviewOutsideBase } from '../../errors/catalogue.js'
import { plainText, respond } from '../respond.js'
import type { Handler } from './handler.js'

/**
 * A site under a sub-path (url: https://user.github.io/repo) is served under it, as its host
 * will: the host's root moves there, and every other address outside it is not found.
 */
export const basePathGuard: Handler = (_req, { res, path, base }) => {
  if (!base || path.startsWith(`${base}/`)) return false
  if (path === '/' || path === base)
    respond(res, { status: 302, type: plainText, body: PreviewMoved.text(`${base}/`), headers: { location: `${base}/` } })
  else respond(res, { status: PreviewOutsideBase.status, type: plainText, body: PreviewOutsideBase.text(base) })
  return true
}
