import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readPublishedUrls } from '../../src/config/published/published-urls.js'
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
})
