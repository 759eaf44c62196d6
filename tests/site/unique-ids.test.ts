import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import { exampleBuild, fixtureBuild } from '../helpers/example-build.js'
import { fixture } from '../helpers/site.js'
import { system4 } from './build-system4.js'

// Issue 14 point 4: ids are unique on every rendered page. config/check-ids.ts catches clashes
// that YAML causes; this test catches ids the templates themselves would repeat.
function repeatedIds(html: string): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const [, id] of html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)) {
    if (seen.has(id!)) repeated.add(id!)
    seen.add(id!)
  }
  return [...repeated]
}

/** Every HTML file a build of the site writes; the example site's and the widgets fixture's from the run's shared builds. */
async function htmlPages(site: string): Promise<{ path: string; contents: string }[]> {
  const shared = site === system4 ? await exampleBuild('system4') : site === fixture('widgets') ? await fixtureBuild('widgets') : undefined
  if (shared) return shared.result.paths.filter((p) => p.endsWith('.html')).map((p) => ({ path: p, contents: shared.file(p) }))
  const { files } = await build({ site, write: false, cacheDir: false, imageCacheDir: path.join(system4, '.citypress', 'cache', 'images') })
  return files.filter((f) => f.path.endsWith('.html')).map((f) => ({ path: f.path, contents: String(f.contents) }))
}

describe('ids', () => {
  for (const [name, site] of [['sites/system4', system4], ['the widgets fixture', fixture('widgets')], ['the landing fixture', fixture('landing')]] as const) {
    it(`are unique on every page of ${name}`, async () => {
      const pages = await htmlPages(site)
      expect(pages.length).toBeGreaterThan(5)
      expect(pages.flatMap((f) => repeatedIds(f.contents).map((id) => `${f.path}: ${id}`))).toEqual([])
    })
  }

  it('finds a repeated id, so the check above can fail', () => {
    expect(repeatedIds('<div id="a"></div><p id="b"></p><form id="a"></form>')).toEqual(['a'])
  })
})
