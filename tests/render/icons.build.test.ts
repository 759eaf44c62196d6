import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// Icons and the web manifest from site.yaml `icon`.
let outDir: string
let imageCacheDir: string
let site: string
let firstEncoded: number

beforeAll(async () => {
  ;[site, outDir, imageCacheDir] = await Promise.all([siteFrom('brand'), tempDir(), tempDir()])
  firstEncoded = (await build({ site, outDir, cacheDir: false, imageCacheDir })).images.encoded
})

const headLink = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1]
const output = (url: string) => path.join(outDir, url)

describe('site icons', () => {
  it('links a fingerprinted favicon, Apple touch icon and manifest from every page, and each file is there', async () => {
    for (const page of ['index.html', 'contact.html', 'services/tree-pruning.html']) {
      const html = await readFile(output(page), 'utf8')
      const links = { icon: headLink(html, 'icon'), touch: headLink(html, 'apple-touch-icon'), manifest: headLink(html, 'manifest') }
      expect(links).toEqual({
        icon: expect.stringMatching(/^\/assets\/icons\/favicon-[0-9a-f]{10}\.svg$/),
        touch: expect.stringMatching(/^\/assets\/icons\/apple-touch-icon-[0-9a-f]{10}\.png$/),
        manifest: expect.stringMatching(/^\/assets\/site-[0-9a-f]{10}\.webmanifest$/),
      })
      for (const url of Object.values(links)) await expect(readFile(output(url!))).resolves.toBeTruthy()
      expect(html).toContain('<meta name="theme-color" content="#1f6f43"/>')
    }
  })

  it('makes an opaque 180 px touch icon and 192 and 512 px manifest icons named in the manifest', async () => {
    const html = await readFile(output('index.html'), 'utf8')
    const touch = await sharp(output(headLink(html, 'apple-touch-icon')!)).metadata()
    expect([touch.width, touch.height, touch.hasAlpha]).toEqual([180, 180, false])
    const manifest = JSON.parse(await readFile(output(headLink(html, 'manifest')!), 'utf8'))
    expect(manifest).toMatchObject({
      name: 'Cedar & Pine Tree Care',
      short_name: 'Cedar & Pine',
      theme_color: '#1f6f43',
      background_color: '#ffffff',
      start_url: '/',
      lang: 'en',
      dir: 'ltr',
    })
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const meta = await sharp(output(icon.src)).metadata()
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes)
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512'])
  })

  it('encodes the icons once: a warm build takes them from the image cache', async () => {
    expect(firstEncoded).toBeGreaterThan(0)
    const warm = await build({ site, outDir: await tempDir(), cacheDir: false, imageCacheDir })
    expect(warm.images.encoded).toBe(0)
  })
})
