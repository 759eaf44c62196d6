import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// A site under a sub-path gets the base on the addresses its stylesheet names too: the fonts
// a page preloads are the fonts it uses.
describe('the stylesheet of a site under a sub-path', () => {
  it('names its fonts under the base, the same addresses the pages preload', async () => {
    const site = await warmSiteFrom('minimal')
    const { files } = await build({ site, baseUrl: 'https://tidy.github.io/green', write: false, cacheDir: false })
    const text = (file: { contents: string | Uint8Array }) => Buffer.from(file.contents).toString('utf8')
    const css = text(files.find((f) => /^assets\/site-\w+\.css$/.test(f.path))!)
    const fontUrls = [...css.matchAll(/url\("?([^")]+\.woff2)"?\)/g)].map((m) => m[1]!)
    expect(fontUrls.length).toBeGreaterThan(0)
    for (const url of fontUrls) expect(url).toMatch(/^\/green\/assets\//)
    const home = text(files.find((f) => f.path === 'index.html')!)
    const preloaded = [...home.matchAll(/<link rel="preload" href="([^"]+\.woff2)"/g)].map((m) => m[1]!)
    expect(preloaded.length).toBeGreaterThan(0)
    for (const url of preloaded) expect(fontUrls).toContain(url)
  })
})
