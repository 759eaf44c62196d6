import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { validationErrors } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// A business's own icon (icons/raccoon.svg) where a Lucide name is taken: sanitized by the one SVG
// sanitizer, kept to its shapes, drawn in the colour of the text around it at the others' size.

const home = (icons: readonly string[]) =>
  [
    'path: /',
    'title: Tidy offices',
    'sections:',
    '  - type: hero',
    '    title: Clean offices, every night',
    '  - type: features',
    '    heading: Why us',
    '    items:',
    ...icons.map((icon, i) => `      - { icon: ${icon}, title: Point ${i + 1}, description: Said plainly. }`),
    '',
  ].join('\n')

/** A drawing tool's export: a script, a style for the whole page, a gradient, text, a link and shapes in colours of their own. */
const raccoon = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32" fill="none" stroke="#1c1917" stroke-width="2">
  <script>alert(1)</script>
  <style>body { display: none }</style>
  <defs><linearGradient id="fur"><stop offset="0" stop-color="#777"/></linearGradient></defs>
  <g id="face" fill="#444"><path d="M4 4h40v24H4z" style="fill: red"/><circle cx="16" cy="14" r="3" fill="url(#fur)"/></g>
  <text x="0" y="30">raccoon</text>
  <a href="javascript:alert(1)"><rect width="4" height="4"/></a>
</svg>
`

async function siteWith(icons: readonly string[], files: Record<string, string> = {}): Promise<string> {
  const site = await warmSiteFrom('minimal', { 'pages/home.yaml': home(icons), ...files })
  await mkdir(path.join(site, 'icons'), { recursive: true })
  return site
}

beforeAll(() => warmFixture('minimal'))

describe("a site's own icon", () => {
  it('is drawn inline at the size of the others, in the colour of the text, with only its shapes', async () => {
    const site = await siteWith(['icons/raccoon.svg', 'shield-check'], { 'icons/raccoon.svg': raccoon })
    const { files } = await build({ site, write: false, cacheDir: false })
    const html = files.find((f) => f.path === 'index.html')!.contents.toString()
    const own = /<svg[^>]*class="own-icon[^"]*"[^>]*>.*?<\/svg>/s.exec(html)?.[0]
    const lucide = /<svg[^>]*class="lucide lucide-shield-check[^"]*"[^>]*>/.exec(html)?.[0]
    expect(own).toBeDefined()
    const size = (svg: string) => /width="(\d+)" height="(\d+)"/.exec(svg)?.slice(1)
    expect(size(own!)).toEqual(size(lucide!))
    expect(own).toContain('viewBox="0 0 48 32"')
    expect(own).toContain(
      '<g fill="none" stroke="currentColor" stroke-width="2"><g fill="currentColor"><path d="M4 4h40v24H4z"/><circle cx="16" cy="14" r="3" fill="currentColor"/></g></g>',
    )
    for (const gone of ['script', 'style', 'alert', 'display', 'linearGradient', 'raccoon</text>', 'id="face"', 'href', '#1c1917'])
      expect(own, gone).not.toContain(gone)
  })

  it('is refused at its line when it is not an SVG drawing, has no shape, or is not there, with the site icons in the hint', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const site = await siteWith(['icons/photo.svg', 'icons/words.svg', 'racoon', 'icons/badger.svg'], {
      'icons/words.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text>Hi</text></svg>',
      'icons/raccoon.svg': raccoon,
    })
    await writeFile(path.join(site, 'icons/photo.svg'), png)
    const errors = await validationErrors(site)
    expect(errors.map((e) => [e.code, path.basename(e.file ?? ''), e.line])).toEqual(
      expect.arrayContaining([
        ['bad-image', 'home.yaml', 9],
        ['bad-image', 'home.yaml', 10],
        ['missing-reference', 'home.yaml', 11],
        ['missing-reference', 'home.yaml', 12],
      ]),
    )
    const text = (line: number) => errors.filter((e) => e.line === line).map((e) => `${e.message} ${e.hint}`)
    expect(text(10)[0]).toContain('has no shape an icon can draw')
    expect(text(11)[0]).toContain('Did you mean "icons/raccoon.svg"?')
    expect(text(12)[0]).toContain("The site's own: icons/photo.svg, icons/raccoon.svg, icons/words.svg.")
  })
})
