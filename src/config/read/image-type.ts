/**
 * An image's type, decided by its first bytes (the formats' magic numbers), never by its file
 * name: an SVG saved as photo.jpg is still a document that runs script when opened, and it must
 * be sanitized like any SVG. Anything that is not a raster format sharp reads is text
 * to be read as an SVG, so no unsanitized markup ever reaches sharp.
 */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'tiff' | 'gzip' | 'text'

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

export function imageTypeOf(bytes: Uint8Array): ImageType {
  const [a, b, c, d] = bytes
  if (a === 0xff && b === 0xd8 && c === 0xff) return 'jpeg'
  if (a === 0x89 && ascii(bytes, 1, 4) === 'PNG') return 'png'
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  // ISO base media files (AVIF, HEIC): a box size, then `ftyp`.
  if (ascii(bytes, 4, 8) === 'ftyp') return 'heif'
  if ((a === 0x49 && b === 0x49 && c === 0x2a && d === 0x00) || (a === 0x4d && b === 0x4d && c === 0x00 && d === 0x2a)) return 'tiff'
  if (a === 0x1f && b === 0x8b) return 'gzip'
  return 'text'
}
