import { createHash } from 'node:crypto'
import { BuildFailure } from '../errors/config-error.js'
import { formatConfigError } from '../errors/format.js'
import { sourceStack } from '../errors/source-stack.js'
import { escapeHtml } from './form-capture.js'

/** Where the reload client listens (Server-Sent Events). */
export const eventsPath = '/__citypress/events'

/** Where preview serves idiomorph, the DOM morphing library the client patches pages with. */
export const morphPath = '/__citypress/idiomorph.js'

/**
 * The live-reload client, injected into every HTML page preview serves and never into a build.
 * It connects with the version its page was served with; the server answers with the page's
 * current version and HTML whenever they differ from what the tab shows (live-reload.ts), which
 * also catches a rebuild that finished between the page load and the connection, and a restarted
 * server that built something else meanwhile.
 *
 * The client morphs the open document into the new HTML with idiomorph (as Turbo's page refresh
 * does): no navigation, so the edit shows in a few milliseconds instead of a full reload's 75 ms
 * or more, and the scroll position stays. Only the parts whose markup changed are morphed: the
 * head, and each top-level element of the body that differs from what was shown. The widgets
 * (templates/widgets) are mounted once by the site's script and keep their state in the DOM, so
 * a patch must never touch them: a [data-widget] element whose server markup is unchanged is
 * left as it is (its markup as served is noted here, before the site's module script mounts it).
 * Anything else (a widget's markup changed, one added, another script or stylesheet, the error
 * page coming or going) makes it a full reload. `performance.mark('citypress:patched')` tells
 * the benchmark and the tests when a patch landed.
 */
export function reloadClient(version: string): string {
  return `<script id="__citypress_reload">(()=>{
let v=${JSON.stringify(version)}
const widgets=(d)=>[...d.querySelectorAll("[data-widget]")].map((e)=>e.outerHTML).join("\\0")
const assets=(d)=>[...d.querySelectorAll("script[src],link[rel=stylesheet]")].map((e)=>e.getAttribute("src")||e.getAttribute("href")).join(" ")
const parts=(d)=>[...d.body.children].filter((e)=>e.id!=="__citypress_reload")
const served=widgets(document)
let head=document.head.innerHTML,live=parts(document),shown=live.map((e)=>e.outerHTML)
const morph=import(${JSON.stringify(morphPath)}).then((m)=>m.Idiomorph,()=>undefined)
const s=new EventSource(${JSON.stringify(eventsPath)}+"?path="+encodeURIComponent(location.pathname)+"&version="+encodeURIComponent(v))
let queue=Promise.resolve()
s.addEventListener("version",(e)=>{const page=JSON.parse(e.data);queue=queue.then(()=>page.version===v?undefined:patch(page))})
const reload=()=>{s.close();location.reload()}
async function patch(page){
try{
const Idiomorph=await morph
if(!Idiomorph||page.html===undefined)return reload()
const doc=new DOMParser().parseFromString(page.html,"text/html")
if(assets(doc)!==assets(document)||widgets(doc)!==served)return reload()
doc.getElementById("__citypress_reload")?.remove()
let unsafe=false
const callbacks={
beforeNodeMorphed:(old)=>!(old instanceof Element&&(old.hasAttribute("data-widget")||old.id==="__citypress_reload")),
beforeNodeAdded:(node)=>{if(node instanceof Element&&(node.matches("[data-widget]")||node.querySelector("[data-widget]")))unsafe=true},
beforeNodeRemoved:(node)=>!(node instanceof Element&&node.id==="__citypress_reload"),
}
const nextHead=doc.head.innerHTML,next=parts(doc),markup=next.map((e)=>e.outerHTML)
if(nextHead!==head)Idiomorph.morph(document.head,doc.head.childNodes,{morphStyle:"innerHTML",callbacks})
if(next.length===live.length&&next.every((e,i)=>e.tagName===live[i].tagName&&live[i].isConnected)){
next.forEach((e,i)=>{if(markup[i]!==shown[i])Idiomorph.morph(live[i],e,{morphStyle:"outerHTML",callbacks})})
}else Idiomorph.morph(document.body,doc.body.childNodes,{morphStyle:"innerHTML",callbacks})
if(unsafe)return reload()
head=nextHead;live=parts(document);shown=markup;v=page.version
performance.mark("citypress:patched")
}catch(error){console.error(error);reload()}
}
})()</script>`
}

/** The reload client's script text (inside its tag), for the page's Content-Security-Policy. */
export function reloadScript(version: string): string {
  const tag = reloadClient(version)
  return tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'))
}

/**
 * Adds the reload client before `</body>` (or at the end of a fragment without one), and allows it
 * by its hash in the page's own `<meta http-equiv="Content-Security-Policy">` (hosts that send no
 * headers), as hostHeaders (host-headers.ts) does in the header elsewhere.
 */
export function injectReloadClient(html: string, version: string): string {
  const page = allowInMetaPolicy(html, reloadScript(version))
  const at = page.lastIndexOf('</body>')
  const script = reloadClient(version)
  return at === -1 ? page + script : page.slice(0, at) + script + page.slice(at)
}

const metaPolicyTag = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)("\/?>)/i

/** The page with `script` allowed by its SHA-256 in its meta policy's script-src; unchanged without one. */
export function allowInMetaPolicy(html: string, script: string): string {
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`
  return html.replace(metaPolicyTag, (_all, head: string, content: string, tail: string) => {
    // The attribute is written with character references (templates/render.tsx): read, change, write back.
    const policy = content.replace(/&#(\d+);/g, (_ref, code: string) => String.fromCharCode(Number(code)))
    const allowed = policy
      .split('; ')
      .map((directive) => (directive.startsWith('script-src ') ? `${directive} ${hash}` : directive))
      .join('; ')
    return head + allowed.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`) + tail
  })
}

/**
 * The terminal's error text as plain text: the same file:line:column, code frame and hint as
 * `formatConfigError` prints, or the stack of an internal error (a bug in citypress).
 */
export function describeFailure(error: unknown): { title: string; blocks: string[] } {
  if (error instanceof BuildFailure) {
    const count = error.errors.length
    return {
      title: `The site has ${count} error${count === 1 ? '' : 's'}`,
      blocks: error.errors.map((e) => formatConfigError(e, { color: false })),
    }
  }
  return { title: 'Internal error in citypress (not in your site)', blocks: [sourceStack(error)] }
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
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)} · citypress preview</title><style>${style}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>\n${errors}\n<p>Fix the file and save it: this page reloads by itself. The terminal shows the same report.</p></main>` +
    `${reloadClient(version)}</body></html>`
  )
}
