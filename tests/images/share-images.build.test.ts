import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { pageTitle } from '../../templates/seo/share-image.js'
import { fixture, siteFrom } from '../helpers/site.js'

// A 1200 × 630 share image per page, drawn from the brand at build.
async function buildInMemory(files: Record<string, string> = {}) {
  const site = await siteFrom('brand', files)
  const result = await build({ site, write: false, cacheDir: false, imageCacheDir: false })
  const file = (name: string) => result.files.find((f) => f.path === name)?.contents
  const ogImage = (page: string) =>
    /<meta property="og:image" content="https:\/\/cedar-pine\.example\/([^"]+)"/.exec(String(file(page)))?.[1]
  return { result, file, ogImage }
}

/** The unchanged fixture, built once with every image drawn: the first three tests only read it. */
let unchanged: ReturnType<typeof buildInMemory>
beforeAll(async () => {
  unchanged = buildInMemory()
  // Built here, where a hook has more time than a test; a failure is reported by the tests that await it.
  await unchanged.catch(() => undefined)
})

describe('share images', () => {
  it('gives a landing page its own 1200 × 630 image with its city and service, drawn as a JPEG', async () => {
    const { file, ogImage } = await unchanged
    const image = ogImage('lp/springfield-tree-pruning.html')!
    expect(image).toMatch(/^assets\/share\/lp-springfield-tree-pruning-[0-9a-f]{12}\.jpg$/)
    const meta = await sharp(file(image) as Uint8Array).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    expect(String(file('lp/springfield-tree-pruning.html'))).toContain(
      '<meta property="og:image:alt" content="Tree Pruning in Springfield, IL"/>',
    )
    expect(String(file('lp/springfield-tree-pruning.html'))).toContain(
      `<meta name="twitter:image" content="https://cedar-pine.example/${image}"/>`,
    )
  })

  it('lets a page keep its own image from YAML and draws one for pages without', async () => {
    const { ogImage } = await unchanged
    expect(ogImage('index.html')).toMatch(/^assets\/images\/hero-/)
    expect(ogImage('contact.html')).toMatch(/^assets\/share\/contact-[0-9a-f]{12}\.jpg$/)
  })

  it('names each image by what it draws: a new brand colour gives every page a new image', async () => {
    const before = (await unchanged).ogImage('contact.html')
    const yaml = (await readFile(path.join(fixture('brand'), 'site.yaml'), 'utf8')).replace(
      'primaryDark: "#14532d"',
      'primaryDark: "#1e3a2a"',
    )
    const after = await buildInMemory({ 'site.yaml': yaml })
    expect(after.ogImage('contact.html')).not.toBe(before)
    const pixel = await sharp(after.file(after.ogImage('contact.html')!) as Uint8Array)
      .extract({ left: 5, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer()
    // The background is the new colour (JPEG may move a channel by a step or two).
    expect([...pixel].map((c, i) => Math.abs(c - [0x1e, 0x3a, 0x2a][i]!) <= 3)).toEqual([true, true, true])
  })

  it("takes the site's titleTemplate off the title it draws", () => {
    expect(pageTitle('Contact | Cedar & Pine', '%s | Cedar & Pine')).toBe('Contact')
    expect(pageTitle('Tree Pruning', '%s | Cedar & Pine')).toBe('Tree Pruning')
  })
})
