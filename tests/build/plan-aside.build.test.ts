import { readdirSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build, loadAndPlan } from '../../src/build/index.js'
import { setPlanAside } from '../../src/build/plan-aside.js'
import { lineShelf } from '../../src/cache/line-shelf.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// The landing fixture in two languages: each language has its own landing pages and gate.

describe('a plan put aside while the pages render', () => {
  it('leaves rendering no landing page or gate, and gives the whole plan back from its file each time', async () => {
    const { plan } = await loadAndPlan(await siteFrom('two-languages'))
    expect(plan.landingPages.length).toBeGreaterThan(0)
    expect(plan.editions.map((e) => e.landingQuality.pages.length)).not.toContain(0)
    const dir = await tempDir()

    const aside = setPlanAside(plan, lineShelf(dir, 'plan'))

    expect(aside.plan).not.toHaveProperty('landingPages')
    expect(aside.plan).not.toHaveProperty('landingQuality')
    for (const edition of aside.plan.editions) expect(edition).not.toHaveProperty('landingQuality')
    expect(aside.plan.routes).toBe(plan.routes)
    expect(await readdir(dir)).toHaveLength(1)
    const whole = aside.whole()
    expect(whole).toEqual(plan)
    const again = aside.whole()
    expect(again).not.toBe(whole)
    expect(again).toEqual(plan)
  })

  it('keeps the plan itself when there is no shelf to put it on', async () => {
    const { plan } = await loadAndPlan(await siteFrom('two-languages'))
    const aside = setPlanAside(plan, undefined)
    expect(aside.plan).toBe(plan)
    expect(aside.whole()).toBe(plan)
  })

  it('is on a file of the cache folder while a build renders, and gone after', async () => {
    const cacheDir = path.join(await tempDir(), 'cache')
    const asideFiles = () => readdirSync(cacheDir).filter((name) => name.startsWith('.plan.'))
    const whileRendering: string[][] = []
    const result = await build({
      site: await siteFrom('two-languages'),
      write: false,
      cacheDir,
      imageCacheDir: false,
      // Told once the home page is rendered, with the other pages still to come.
      firstPages: { paths: ['index.html'], onRendered: () => whileRendering.push(asideFiles()) },
    })
    expect(whileRendering).toEqual([[expect.stringMatching(/\.tmp$/)]])
    expect(asideFiles()).toEqual([])
    expect(result.landing.quality.pages.length).toBeGreaterThan(0)
    expect(result.landing.languages[0]!.quality.pages.length).toBeGreaterThan(0)
  })
})
