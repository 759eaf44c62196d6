import type { ServerResponse } from 'node:http'

export interface ReloadHub {
  /** Keeps an EventSource connection for the page at `pagePath` and sends its current version. */
  connect(res: ServerResponse, pagePath: string): void
  /** Sends every open page whose version changed its new version; returns how many were told. */
  broadcast(): number
  /** The paths of the pages open in a browser right now. */
  openPages(): string[]
  /** Ends every connection, so the server can close. */
  close(): void
}

interface Client {
  readonly res: ServerResponse
  readonly pagePath: string
  last: string
}

/**
 * The server side of live reload, over Server-Sent Events: one long response per open tab. Only
 * tabs whose page (or a stylesheet, script or image it may use) changed are told, so editing one
 * service page does not reload a tab showing another one. The client (overlay.ts) reloads when
 * the version differs from the one its page was served with.
 */
export function createReloadHub(versionOf: (pagePath: string) => string): ReloadHub {
  const clients = new Set<Client>()
  const send = (client: Client, version: string) => {
    client.last = version
    client.res.write(`event: version\ndata: ${version}\n\n`)
  }
  // Idle connections are closed by some proxies and sleeping laptops; a comment keeps them open.
  const heartbeat = setInterval(() => {
    for (const c of clients) c.res.write(': ping\n\n')
  }, 20_000)
  heartbeat.unref()

  return {
    connect(res, pagePath) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' })
      // After a server restart the browser retries quickly and then compares versions.
      res.write('retry: 300\n\n')
      const client: Client = { res, pagePath, last: '' }
      clients.add(client)
      res.on('close', () => clients.delete(client))
      send(client, versionOf(pagePath))
    },
    broadcast() {
      let told = 0
      for (const client of clients) {
        const version = versionOf(client.pagePath)
        if (version === client.last) continue
        send(client, version)
        told++
      }
      return told
    },
    openPages() {
      return [...new Set([...clients].map((c) => c.pagePath))]
    },
    close() {
      clearInterval(heartbeat)
      for (const c of clients) c.res.end()
      clients.clear()
    },
  }
}
