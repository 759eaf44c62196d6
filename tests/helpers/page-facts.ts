import { expect } from 'vitest'
import { collectPageFacts, type PageFacts } from '../../src/html/page-facts.js'

/**
 * `facts`, taken with shared pieces, are what a scan of the whole of `html` finds: the same lists,
 * the links split into the page's own (in page order) and the shared parts' that mean the same
 * on every page, none in both.
 */
export function expectWholeScanFacts(facts: PageFacts, html: string, label?: string): void {
  const whole = collectPageFacts(html)
  expect({ ...facts, urls: [], sharedUrls: [] }, label).toEqual({ ...whole, urls: [], sharedUrls: [] })
  expect(facts.urls, label).toEqual(whole.urls.filter((url) => !facts.sharedUrls.includes(url)))
  expect([...facts.sharedUrls].sort(), label).toEqual(whole.urls.filter((url) => facts.sharedUrls.includes(url)).sort())
}
