import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { openReadCache } from '../../src/config/read/read-cache.js'
import { readImage } from '../../src/config/read/read-image.js'
import type { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, siteFrom } from '../helpers/site.js'

// An image's type is decided by its bytes, SVGs with a DTD or over
// 1 MB, .svgz files, raster images over 40 megapixels and http:// images on an https site are
// errors at the line that names them; none is a crash.

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`

/** A small JPEG whose header says it is 10,000 × 5,000 pixels: only the header is ever read. */
async function hugeJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer()
  const sof = jpeg.findIndex((byte, i) => byte === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2))
  jpeg.writeUInt16BE(5000, sof + 5)
  jpeg.writeUInt16BE(10000, sof + 7)
  return jpeg
}

const post = [
  '---',
  'title: Our pictures',
  'date: 2026-03-01',
  'excerpt: All of them.',
  '---',
  '',
  '![A photo](images/photo.jpg)',
  '![An icon](images/icon.png)',
  '![Compressed](images/logo.svgz)',
  '![Old export](images/doctype.svg)',
  '![Entity](images/entity.svg)',
  '![Too large](images/huge.svg)',
  '![Too many pixels](images/huge.jpg)',
  '![Insecure](http://cdn.example/x.png)',
  '![Secure](https://cdn.example/x.png)',
  '![Broken](images/broken.svg)',
  '',
].join('\n')

describe('images checked by their bytes and sizes', () => {
  it('reports each refused image at its Markdown line, and an http:// image in YAML at its line', async () => {
    const site = await siteFrom('brand', {
      'blog/pictures.md': post,
      'images/photo.jpg': svg('<script>alert(1)</script>'),
      'images/icon.png': `\n  ${svg('')}`,
      'images/doctype.svg': `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('')}`,
      'images/entity.svg': `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>${svg('&x;')}`,
      'images/huge.svg': svg(`<desc>${'x'.repeat(1_000_001)}</desc>`),
      'images/broken.svg': '<svg xmlns="http://www.w3.org/2000/svg"><rect',
      'pages/home.yaml': (await readFile(path.join(fixture('brand'), 'pages/home.yaml'), 'utf8')).replace(
        'image: images/hero.jpg',
        'image: http://cdn.example/hero.jpg',
      ),
    })
    await writeFile(path.join(site, 'images/logo.svgz'), gzipSync(svg('')))
    await writeFile(path.join(site, 'images/huge.jpg'), await hugeJpeg())
    const failure = await loadSite(site).then(
      () => undefined,
      (e: BuildFailure) => e,
    )
    const errors = failure!.errors.map((e) => `${e.file.replace(/^.*\/site\//, '')}:${e.line} ${e.code} ${e.message}`)
    expect(errors).toEqual([
      'blog/pictures.md:7 image-type-mismatch The image "images/photo.jpg" is an SVG drawing, not the .jpg its name says; citypress decides an image\'s type by its contents.',
      'blog/pictures.md:8 image-type-mismatch The image "images/icon.png" is an SVG drawing, not the .png its name says; citypress decides an image\'s type by its contents.',
      'blog/pictures.md:9 bad-image The image "images/logo.svgz" is gzip-compressed (an .svgz file); citypress publishes plain SVG, which hosts compress on their own.',
      'blog/pictures.md:10 unsafe-svg The SVG "images/doctype.svg" has a <!DOCTYPE declaration; citypress does not read SVGs with a DTD, whose entities can expand into script.',
      'blog/pictures.md:11 unsafe-svg The SVG "images/entity.svg" has a <!ENTITY declaration; citypress does not read SVGs with a DTD, whose entities can expand into script.',
      'blog/pictures.md:12 image-too-large The SVG "images/huge.svg" is 1001 kB; citypress publishes SVGs of up to 1000 kB.',
      'blog/pictures.md:13 image-too-large The image "images/huge.jpg" is 10000 × 5000 pixels (50.0 megapixels); citypress reads images of up to 40 megapixels.',
      'blog/pictures.md:14 insecure-image The image http://cdn.example/x.png is fetched over http:// by a site served over https://, so browsers block it or mark the page "Not secure".',
      'blog/pictures.md:16 bad-image The SVG "images/broken.svg" has nothing citypress can publish: it is not well-formed XML, or its root is not an <svg> element in the SVG namespace.',
      'pages/home.yaml:8 insecure-image The image http://cdn.example/hero.jpg is fetched over http:// by a site served over https://, so browsers block it or mark the page "Not secure".',
    ])
    const disguised = failure!.errors.find((e) => e.code === 'image-type-mismatch')!
    expect(formatConfigError(disguised, { color: false })).toContain(
      'hint: Rename the file to images/photo.svg and write that name where the image is used.',
    )
  })

  it('accepts http:// images on a site served over http (a local or staging address)', async () => {
    const site = await siteFrom('brand', {
      'blog/pictures.md': post
        .split('\n')
        .filter((l) => !l.startsWith('![') || l.includes('://'))
        .join('\n'),
    })
    await expect(loadSite(site, { baseUrl: 'http://localhost:8080' })).resolves.toBeTruthy()
  })

  it("takes an SVG's sanitized text from the read cache by the file's hash, without sanitizing again", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'citypress-test-'))
    await writeFile(path.join(dir, 'a.svg'), svg('<script>alert(1)</script>'))
    const reads = await openReadCache()
    const first = await readImage(dir, 'a.svg', reads)
    expect(first.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    // Another file with the same bytes: a new path, so it is read, but its text comes from the cache.
    await writeFile(path.join(dir, 'b.svg'), svg('<script>alert(1)</script>'))
    const marker = svg('<desc>from the cache</desc>')
    const sourceHash = (first as { sourceHash?: string }).sourceHash!
    reads.remember('svgs', sourceHash, { svg: marker })
    expect((await readImage(dir, 'b.svg', reads)).svg).toBe(marker)
  })
})
