import type { ServerResponse } from 'node:http'

export interface ReloadHub {
  /**
   * Keeps an EventSource connection for the page at `pagePath`, whose tab shows `shown` (the
   * version it was served with), and sends the current version at once if it differs.
   */
  connect(res: ServerResponse, pagePath: string, shown: string): void
  /** Sends every open page whose version changed its new version; returns how many were told. */
  broadcast(): number
  /** The paths of the pages open in a browser right now. */
  openPages(): string[]
  /** Ends every connection, so the server can close. */
  close(): void
}

/** What a tab at a path would be served now: its version, and the HTML when it is a page. */
export interface PageView {
  readonly version: string
  readonly html: () => string | undefined
}

interface Client {
  readonly res: ServerResponse
  readonly pagePath: string
  last: string
}

/**
 * The server side of live reload, over Server-Sent Events: one long response per open tab. Only
 * tabs whose page (or a stylesheet, script or image it may use) changed are told, so editing one
 * service page does not reload a tab showing another one. Each message carries the page's new
 * HTML, so the client (overlay.ts) patches the open document without asking for it again.
 */
export function createReloadHub(viewOf: (pagePath: string) => PageView): ReloadHub {
  const clients = new Set<Client>()
  const send = (client: Client, view: PageView) => {
    client.last = view.version
    // JSON keeps the HTML on one `data:` line (a newline would end the field).
    client.res.write(`event: version\ndata: ${JSON.stringify({ version: view.version, html: view.html() })}\n\n`)
  }
  // Idle connections are closed by some proxies and sleeping laptops; a comment keeps them open.
  const heartbeat = setInterval(() => {
    for (const c of clients) c.res.write(': ping\n\n')
  }, 20_000)
  heartbeat.unref()

  return {
    connect(res, pagePath, shown) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' })
      // After a server restart the browser retries quickly and then compares versions.
      res.write('retry: 300\n\n')
      const client: Client = { res, pagePath, last: shown }
      clients.add(client)
      res.on('close', () => clients.delete(client))
      // A rebuild may have finished between serving the page and this connection.
      const view = viewOf(pagePath)
      if (view.version !== shown) send(client, view)
    },
    broadcast() {
      let told = 0
      for (const client of clients) {
        const view = viewOf(client.pagePath)
        if (view.version === client.last) continue
        send(client, view)
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
