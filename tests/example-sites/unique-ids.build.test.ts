import { describe, expect, it } from 'vitest'
import { exampleBuild, fixtureBuild } from '../helpers/example-build.js'
import { fixture } from '../helpers/site.js'
import { system4 } from './build-system4.js'

// Ids are unique on every rendered page. config/checks/check-ids.ts catches clashes
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

/** Every HTML file a build of the site writes, from the run's shared builds. */
async function htmlPages(site: string): Promise<{ path: string; contents: string }[]> {
  const shared = site === system4 ? await exampleBuild('system4') : await fixtureBuild(site === fixture('widgets') ? 'widgets' : 'landing')
  return shared.result.paths.filter((p) => p.endsWith('.html')).map((p) => ({ path: p, contents: shared.file(p) }))
}

describe('ids', () => {
  for (const [name, site] of [
    ['sites/system4', system4],
    ['the widgets fixture', fixture('widgets')],
    ['the landing fixture', fixture('landing')],
  ] as const) {
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
