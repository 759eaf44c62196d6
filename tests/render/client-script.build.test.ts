import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build as esbuild, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import type { OutputFile } from '../../src/types.js'
import { fixtureBuild } from '../helpers/example-build.js'
import { repoRoot, siteFrom } from '../helpers/site.js'

// One small script, and none at all on a page without widgets.
const buildFiles = async (site: string) => (await build({ site, write: false, cacheDir: false })).files
const page = (files: readonly OutputFile[], path: string) => String(files.find((f) => f.path === path)!.contents)
/** The unchanged widgets fixture, as built once for the whole run (tests/helpers/example-build.ts). */
const widgetsFiles = async () => (await fixtureBuild('widgets')).files()

describe('the client script', () => {
  it('is at most 6 KB gzip-compressed with every widget in it', async () => {
    const files = await widgetsFiles()
    const scripts = files.filter((f) => /^assets\/.*\.js$/.test(f.path))
    expect(scripts).toHaveLength(1)
    expect(gzipSync(scripts[0]!.contents).byteLength).toBeLessThanOrEqual(6 * 1024)
  })

  it('is loaded once, as a module, by pages with widgets', async () => {
    const files = await widgetsFiles()
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

/** The one client script's gzip-compressed size, bundled as bundle-assets.ts bundles it, with modules swapped by `stubs`. */
async function gzippedScript(stubs: Record<string, string> = {}): Promise<number> {
  const swap: Plugin = {
    name: 'stubs',
    setup(build) {
      build.onLoad({ filter: /\.client\.ts$/ }, (args) => {
        const stub = stubs[path.basename(args.path)]
        return stub === undefined ? undefined : { contents: stub, loader: 'ts' }
      })
    },
  }
  const result = await esbuild({
    entryPoints: [path.join(repoRoot, 'templates/widgets/index.client.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    target: 'es2020',
    logLevel: 'silent',
    plugins: [swap],
  })
  return gzipSync(result.outputFiles[0]!.contents).byteLength
}

describe('the consent banner', () => {
  it('adds at most 1 KB to the gzip-compressed client script', async () => {
    // Without it, analytics start at once: askConsent only calls `load`.
    const without = await gzippedScript({
      'consent.client.ts': 'export function askConsent(_banner: HTMLElement, load: () => void) { load() }',
    })
    const delta = (await gzippedScript()) - without
    expect(delta).toBeGreaterThan(0)
    expect(delta).toBeLessThanOrEqual(1024)
  })
})
