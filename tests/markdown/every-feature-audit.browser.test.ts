import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlErrors } from '../../bin/nu-checker.mjs'
import { axeViolationLines, launchChromium, sidewaysScrollLines } from '../helpers/browser.js'
import { type ExampleBuild, fixtureBuild } from '../helpers/example-build.js'
import { type SiteServer, serveSite } from '../helpers/server.js'

// A post with every Markdown feature (a table, nested lists, inline and block code, a blockquote,
// a titled image, a video and a map embed) and a Markdown legal page are valid HTML and
// accessible as a visitor's browser draws them. The markdown fixture is built once per run and
// shared with the embed tests, which read it too.
const samples = [
  { url: '/blog/every-feature', label: '/blog/every-feature', file: 'blog/every-feature.html' },
  { url: '/legal/privacy', label: '/legal/privacy', file: 'legal/privacy.html' },
]

let browser: Browser
let server: SiteServer
let result: ExampleBuild

beforeAll(async () => {
  ;[browser, result] = await Promise.all([launchChromium(), fixtureBuild('markdown')])
  server = await serveSite(result.outDir)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('a post with every Markdown feature, and a Markdown legal page', () => {
  it('render every feature the post is written with', () => {
    const text = result.file(samples[0]!.file)
    for (const tag of ['<table', '<ol', '<ul', '<pre', '<code', '<blockquote', '<picture', '<figcaption', 'embed-video', 'embed-map'])
      expect(text).toContain(tag)
  })

  // The checker is a Java program; starting it takes a while on a busy machine.
  it('have no Nu HTML checker error', () => {
    expect(
      htmlErrors(
        result.outDir,
        samples.map((s) => s.file),
      ),
    ).toEqual([])
  }, 120_000)

  it.each([375, 1280])('have no axe violation at %i px', async (width) => {
    expect(await axeViolationLines(browser, server.url, samples, width)).toEqual([])
  })

  it('never scroll sideways at 320 px', async () => {
    expect(await sidewaysScrollLines(browser, server.url, samples, 320)).toEqual([])
  })
})
