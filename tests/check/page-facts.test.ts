import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { collectPageFacts } from '../../src/html/page-facts.js'
import { expectWholeScanFacts } from '../helpers/page-facts.js'
import { isOneByte } from '../helpers/string-width.js'

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const page = [
  '<html><head><style>b{}</style>',
  '<script type="application/ld+json">{"a":"<a href=/in-json id=json>"}</script><script>go()</script></head>',
  '<body><div id="top" style="--w: 1px"><A HREF="/about">About</A>',
  '<p>Say id="fake" and <a href="/x?a=1&amp;b=2#f">x</a></p>',
  '<picture><source type="image/avif" srcset="/a-400.avif 400w, /a-800.avif 800w"><img src="/a.jpg" alt=""></picture>',
  '<svg><path id="icon" d="M0"/></svg><iframe src="https://maps.example.com/e"></iframe></div></body></html>',
].join('')

describe('page facts', () => {
  it('finds every link, image source and frame a page points at, in page order, decoded', () => {
    const facts = collectPageFacts(page)
    expect(facts.urls).toEqual(['/about', '/x?a=1&b=2#f', '/a-400.avif', '/a-800.avif', '/a.jpg', 'https://maps.example.com/e'])
    expect(facts.images).toEqual(['/a-800.avif'])
    expect(facts.frameOrigins).toEqual(['https://maps.example.com'])
  })

  it('counts the ids of any tag, but not words in text or markup inside a script', () => {
    expect([...collectPageFacts(page).ids]).toEqual(['top', 'icon'])
  })

  it('hashes the stylesheet, inline scripts and style attributes for the Content-Security-Policy, JSON-LD left out', () => {
    const facts = collectPageFacts(page)
    expect(facts.styleHashes).toEqual([cspHash('b{}')])
    expect(facts.scriptHashes).toEqual([cspHash('go()')])
    expect(facts.styleAttributeHashes).toEqual([cspHash('--w: 1px')])
  })

  it('gives each text its own hash when many pages take turns with more texts than it remembers', () => {
    const styles = Array.from({ length: 12 }, (_, i) => `--w: ${i}px`)
    for (const round of [1, 2]) {
      for (const style of styles) {
        const facts = collectPageFacts(`<style>b{}</style><div style="${style}"></div>`)
        expect(facts.styleAttributeHashes, `round ${round}`).toEqual([cspHash(style)])
        expect(facts.styleHashes).toEqual([cspHash('b{}')])
      }
    }
  })

  it('keeps links and ids one byte a character from a page with a character past Latin-1, in either mode', () => {
    const wide = '<nav aria-label="Breadcrumb">Home › Services</nav><a href="/lp/salem-roof-repair">x</a><h2 id="questions-asked">?</h2>'
    for (const detach of [true, false]) {
      const facts = collectPageFacts(wide, { detach })
      expect(facts.urls).toEqual(['/lp/salem-roof-repair'])
      expect([...facts.urls, ...facts.ids].map(isOneByte), `detach: ${detach}`).toEqual([true, true])
    }
  })
})

describe('page facts with shared pieces', () => {
  const header = '<header id="site"><a href="/about">About</a><img src="/logo.png" alt=""><div style="--h: 1"></div></header>'
  const footer = '<footer><a href="/contact">Contact</a><a href="/about">About</a><script>track()</script></footer>'
  const body = (main: string) => `<html><head><style>b{}</style></head><body>${header}<main id="main">${main}</main>${footer}</body></html>`

  it('gives the facts a scan of the whole page gives, the pieces taken where the page holds them', () => {
    for (const main of [
      '',
      '<a href="/x">x</a>',
      '<picture><source type="image/avif" srcset="/a.avif 9w"><img src="/a.jpg" alt=""></picture>',
    ]) {
      const html = body(main)
      expectWholeScanFacts(collectPageFacts(html, { shared: [header, footer] }), html)
    }
  })

  it("keeps the shared parts' links that lead anywhere alike in one list for every page, the page's own apart", () => {
    const relative =
      '<nav><a href="contact">Contact</a><a href="#menu">Menu</a><a href="/about">About</a><a href="tel:+15550100">Call</a></nav>'
    const pages = ['<a href="/x">x</a>', '<a href="/about">About</a><a href="/y">y</a>'].map((main) =>
      collectPageFacts(`<body>${relative}${main}${footer}</body>`, { shared: [relative, footer] }),
    )
    expect(pages[0]!.sharedUrls).toEqual(['/about', 'tel:+15550100', '/contact'])
    expect(pages[1]!.sharedUrls).toBe(pages[0]!.sharedUrls)
    // Relative links and fragments lead elsewhere from each page: they stay the page's own.
    expect(pages[0]!.urls).toEqual(['contact', '#menu', '/x'])
    expect(pages[1]!.urls).toEqual(['contact', '#menu', '/y'])
    expect(collectPageFacts(`<body>${relative}</body>`).sharedUrls).toEqual([])
  })

  it('reads through a piece the page holds only inside a script, and takes it where it stands after', () => {
    const quoted = `<script>const shell = ${JSON.stringify(header)}</script>`
    for (const html of [`<body>${quoted}<p id="only">no header</p></body>`, `<body>${quoted}${header}<a href="/x">x</a></body>`])
      expectWholeScanFacts(collectPageFacts(html, { shared: [header] }), html)
  })

  it('never takes a piece that leaves a script open, or one that stands inside a picture', () => {
    const open = '<p><script>'
    const html = `<body>${open}go()</script></p><a href="/x">x</a></body>`
    expectWholeScanFacts(collectPageFacts(html, { shared: [open] }), html)
    expect(collectPageFacts(html).scriptHashes).toEqual([cspHash('go()')])
    const image = '<img src="/b.jpg" alt="">'
    const pictured = `<body><picture><source type="image/avif" srcset="/b.avif 9w">${image}</picture>${image}</body>`
    expectWholeScanFacts(collectPageFacts(pictured, { shared: [image] }), pictured)
    expect(collectPageFacts(pictured).images).toEqual(['/b.avif', '/b.jpg'])
  })

  it('scans the page whole where a piece is missing or out of order', () => {
    const html = body('<a href="/x">x</a>')
    expectWholeScanFacts(collectPageFacts(html, { shared: ['<nav><a href="/gone">gone</a></nav>', footer] }), html)
    expectWholeScanFacts(collectPageFacts(html, { shared: [footer, header] }), html)
  })
})
