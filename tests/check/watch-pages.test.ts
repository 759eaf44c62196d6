import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPageMemo } from '../../src/cache/page-memo.js'
import { type PlannedAddresses, plannedAddresses } from '../../src/check/check-links.js'
import { watchPages } from '../../src/check/watch-pages.js'
import { collectPageFacts } from '../../src/html/page-facts.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'
import { declaredInlineCode } from '../../src/render/inline-code.js'
import { discardingOutput } from '../helpers/discarding-output.js'
import { tempDir } from '../helpers/site.js'

const frame = (main: string) =>
  `<html><head><link rel="stylesheet" href="/assets/site.css"/></head><body><header id="top"><a href="/">Home</a></header><main id="main">${main}</main><footer id="footer"><a href="/contact">Contact</a></footer></body></html>`

const pages = {
  'a/index.html': frame('<a href="/a-nearby">Near A</a>'),
  'b/index.html': frame('<a href="/b-nearby">Near B</a>'),
  'c/index.html': frame('<h2 id="prices">Prices</h2><a href="/c-nearby">Near C</a>'),
}

/** A page's file in the page cache, named by its key. */
const fileOf = (outputPath: string) => `${outputPath.replace('/', '-')}.html`

/**
 * The pages' facts as the checks get them: rendered in a worker (their facts worked out there)
 * in a first build, or read back from the memo a first build saved.
 */
async function watchedFacts(dir: string, from: 'worker' | 'memo') {
  const memo = await openPageMemo(dir)
  const routes = Object.keys(pages).map((outputPath) => ({ outputPath, url: `/${path.dirname(outputPath)}` }) as RoutePlan)
  const watch = watchPages({ routes, output: discardingOutput, memo, inlineCode: declaredInlineCode({ assets: {}, csp: undefined }) })
  for (const [outputPath, html] of Object.entries(pages)) {
    const source = path.join(dir, fileOf(outputPath))
    const derived = { 'page-facts': { facts: collectPageFacts(html, { detach: false }), length: html.length } }
    await watch.output.link(outputPath, from === 'worker' ? { source, derived } : { source })
  }
  const watched = await watch.pages()
  await memo.save(new Set(Object.keys(pages).map((p) => path.basename(fileOf(p), '.html'))))
  return watched.map((page) => page.facts)
}

describe("the pages' facts the checks keep", () => {
  it('are one list for pages whose ids and stylesheets are alike, and each page its own links', async () => {
    const dir = path.join(await tempDir(), 'pages')
    await mkdir(dir)
    for (const [outputPath, html] of Object.entries(pages)) await writeFile(path.join(dir, fileOf(outputPath)), html)

    for (const from of ['worker', 'memo'] as const) {
      const [a, b, c] = await watchedFacts(dir, from)
      expect(a!.ids).toEqual(['top', 'main', 'footer'])
      expect(c!.ids).toEqual(['top', 'main', 'prices', 'footer'])
      expect(a!.ids).toBe(b!.ids)
      expect(c!.ids).not.toBe(a!.ids)
      expect(a!.stylesheets).toBe(c!.stylesheets)
      expect(a!.scripts).toBe(c!.scripts)
      expect(a!.urls).toEqual(['/assets/site.css', '/', '/a-nearby', '/contact'])
      expect(b!.urls).toEqual(['/assets/site.css', '/', '/b-nearby', '/contact'])
    }
  })
})

