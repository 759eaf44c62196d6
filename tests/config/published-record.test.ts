import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readPublishedUrls } from '../../src/config/published/published-urls.js'
import { writePublishedUrls } from '../../src/output/record-published.js'
import { collectNow } from '../../src/tool/heap-growth.js'
import { tempDir } from '../helpers/site.js'

const made: string[] = []
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('published-urls.json', () => {
  it('keeps one string for each town and service, however many pages name them', async () => {
    const site = await tempDir()
    made.push(site)
    // 5,000 pages of 100 towns and 4 services, with names long enough to weigh: 2 kB each.
    const long = (name: string) => `${name} ${'x'.repeat(2_000)}`
    const pages = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, i) => [
        `/lp/town-${i}`,
        {
          area: long(`Town ${i % 100}, OR`),
          service: long(`service-${i % 4}`),
          serviceTitle: long(`Service ${i % 4}`),
          lat: 44,
          lng: -123,
        },
      ]),
    )
    await writeFile(path.join(site, 'published-urls.json'), JSON.stringify({ pages }))
    const heap = () => (collectNow(), process.memoryUsage().heapUsed)
    const before = heap()
    const record = await readPublishedUrls(site)
    // A string per page and name would be 30 MB; the pages themselves, with their addresses, about 1 MB.
    expect(heap() - before).toBeLessThan(10_000_000)
    expect(Object.keys(record.pages)).toHaveLength(5_000)
    expect(record.pages['/lp/town-20']).toEqual({
      area: long('Town 20, OR'),
      service: long('service-0'),
      serviceTitle: long('Service 0'),
      lat: 44,
      lng: -123,
    })
  })

  it('is written as JSON.stringify indents it, and not again while it is the same', async () => {
    const site = await tempDir()
    made.push(site)
    const file = path.join(site, 'published-urls.json')
    const pages = Object.fromEntries(
      Array.from({ length: 3_000 }, (_, i) => [
        `/lp/town-${i}-roofing`,
        { area: `Town ${i}, OR`, service: 'roofing', serviceTitle: 'Roofing “Plus”', ...(i % 2 ? { lat: 44.5, lng: -123 } : {}) },
      ]),
    )
    expect(await writePublishedUrls(site, { pages })).toBe(true)
    const text = await readFile(file, 'utf8')
    const { $comment } = JSON.parse(text) as { $comment: string }
    expect(text).toBe(`${JSON.stringify({ $comment, pages }, null, 2)}\n`)

    const written = (await stat(file)).mtimeMs
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await writePublishedUrls(site, { pages })).toBe(false)
    expect((await stat(file)).mtimeMs).toBe(written)

    // One character changed, at the end, or the file longer or shorter: written again, whole.
    for (const [what, changed] of [
      ['an entry changed', text.replace('Town 2999, OR', 'Town 2999, WA')],
      ['a byte more', `${text} `],
      ['a byte less', text.slice(0, -1)],
      ['another indent', JSON.stringify({ $comment, pages }, null, 4)],
    ] as const) {
      await writeFile(file, changed)
      expect(await writePublishedUrls(site, { pages }), what).toBe(true)
      expect(await readFile(file, 'utf8'), what).toBe(text)
    }
  })

  it('is written where none was, with no pages as with many', async () => {
    const site = await tempDir()
    made.push(site)
    expect(await writePublishedUrls(site, { pages: {} })).toBe(true)
    const text = await readFile(path.join(site, 'published-urls.json'), 'utf8')
    expect(text).toBe(`${JSON.stringify({ $comment: JSON.parse(text).$comment, pages: {} }, null, 2)}\n`)
  })
})
