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
})
