import type { ServerResponse } from 'node:http'

/** One HTTP answer of preview, its editor or its form capture. */
export interface Answer {
  readonly status: number
  /** `text/plain; charset=utf-8`, … */
  readonly type: string
  readonly body: string | Buffer
  /** Added to (and overriding) the defaults below. */
  readonly headers?: Readonly<Record<string, string>>
  /** A HEAD request: the headers of the answer, with no body. */
  readonly headOnly?: boolean
}

/**
 * Sends `answer`. Every answer is revalidated (`no-cache`: a rebuild may change any file, so the
 * browser must always ask) and never sniffed; a 304 carries no length, as it has no body.
 */
export function respond(res: ServerResponse, answer: Answer): void {
  const bytes = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body
  res.writeHead(answer.status, {
    'content-type': answer.type,
    ...(answer.status === 304 ? {} : { 'content-length': String(bytes.length) }),
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...answer.headers,
  })
  res.end(answer.headOnly || answer.status === 304 ? undefined : bytes)
}

export const plainText = 'text/plain; charset=utf-8'
export const jsonText = 'application/json; charset=utf-8'
