import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { collectPageFacts } from '../../src/html/page-facts.js'

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
})
