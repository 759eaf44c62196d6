import { type ImageType, imageTypeOf } from '../config/read/image-type.js'

/** What an upload's file name promises, by its extension. */
const typeOfExtension: Record<string, ImageType> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', svg: 'text' }

export type CheckedUpload = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly type: string }

/**
 * An image uploaded through the editor, checked like any image of the site: its type is read from
 * its bytes and must be what its name says (an SVG must be an SVG document; the build sanitizes
 * it). A photo's EXIF block, which may hold where it was taken, is dropped; the pixels are
 * re-encoded only then, upright as the camera meant them.
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
  if (!meta) return { ok: false, type: `an unreadable ${type.toUpperCase()} file` }
  if (!meta.exif) return { ok: true, bytes }
  const image = sharp(bytes).rotate()
  const out = type === 'jpeg' ? image.jpeg({ quality: 92 }) : type === 'png' ? image.png() : image.webp({ quality: 92 })
  return { ok: true, bytes: await out.toBuffer() }
}
