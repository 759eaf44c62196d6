import { parentPort } from 'node:worker_threads'
import sharp from 'sharp'
import { drawShareImage } from './draw-share-image.js'
import type { ShareDrawing } from '../types.js'

/**
 * The program of the share-image thread (share-image-thread.ts starts it): draws each image it is
 * sent and sends the JPEG back, handing over its memory rather than copying it. A failure goes
 * back as its message, for the caller to report at the page's YAML line.
 */
// libvips's operation cache belongs to the process, and only adds to its peak (encode-image.ts).
sharp.cache(false)

parentPort!.on('message', async ({ id, drawing }: { id: number; drawing: ShareDrawing }) => {
  try {
    const drawn = await drawShareImage(drawing)
    // sharp gives each image a buffer of its own; were it a view into a larger one, handing that over would send the rest too.
    const bytes = drawn.byteLength === drawn.buffer.byteLength ? drawn : new Uint8Array(drawn)
    parentPort!.postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer])
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined }
    parentPort!.postMessage({ id, error: { message, stack } })
  }
})