describe("the pages' facts as a render worker sends them", () => {
  it('are kept once for pages alike but for their links to planned pages, with one list of shared links', async () => {
    const dir = path.join(await tempDir(), 'pages')
    await mkdir(dir)
    const memo = await openPageMemo(dir)
    const routes = Object.keys(pages).map((outputPath) => ({ outputPath, url: `/${path.dirname(outputPath)}` }) as RoutePlan)
    const watch = watchPages({
      routes,
      output: discardingOutput,
      memo,
      inlineCode: declaredInlineCode({ assets: {}, csp: undefined }),
      planned: new Set(['/a-nearby', '/b-nearby', '/c-nearby']),
    })
    const link = async (outputPath: string) => {
      const html = pages[outputPath as keyof typeof pages]
      // Each page's list of shared links arrives as a copy of its own, as from another thread.
      const facts = { ...collectPageFacts(html, { detach: false }), sharedUrls: ['/', '/contact'] }
      const source = path.join(dir, fileOf(outputPath))
      await watch.output.link(outputPath, { source, derived: { 'page-facts': { facts, length: html.length } } })
    }
    for (const outputPath of Object.keys(pages)) await link(outputPath)
    const [a, b, c] = (await watch.pages()).map((page) => page.facts)
    expect(a!.sharedUrls).toEqual(['/', '/contact'])
    expect(a!.urls).toEqual(['/assets/site.css', '/', '/contact'])
    expect(a!.sharedUrls).toBe(c!.sharedUrls)
    // A and B differ only in a link to a planned page: one object. C has an id more.
    expect(b).toBe(a)
    expect(c).not.toBe(a)
    expect(c!.ids).toContain('prices')
    // Linked again, the page's facts are the same object, not another copy.
    await link('a/index.html')
    expect((await watch.pages())[0]!.facts).toBe(a)
    // What the memo saves is each page's facts whole, its links to planned pages too.
    await memo.save(new Set(Object.keys(pages).map((p) => path.basename(fileOf(p), '.html'))))
    const again = watchPages({
      routes,
      output: discardingOutput,
      memo: await openPageMemo(dir),
      inlineCode: declaredInlineCode({ assets: {}, csp: undefined }),
    })
    for (const outputPath of Object.keys(pages)) await again.output.link(outputPath, { source: path.join(dir, fileOf(outputPath)) })
    expect((await again.pages()).map((page) => page.facts.urls)).toEqual([
      ['/assets/site.css', '/', '/a-nearby', '/contact'],
      ['/assets/site.css', '/', '/b-nearby', '/contact'],
      ['/assets/site.css', '/', '/c-nearby', '/contact'],
    ])
  })
})

describe("links to the plan's own pages", () => {
  const site = { url: 'https://tidy.github.io/repo', basePath: '/repo', trailingSlash: 'always' } as const
  const routes = ['/', '/austin/plumbing', '/dallas/plumbing'].map(
    (url) => ({ url, outputPath: url === '/' ? 'index.html' : `${url.slice(1)}/index.html`, template: 'landing' }) as RoutePlan,
  )
  const austin = [
    '<html><head><link rel="canonical" href="https://tidy.github.io/repo/austin/plumbing/"/></head><body>',
    '<a href="/repo/">Home</a><a href="/repo/dallas/plumbing/">Dallas</a><a href="/repo/dallas/plumbing/#prices">Prices</a>',
    '<a href="/repo/dallas/plumbing">Dallas, no slash</a><a href="/repo/houston/plumbing/">Houston</a><a href="/dallas/plumbing/">No base</a>',
    '</body></html>',
  ].join('')
  const watchWith = (planned: PlannedAddresses) =>
    watchPages({ routes, output: discardingOutput, inlineCode: declaredInlineCode({ assets: {}, csp: undefined }), planned })

  it('are the addresses pages write them by, under the base path and the site URL, in its trailing-slash form', () => {
    const planned = plannedAddresses(routes, site)
    for (const address of [
      '/repo/',
      'https://tidy.github.io/repo/',
      '/repo/austin/plumbing/',
      'https://tidy.github.io/repo/austin/plumbing/',
      '/repo/dallas/plumbing/',
      'https://tidy.github.io/repo/dallas/plumbing/',
    ])
      expect(planned.has(address), address).toBe(true)
    for (const address of [
      '/repo',
      '/austin/plumbing/',
      '/repo/austin/plumbing',
      '/repo/austin/plumbing/#prices',
      'https://tidy.github.io/repo',
      'https://tidy.github.io/repo/austin/plumbing',
      'https://tidy.github.io/austin/plumbing/',
      'https://tidy.github.io/repo.dallas/plumbing/',
      'https://tidy.github.io/repo/repo/austin/plumbing/',
      '/repo/houston/plumbing/',
    ])
      expect(planned.has(address), address).toBe(false)
  })

  it("are left out of each page's links, and every link written any other way is kept for the check", async () => {
    const watch = watchWith(plannedAddresses(routes, site))
    for (const route of routes)
      await watch.output.write({ path: route.outputPath, contents: route.url === '/austin/plumbing' ? austin : '<p>x</p>' })
    const [, page] = await watch.pages()
    expect(page!.facts.urls).toEqual([
      '/repo/dallas/plumbing/#prices',
      '/repo/dallas/plumbing',
      '/repo/houston/plumbing/',
      '/dallas/plumbing/',
    ])
  })

  it('are not left unchecked when a page they may lead to was never written', async () => {
    const watch = watchWith(plannedAddresses(routes, site))
    await watch.output.write({ path: 'austin/plumbing/index.html', contents: austin })
    await expect(watch.pages()).rejects.toThrow('links to 2 pages of the plan that were not written')
  })
})
