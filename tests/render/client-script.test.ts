import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import type { OutputFile } from '../../src/types.js'
import { siteFrom } from '../helpers/site.js'

// Issue point 1: one small script, and none at all on a page without widgets.
const buildFiles = async (site: string) => (await build({ site, write: false, cacheDir: false })).files
const page = (files: readonly OutputFile[], path: string) => String(files.find((f) => f.path === path)!.contents)

describe('the client script', () => {
  it('is at most 6 KB gzip-compressed with every widget in it', async () => {
    const files = await buildFiles(await siteFrom('widgets'))
    const scripts = files.filter((f) => /^assets\/.*\.js$/.test(f.path))
    expect(scripts).toHaveLength(1)
    expect(gzipSync(scripts[0]!.contents).byteLength).toBeLessThanOrEqual(6 * 1024)
  })

  it('is loaded once, as a module, by pages with widgets', async () => {
    const files = await buildFiles(await siteFrom('widgets'))
    expect(page(files, 'contact.html').match(/<script type="module" src="\/assets\/[^"]+\.js"><\/script>/g)).toHaveLength(1)
  })

  it('is not loaded by a page without any widget', async () => {
    // A site header of its own without the header widget, and no analytics: nothing to enhance.
    const site = await siteFrom('minimal', {
      'templates/shell/Header.tsx': 'export function Header() {\n  return <header><a href="/">Home</a></header>\n}\n',
    })
    const html = page(await buildFiles(site), 'index.html')
    expect(html).not.toContain('data-widget=')
    // Only scripts that run count (the head's JSON-LD is data).
    expect(html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g)).toBeNull()
  })
})
