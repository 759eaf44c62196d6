import type { ImageJob } from '../plan/plan-images.js'

/**
 * Encodes one variant with sharp. `failOn: 'truncated'` makes a cut-off file an error instead of
 * a half-grey image; `rotate()` applies EXIF orientation before the metadata is dropped (phones
 * store portraits sideways); metadata (GPS position included) is never copied to the output.
 */
export async function encodeImage(job: ImageJob): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp')
  const image = sharp(job.source.absolutePath, { failOn: 'truncated' })
    .rotate()
    .resize({ width: job.width, withoutEnlargement: true })
  switch (job.format) {
    case 'avif':
      // effort 4 is sharp's default: higher costs seconds per image for a few percent.
      return image.avif({ quality: job.quality, effort: 4 }).toBuffer()
    case 'webp':
      return image.webp({ quality: job.quality, effort: 4 }).toBuffer()
    case 'jpeg':
      // A JPEG cannot be transparent: put transparent sources on white rather than black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: job.quality, mozjpeg: true }).toBuffer()
    case 'png':
      return image.png({ compressionLevel: 9, effort: 7, palette: true, quality: 90 }).toBuffer()
    case 'copy':
      throw new Error('copied files are not encoded')
  }
}
