import { PreviewHostRefused } from '../../errors/catalogue.js'
import { hostAllowed } from '../request-guard.js'
import { plainText, respond } from '../respond.js'
import type { Handler } from './handler.js'

/** Refuses a request for any host name but the allowed ones (request-guard.ts: DNS rebinding). */
export function hostGuard(hosts: ReadonlySet<string>): Handler {
  return (req, { res }) => {
    if (hostAllowed(req, hosts)) return false
    const host = req.headers.host ?? ''
    respond(res, { status: PreviewHostRefused.status, type: plainText, body: PreviewHostRefused.text(host, host.replace(/:\d+$/, '')) })
    return true
  }
}
