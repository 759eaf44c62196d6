import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { reportPath } from '../../src/output/write-report.js'
import { siteFrom, tempDir } from '../helpers/site.js'

describe('the build report of a site in two languages', () => {
  it("draws the other language's landing grid and paragraphs to write beside the first language's", async () => {
    const site = await siteFrom('two-languages')
    const result = await build({ site, outDir: path.join(await tempDir(), 'out'), writeReport: true })
    const html = await readFile(reportPath(site), 'utf8')
    const spanish = result.landing.languages.find((l) => l.code === 'es')!.quality.pages
    expect(spanish.length).toBeGreaterThan(0)
    const section = html.slice(html.indexOf('<section id="grid-es"'), html.indexOf('</section>', html.indexOf('<section id="grid-es"')))
    expect(section).toContain('<h2 id="grid-es-title">Landing grid: Español (es)</h2>')
    // One cell per Spanish landing page, titled with its score, and none of the first language's.
    const cells = [...section.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]!)
    expect(cells).toHaveLength(spanish.length)
    for (const page of spanish) expect(cells.some((c) => c.startsWith(`${page.area} · `) && c.includes(`score ${page.score}`))).toBe(true)
    expect(html).toContain('<section id="paragraphs-es" aria-labelledby="paragraphs-es-title">')
    expect(html).toContain('<a href="#grid-es">Landing grid (es)</a>')
    // The first language's parts keep their names.
    expect(html).toContain('<h2 id="grid-title">Landing grid</h2>')
  })
})
