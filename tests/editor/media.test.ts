import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { checkUpload } from '../../src/editor/media.js'

describe('an image uploaded through the editor', () => {
  it('loses the EXIF block of a photo, where a phone writes its location', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 6/1 0/1' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const checked = await checkUpload('images/roof.jpg', photo)
    expect(checked.ok).toBe(true)
    if (checked.ok) expect((await sharp(checked.bytes).metadata()).exif).toBeUndefined()
  })

  it('is refused when its bytes are not the type its name says', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .png()
      .toBuffer()
    expect(await checkUpload('images/photo.jpg', png)).toEqual({ ok: false, type: 'a PNG image' })
    expect(await checkUpload('images/logo.svg', Buffer.from('<html><script>alert(1)</script></html>'))).toEqual({ ok: false, type: 'text' })
    expect((await checkUpload('images/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).ok).toBe(true)
  })

  it('is made to fit 4,000 px when larger, upright, its EXIF dropped, and says what it was', async () => {
    // Stored 300 × 5000 and taken sideways (orientation 6): upright it is 5000 × 300.
    const sideways = await sharp({ create: { width: 300, height: 5000, channels: 3, background: '#468' } })
      .withExif({ IFD0: { Make: 'Phone' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const checked = await checkUpload('images/wall.jpg', sideways)
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    const meta = await sharp(checked.bytes).metadata()
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([4000, 240, undefined, undefined])
    expect(checked.resized).toMatchObject({ from: { width: 5000, height: 300 }, to: { width: 4000, height: 240 } })
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } })
      .png()
      .toBuffer()
    expect(await checkUpload('images/small.png', small)).toEqual({ ok: true, bytes: small })
  })
})
