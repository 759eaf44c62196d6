/** Types of bin/audit-server.mjs, for the tests that serve a build the way Netlify does. */
export interface AuditServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  /** Serves this output folder (reads its _headers and _redirects). */
  setRoot(dir: string): void
  close(): Promise<void>
}

export function startServer(): Promise<AuditServer>
