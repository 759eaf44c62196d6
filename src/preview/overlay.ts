import { BuildFailure } from '../errors/config-error.js'
import { formatConfigError } from '../errors/format.js'
import { escapeHtml } from './form-capture.js'

/** Where the reload client listens (Server-Sent Events). */
export const eventsPath = '/__citypress/events'

/**
 * The live-reload client, injected into every HTML page preview serves and never into a build.
 * `version` names what the page was served with; the server sends the page's current version on
 * connect and after each rebuild, and the page reloads when the two differ. Comparing with what
 * was served (not with the first message) also catches a rebuild that finished between the page
 * load and the connection, and a restarted server that built something else meanwhile.
 */
export function reloadClient(version: string): string {
  return `<script>(()=>{const v=${JSON.stringify(version)};const s=new EventSource(${JSON.stringify(eventsPath)}+"?path="+encodeURIComponent(location.pathname));s.addEventListener("version",(e)=>{if(e.data!==v){s.close();location.reload()}})})()</script>`
}

/** Adds the reload client before `</body>` (or at the end of a fragment without one). */
export function injectReloadClient(html: string, version: string): string {
  const at = html.lastIndexOf('</body>')
  const script = reloadClient(version)
  return at === -1 ? html + script : html.slice(0, at) + script + html.slice(at)
}

/**
 * The terminal's error report as plain text: the same file:line:column, code frame and hint as
 * `formatConfigError` prints, or the stack of an internal error (a bug in citypress).
 */
export function describeFailure(error: unknown): { title: string; blocks: string[] } {
  if (error instanceof BuildFailure) {
    const count = error.errors.length
    return { title: `The site has ${count} error${count === 1 ? '' : 's'}`, blocks: error.errors.map((e) => formatConfigError(e, { color: false })) }
  }
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error)
  return { title: 'Internal error in citypress (not in your site)', blocks: [text] }
}

/**
 * The page every HTML request gets while the last rebuild failed (Vite's overlay, as a whole
 * page). It carries the reload client, so saving a fix brings the site back without a restart.
 */
export function errorPage(error: unknown, version: string): string {
  const { title, blocks } = describeFailure(error)
  const style = [
    'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#1b1b1f;color:#e8e8ea}',
    'main{max-width:960px;margin:0 auto;padding:2rem 1.25rem}',
    'h1{font-size:1.4rem;color:#ff8a80;margin:0 0 1rem}',
    'pre{background:#0f0f12;border-left:4px solid #ff5252;padding:1rem 1.25rem;overflow-x:auto;font:14px/1.55 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre}',
    'p{color:#b8b8c0}',
  ].join('')
  const errors = blocks.map((b) => `<pre class="citypress-error">${escapeHtml(b)}</pre>`).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)} · citypress preview</title><style>${style}</style></head>`
    + `<body><main><h1>${escapeHtml(title)}</h1>\n${errors}\n<p>Fix the file and save it: this page reloads by itself. The terminal shows the same report.</p></main>`
    + `${reloadClient(version)}</body></html>`
}
