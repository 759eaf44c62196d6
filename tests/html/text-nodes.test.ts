import { describe, expect, it } from 'vitest'
import { mapTextNodes } from '../../src/html/text-nodes.js'

const upper = (text: string) => text.toUpperCase()

describe('mapTextNodes', () => {
  it('rewrites the text between tags and leaves tag names and attributes as they are', () => {
    expect(mapTextNodes('<p class="lead">one <a href="/x/">two</a> three</p>', { skip: new Set() }, upper)).toBe(
      '<p class="lead">ONE <a href="/x/">TWO</a> THREE</p>',
    )
  })

  it('copies the content of skipped elements unchanged, nested ones included, but not after a self-closing one', () => {
    const skip = new Set(['code', 'svg'])
    expect(mapTextNodes('<code>a<code>b</code>c</code>d<svg/>e', { skip }, upper)).toBe('<code>a<code>b</code>c</code>D<svg/>E')
  })

  it('reads a < that starts no tag name as text, and text after the last tag as a text node', () => {
    expect(mapTextNodes('a < b <br/>c', { skip: new Set() }, upper)).toBe('A < B <br/>C')
    expect(mapTextNodes('a<b', { skip: new Set() }, upper)).toBe('A<B')
  })

  it('tells every tag in order, after the text before it, skipped content included', () => {
    const seen: string[] = []
    mapTextNodes(
      '<P>x<Code><i>y</i></Code></P>',
      { skip: new Set(['code']), onTag: (name) => seen.push(name) },
      (text) => (seen.push(text), text),
    )
    expect(seen).toEqual(['p', 'x', 'code', 'i', 'i', 'code', 'p'])
  })

  it('returns the page itself when no text node changes', () => {
    const html = '<p>same</p>'
    expect(mapTextNodes(html, { skip: new Set() }, (text) => text)).toBe(html)
  })
})
