import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
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

describe('ids', () => {
  for (const [name, site] of [['sites/system4', system4], ['the widgets fixture', fixture('widgets')], ['the landing fixture', fixture('landing')]] as const) {
    it(`are unique on every page of ${name}`, async () => {
      const { files } = await build({ site, write: false, cacheDir: false, imageCacheDir: path.join(system4, '.citypress', 'cache', 'images') })
      const pages = files.filter((f) => f.path.endsWith('.html'))
      expect(pages.length).toBeGreaterThan(5)
      expect(pages.flatMap((f) => repeatedIds(String(f.contents)).map((id) => `${f.path}: ${id}`))).toEqual([])
    })
  }

  it('finds a repeated id, so the check above can fail', () => {
    expect(repeatedIds('<div id="a"></div><p id="b"></p><form id="a"></form>')).toEqual(['a'])
  })
})
