import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkHtml } from '../../bin/nu-checker.mjs'
import { build, type BuildResult } from '../../src/build.js'
import { findAxeViolations, launchChromium } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// Issue 18, point 6: a post with every Markdown feature (a table, nested lists, inline and block
// code, a blockquote, a titled image, a video and a map embed) and a Markdown legal page are
// valid HTML and accessible as a visitor's browser draws them.
const samples = [
  { url: '/blog/every-feature', file: 'blog/every-feature.html' },
  { url: '/legal/privacy', file: 'legal/privacy.html' },
]

let browser: Browser
let server: SiteServer
let result: BuildResult

beforeAll(async () => {
  result = await build({ site: await siteFrom('markdown'), outDir: await tempDir('citypress-markdown-audit-'), cacheDir: false })
  ;[browser, server] = await Promise.all([launchChromium(), serveSite(result.outDir)])
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('a post with every Markdown feature, and a Markdown legal page', () => {
  it('render every feature the post is written with', () => {
    const text = readFileSync(path.join(result.outDir, samples[0]!.file), 'utf8')
    for (const tag of ['<table', '<ol', '<ul', '<pre', '<code', '<blockquote', '<picture', '<figcaption', 'embed-video', 'embed-map']) expect(text).toContain(tag)
  })

  it('have no Nu HTML checker error', () => {
    const found = [...checkHtml(result.outDir, samples.map((s) => s.file))]
      .flatMap(([file, messages]) => messages.filter((m) => m.type !== 'info').map((m) => `${file}:${m.lastLine}: ${m.message}`))
    expect(found).toEqual([])
  })

  it.each([375, 1280])('have no axe violation at %i px', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const found: string[] = []
    for (const sample of samples) {
      await page.goto(server.url + sample.url)
      found.push(...(await findAxeViolations(page)).map((v) => `${sample.url}: ${v.id} ${v.help} (${v.targets.slice(0, 3).join(', ')})`))
    }
    await page.close()
    expect(found).toEqual([])
  })

  it('never scroll sideways at 320 px', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } })
    const wide: string[] = []
    for (const sample of samples) {
      await page.goto(server.url + sample.url)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > 320) wide.push(`${sample.url}: ${width} px`)
    }
    await page.close()
    expect(wide).toEqual([])
  })
})
