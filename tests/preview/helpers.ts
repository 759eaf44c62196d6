import { request } from 'node:http'
import { type PreviewOptions, type PreviewServer, startPreview } from '../../src/preview/server.js'

export interface StartedPreview extends PreviewServer {
  /** Everything the preview printed, without colours. */
  readonly printed: () => string
}

/** Starts a preview in this process on a free port; the caller must close it. */
export async function startOn(site: string, options: Partial<PreviewOptions> = {}): Promise<StartedPreview> {
  let printed = ''
  const log = {
    color: false,
    out: (t: string) => {
      printed += t
    },
    err: (t: string) => {
      printed += t
    },
  }
  const server = await startPreview({ site, port: 0, log, ...options })
  return Object.assign(server, { printed: () => printed })
}

export interface RawResponse {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/**
 * A GET with the path sent exactly as given: fetch() and browsers remove `../` before sending,
 * which would hide a traversal bug from the test.
 */
export function rawGet(url: string, rawPath: string): Promise<RawResponse> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Polls until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${ms} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export { chromiumPath, quietChromiumFlags as chromiumArgs } from '../../bin/chromium.mjs'
