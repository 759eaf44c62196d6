import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlErrors } from '../../bin/nu-checker.mjs'
import { build, type BuildResult } from '../../src/build/index.js'
import { axeViolationLines, launchChromium, sidewaysScrollLines } from '../helpers/browser.js'
import { serveSite, type SiteServer } from '../helpers/server.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// Issue 18, point 6: a post with every Markdown feature (a table, nested lists, inline and block
// code, a blockquote, a titled image, a video and a map embed) and a Markdown legal page are
// valid HTML and accessible as a visitor's browser draws them.
const samples = [
  { url: '/blog/every-feature', label: '/blog/every-feature', file: 'blog/every-feature.html' },
  { url: '/legal/privacy', label: '/legal/privacy', file: 'legal/privacy.html' },
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
    expect(htmlErrors(result.outDir, samples.map((s) => s.file))).toEqual([])
  })

  it.each([375, 1280])('have no axe violation at %i px', async (width) => {
    expect(await axeViolationLines(browser, server.url, samples, width)).toEqual([])
  })

  it('never scroll sideways at 320 px', async () => {
    expect(await sidewaysScrollLines(browser, server.url, samples, 320)).toEqual([])
  })
})
