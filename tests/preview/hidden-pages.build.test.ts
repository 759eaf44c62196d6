import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warmSiteFrom } from '../helpers/warm-fixture.js'
import { type StartedPreview, startOn, until } from './helpers.js'

// A marketer writing a town's paragraph sees, where preview prints, which towns' pages search
// engines do not see yet and how far each paragraph is from the gate, and when none is left.

let site: string
let preview: StartedPreview
beforeAll(async () => {
  site = await warmSiteFrom('landing')
  preview = await startOn(site)
})
afterAll(async () => {
  await preview?.close()
})

describe("preview's terminal", () => {
  it("says how many of a town's pages are hidden from search and how long its paragraph is, then that none is", async () => {
    const hidden = 'Sherman, IL: 2 pages hidden from search until its local paragraph has 40 words'
    await until(() => preview.printed().includes(hidden))
    expect(preview.printed()).toContain(`${hidden} (none is written)`)
    const areas = path.join(site, 'areas.yaml')
    const text = await readFile(areas, 'utf8')
    const write = (words: number) =>
      writeFile(
        areas,
        text.replace(
          /( {2}Sherman, IL:\n(?: {4}.*\n)*)/,
          `$1    local: ${Array.from({ length: words }, (_, i) => `sherman${i}`).join(' ')}\n`,
        ),
      )
    await write(12)
    await until(() => preview.printed().includes(`${hidden} (it has 12)`))
    await write(45)
    await until(() => preview.printed().includes('✓ every landing page is visible to search engines'))
  })
})
