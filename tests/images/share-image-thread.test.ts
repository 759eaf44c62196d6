import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { drawShareImage } from '../../src/images/draw-share-image.js'
import { processImages } from '../../src/images/process-images.js'
import { startShareImageThread } from '../../src/images/share-image-thread.js'
import type { ImageJob } from '../../src/plan/plan-images.js'
import type { ShareDrawing } from '../../src/types.js'
import { tempDir } from '../helpers/site.js'

const font = path.resolve('node_modules/@fontsource/inter/files/inter-latin-700-normal.woff')
const drawing = (title: string, fontFile = font): ShareDrawing =>
  ({ siteName: 'Cedar & Pine', host: 'cedar-pine.example', background: '#14532d', text: '#ffffff', accent: '#f59e0b', font: fontFile, title }) as ShareDrawing

// Issue 19: share images are drawn on a thread of their own, whose garbage stays in its small heap.
describe('the share image thread', () => {
  it('draws a share image byte for byte as the main thread draws it', async () => {
    const thread = startShareImageThread()
    try {
      const [onThread, again] = await Promise.all([thread.draw(drawing('Tree Pruning in Springfield')), thread.draw(drawing('Stump Grinding in Dayton'))])
      expect(Buffer.from(onThread).equals(Buffer.from(await drawShareImage(drawing('Tree Pruning in Springfield'))))).toBe(true)
      expect(Buffer.from(again).equals(Buffer.from(await drawShareImage(drawing('Stump Grinding in Dayton'))))).toBe(true)
    } finally {
      await thread.close()
    }
  })

  it('fails the drawings in hand when the thread runs out of memory, then draws the next on a new thread', async () => {
    const thread = startShareImageThread({ heapMb: 48 })
    try {
      await expect(thread.draw(drawing('Tree Pruning '.repeat(50_000)))).rejects.toThrow(/the share image thread stopped/)
      expect((await thread.draw(drawing('Tree Pruning in Springfield'))).byteLength).toBeGreaterThan(1000)
    } finally {
      await thread.close()
    }
  })

  it('reports a share image it cannot draw at its page\'s YAML line, as the main thread did', async () => {
    const dir = await tempDir()
    const notAFont = path.join(dir, 'heading.woff')
    await writeFile(notAFont, 'not a font')
    const origin = { file: 'pages/contact.yaml', line: 3, column: 1, path: '/title' }
    const source = { src: 'share image of /contact', absolutePath: notAFont, width: 1200, height: 630, format: 'share', hash: 'abc', origin }
    const job = { source, outputPath: 'assets/share/contact-abc.jpg', width: 1200, format: 'jpeg', share: drawing('Contact', notAFont) } as ImageJob
    const { errors, encoded } = await processImages({ jobs: [job], cacheDir: false })
    expect(encoded).toBe(0)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ name: 'ConfigError', code: 'bad-image', file: 'pages/contact.yaml', line: 3 })
    expect(errors[0]!.message).toMatch(/^The image "share image of \/contact" cannot be decoded; .*\(.+\)\.$/)
  })
})
