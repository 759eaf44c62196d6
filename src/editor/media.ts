import { type ImageType, imageTypeOf } from '../config/read/image-type.js'

/** What an upload's file name promises, by its extension. */
const typeOfExtension: Record<string, ImageType> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', svg: 'text' }

/** What an upload was and became, when it was made smaller. */
export interface Resized {
  readonly from: { readonly width: number; readonly height: number; readonly bytes: number }
  readonly to: { readonly width: number; readonly height: number; readonly bytes: number }
}

export type CheckedUpload =
  | { readonly ok: true; readonly bytes: Buffer; readonly resized?: Resized }
  | { readonly ok: false; readonly type: string }

/**
 * Past these an upload is made smaller as it arrives: no page shows an image wider than 1,600 px,
 * and a 15 MB photo makes every save and rebuild take seconds.
 */
export const uploadFit = { bytes: 4 * 1024 * 1024, side: 4000 } as const

/**
 * An image uploaded through the editor, checked like any image of the site: its type is read from
 * its bytes and must be what its name says (an SVG must be an SVG document; the build sanitizes
 * it). A photo's EXIF block, which may hold where it was taken, is dropped, and one past
 * `uploadFit` is made to fit it; the pixels are re-encoded only then, upright as the camera meant
 * them.
 */
export async function checkUpload(name: string, bytes: Buffer): Promise<CheckedUpload> {
  const type = imageTypeOf(bytes)
  const promised = typeOfExtension[name.split('.').pop()!.toLowerCase()]
  const described = type === 'text' ? 'text' : `a ${type.toUpperCase()} image`
  if (type !== promised) return { ok: false, type: described }
  if (type === 'text') {
    return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(bytes.toString('utf8', 0, 4096))
      ? { ok: true, bytes }
      : { ok: false, type: 'text' }
  }
  if (type === 'gif') return { ok: true, bytes }
  const { default: sharp } = await import('sharp')
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined)
  if (!meta?.width || !meta.height) return { ok: false, type: `an unreadable ${type.toUpperCase()} file` }
  const tooBig = bytes.length > uploadFit.bytes || Math.max(meta.width, meta.height) > uploadFit.side
  if (!meta.exif && !tooBig) return { ok: true, bytes }
  const image = sharp(bytes).rotate()
  if (tooBig) image.resize({ width: uploadFit.side, height: uploadFit.side, fit: 'inside', withoutEnlargement: true })
  const quality = tooBig ? 85 : 92
  const out = type === 'jpeg' ? image.jpeg({ quality }) : type === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality })
  const { data, info } = await out.toBuffer({ resolveWithObject: true })
  if (!tooBig) return { ok: true, bytes: data }
  // Upright sizes: a photo taken sideways is stored with its width and height swapped.
  const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
  return {
    ok: true,
    bytes: data,
    resized: { from: { ...upright, bytes: bytes.length }, to: { width: info.width, height: info.height, bytes: data.length } },
  }
}
