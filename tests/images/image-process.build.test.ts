import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { drawShareImage } from '../../src/images/draw-share-image.js'
import { encodeImage } from '../../src/images/encode-image.js'
import { startImageProcess } from '../../src/images/image-process.js'
import { processImages } from '../../src/images/process-images.js'
import type { ImageJob, ShareDrawing } from '../../src/plan/plan-images.js'
import { tempDir } from '../helpers/site.js'

const font = path.resolve('node_modules/@fontsource/inter/files/inter-latin-700-normal.woff')
const drawing = (title: string, fontFile = font): ShareDrawing =>
  ({
    siteName: 'Cedar & Pine',
    host: 'cedar-pine.example',
    background: '#14532d',
    text: '#ffffff',
    accent: '#f59e0b',
    font: fontFile,
    title,
  }) as ShareDrawing

const shareJob = (title: string, fontFile = font, origin = { file: 'pages/page.yaml', path: '/title' }) => {
  const { title: _drawn, ...site } = drawing(title, fontFile)
  return {
    source: { src: 'share images', absolutePath: fontFile, width: 1200, height: 630, format: 'share', hash: 'abc' },
    outputPath: 'assets/share/page-abc.jpg',
    width: 1200,
    format: 'jpeg',
    share: { page: '/contact', origin, title, drawing: site },
  } as ImageJob
}

// Variants are made in a process of their own, whose memory is returned when it ends.
describe('the image process', () => {
  it('draws share images and encodes photos byte for byte as this process does', async () => {
    const images = startImageProcess()
    try {
      const photo = {
        source: {
          src: 'images/hero-home.jpg',
          absolutePath: path.resolve('sites/greenway/images/hero-home.jpg'),
          width: 1,
          height: 1,
          format: 'jpeg',
          hash: 'h',
        },
        outputPath: 'assets/images/hero-home.webp',
        width: 640,
        format: 'webp',
        quality: 75,
      } as ImageJob
      const [shared, again, encoded] = await Promise.all([
        images.make(shareJob('Tree Pruning in Springfield')),
        images.make(shareJob('Stump Grinding in Dayton')),
        images.make(photo),
      ])
      expect(Buffer.from(shared).equals(Buffer.from(await drawShareImage(drawing('Tree Pruning in Springfield'))))).toBe(true)
      expect(Buffer.from(again).equals(Buffer.from(await drawShareImage(drawing('Stump Grinding in Dayton'))))).toBe(true)
      expect(Buffer.from(encoded).equals(Buffer.from(await encodeImage(photo)))).toBe(true)
    } finally {
      await images.close()
    }
  })

  it('blames only the page whose share image kills the process: the pages drawn beside it are made again alone', async () => {
    const images = startImageProcess({ heapMb: 24 })
    try {
      const made = await Promise.allSettled([
        images.make(shareJob('Tree Pruning in Springfield')),
        images.make(shareJob('Tree Pruning '.repeat(200_000))),
        images.make(shareJob('Stump Grinding in Dayton')),
        images.make(shareJob('Storm Cleanup in Xenia')),
      ])
      expect(made.map((m) => m.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
      expect(String((made[1] as PromiseRejectedResult).reason)).toMatch(/the image process stopped \(.*heap out of memory\)/)
      // The process it killed is replaced: the next page is drawn.
      expect((await images.make(shareJob('Tree Pruning in Springfield'))).byteLength).toBeGreaterThan(1000)
    } finally {
      await images.close()
    }
  })

  it("reports a share image it cannot draw at its page's YAML line, as the main thread did", async () => {
    const dir = await tempDir()
    const notAFont = path.join(dir, 'heading.woff')
    await writeFile(notAFont, 'not a font')
    const origin = { file: 'pages/contact.yaml', line: 3, column: 1, path: '/title' }
    const job = shareJob('Contact', notAFont, origin)
    const { errors, encoded } = await processImages({ jobs: [job], cacheDir: false })
    expect(encoded).toBe(0)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ name: 'ConfigError', code: 'render-failed', file: 'pages/contact.yaml', line: 3 })
    expect(errors[0]!.message).toMatch(/^The share image of \/contact could not be drawn \(.+\)\.$/)
    // Every page's image has the one source: each page is still told of.
    const other = { ...shareJob('About', notAFont, origin), outputPath: 'assets/share/about-abc.jpg' }
    const both = await processImages({ jobs: [job, { ...other, share: { ...other.share!, page: '/about' } }], cacheDir: false })
    expect(both.errors.map((e) => e.message.split(' could')[0])).toEqual(['The share image of /contact', 'The share image of /about'])
  })
})
