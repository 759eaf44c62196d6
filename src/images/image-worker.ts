import sharp from 'sharp'
import type { ImageJob } from '../plan/plan-images.js'
import { drawShareImage } from './draw-share-image.js'
import { encodeImage } from './encode-image.js'

/**
 * The program of the image process (image-process.ts starts it): makes each variant it is sent,
 * encoded with sharp or, for a share image, drawn, and sends its bytes back. A failure goes back
 * as its message, for the caller to report at the YAML line of the image or page.
 */
// libvips's operation cache keeps decoded sources for pipelines run again; each variant is made once.
sharp.cache(false)

process.on('message', async ({ id, job }: { id: number; job: ImageJob }) => {
  try {
    const bytes = job.share ? await drawShareImage({ ...job.share.drawing, title: job.share.title }) : await encodeImage(job)
    process.send!({ id, bytes })
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined }
    process.send!({ id, error: { message, stack } })
  }
})
// The build ended, or was killed: nothing is left to make.
process.on('disconnect', () => process.exit(0))
