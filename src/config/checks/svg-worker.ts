import { parentPort } from 'node:worker_threads'
import { drawIcon, loadPurifier, purifySvg } from './svg-purifier.js'

/**
 * The program of the SVG sanitizer's thread (sanitize-svg.ts starts it): sanitizes each SVG it is
 * sent, or draws it as an icon, and sends the result back; a failure goes back as its message.
 */
export type SvgRequest =
  | { readonly kind: 'sanitize'; readonly text: string }
  | { readonly kind: 'icon'; readonly svg: string; readonly size: { width: number; height: number } }

// Loaded now, not when the first SVG comes: the thread is started to load it while the YAML is
// parsed. A failure to load is the first request's to report.
loadPurifier().catch(() => undefined)

parentPort!.on('message', async (request: SvgRequest & { readonly id: number }) => {
  try {
    const value = request.kind === 'sanitize' ? await purifySvg(request.text) : await drawIcon(request.svg, request.size)
    parentPort!.postMessage({ id: request.id, value })
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined }
    parentPort!.postMessage({ id: request.id, error: { message, stack } })
  }
})
