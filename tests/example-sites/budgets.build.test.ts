import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, memoryIo, normalize, siteFrom, tempDir } from '../helpers/site.js'
import { buildErrors, buildInMemory } from './helpers.js'

// A size report per page kind, and budgets from site.yaml.

/**
 * One image cache for the builds of this file that do not count encoded images: each builds a copy
 * of the minimal fixture, whose share images the first draws and the others reuse (keyed by content).
 */
let imageCacheDir: string
beforeAll(async () => {
  imageCacheDir = await tempDir('citypress-budgets-images-')
})

const withBudgets = async (budgets: string) => {
  const siteYaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
  return siteFrom('minimal', { 'site.yaml': `${siteYaml}budgets:\n${budgets}` })
}

describe('page sizes', () => {
  it('are reported per page kind, with gzip sizes of HTML, CSS and JS', async () => {
    const { result, page } = await buildInMemory(await siteFrom('minimal'), { imageCacheDir })
    const sections = result.sizes.find((s) => s.kind === 'sections')!
    expect(sections.pages).toBe(2)
    const largest = ['/', '/contact'].sort((a, b) => page(b).length - page(a).length)[0]
    expect(sections.html).toMatchObject({ url: largest, bytes: Buffer.byteLength(page(largest!)) })
    expect(sections.html.gzip).toBeGreaterThan(0)
    expect(sections.html.gzip).toBeLessThan(sections.html.bytes)
    // The stylesheet is inlined (it is small): counted as CSS, compressed.
    expect(sections.css.bytes).toBeGreaterThan(1000)
    expect(sections.css.gzip).toBeLessThan(sections.css.bytes)
    expect(result.sizes.map((s) => s.kind).sort()).toEqual([...new Set(result.routes.map((r) => r.template))].sort())
  })

  it('are printed by citypress build, one line per page kind, with the images it encoded', async () => {
    const io = memoryIo()
    expect(await main(['build', await siteFrom('minimal'), '--out', path.join(await tempDir(), 'dist')], io)).toBe(0)
    // A cold build of its own. The minimal site has no photos: the six variants are its pages' share images.
    expect(io.stdout).toContain('; images: 6 variants encoded, 0 reused; ')
    expect(io.stdout).toMatch(/ {4}page kind +pages +HTML \(gzip\) +CSS \(gzip\) +JS \(gzip\) +images\n/)
    expect(io.stdout).toMatch(/ {4}sections +2 +\d+\.\d kB \(\d+\.\d kB\) +\d+\.\d kB \(\d+\.\d kB\) /)
  })
})

describe('budgets', () => {
  it('warn by default, pointing at the limit in site.yaml, and the build still succeeds', async () => {
    const { result } = await buildInMemory(await withBudgets('  all:\n    html: 1 kB\n    images: 10 MB\n'), { imageCacheDir })
    const warnings = result.warnings.filter((w) => w.code === 'budget-exceeded')
    // Every page kind is over 1 kB; images are within 10 MB.
    const kinds = warnings.map(
      (w) => /^The HTML of ([\w-]+) pages weighs \d+\.\d kB gzip-compressed, over the budget of 1 kB\.$/.exec(w.message)?.[1],
    )
    expect(kinds.sort()).toEqual(result.sizes.map((s) => s.kind).sort())
    expect(warnings[0]).toMatchObject({ line: expect.any(Number), lineText: '    html: 1 kB', column: 11 })
  })

  it("fail the build with budget-exceeded when their level is fail; a page kind's own budget wins over all", async () => {
    const errors = await buildErrors(
      await withBudgets('  all:\n    html: 1 MB\n    level: fail\n  service:\n    html: 1 kB\n    level: fail\n'),
      { imageCacheDir },
    )
    expect(errors).toHaveLength(1)
    const text = normalize(formatConfigError(errors[0]!, { color: false })).replace(/<tmp>\/site\//g, '')
    expect(text.split('\n')[0]).toMatch(
      /^error\[budget-exceeded\]: The HTML of service pages weighs \d+\.\d kB gzip-compressed, over the budget of 1 kB\.$/,
    )
    expect(text).toContain('    html: 1 kB')
    expect(text).toMatch(/--> site\.yaml:\d+:11/)
    expect(text).toContain('The largest is /services/office-cleaning.')
  })

  it('stay silent when every page kind is within them', async () => {
    const { result } = await buildInMemory(
      await withBudgets('  all:\n    html: 500 kB\n    css: 100 kB\n    js: 100 kB\n    images: 5 MB\n    level: fail\n'),
      { imageCacheDir },
    )
    expect(result.warnings.filter((w) => w.code === 'budget-exceeded')).toEqual([])
  })
})
