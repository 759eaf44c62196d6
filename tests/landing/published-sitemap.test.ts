import { existsSync, readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import { main } from '../../src/cli/main.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'

/** Serves one file at /sitemap.xml on 127.0.0.1, as the live site would. */
async function serveSitemap(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/sitemap.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(text)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitemap.xml`, close: () => new Promise((done) => server.close(() => done())) }
}

describe('build --published', () => {
  it('plans 301s for live landing pages a CI published without committing the record', async () => {
    // What CI published: the site as it was; its published-urls.json was never committed.
    const site = await siteFrom('landing')
    const live = path.join(await tempDir(), 'live')
    await build({ site, outDir: live, cacheDir: false })
    const sitemap = await serveSitemap(await readFile(path.join(live, 'sitemap.xml'), 'utf8'))
    expect(sitemap.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    // Chatham leaves the matrix.
    const areas = path.join(site, 'areas.yaml')
    await writeFile(areas, (await readFile(areas, 'utf8')).replace('    - Chatham, IL\n', '').replace(/^  Chatham, IL:\n(?: {4}.*\n)*/m, ''))
    try {
      const without = path.join(await tempDir(), 'without')
      expect(await main(['build', site, '--out', without], memoryIo())).toBe(0)
      // Without the live sitemap the build knows nothing of Chatham's pages: no redirects at all.
      expect(existsSync(path.join(without, '_redirects'))).toBe(false)

      const out = path.join(await tempDir(), 'out')
      const io = memoryIo()
      expect(await main(['build', site, '--out', out, '--published', sitemap.url], io), io.stderr).toBe(0)
      const redirects = readFileSync(path.join(out, '_redirects'), 'utf8')
      expect(redirects).toContain('/lp/chatham-office-cleaning /services/office-cleaning 301\n')
      expect(redirects).toContain('/lp/chatham-window-cleaning /services/window-cleaning 301\n')
      // The live addresses join the record, so later builds keep redirecting them.
      const record = JSON.parse(readFileSync(path.join(site, 'published-urls.json'), 'utf8')) as { pages: Record<string, unknown> }
      expect(record.pages['/lp/chatham-office-cleaning']).toEqual({ area: 'Chatham', service: 'office-cleaning', serviceTitle: 'Office Cleaning' })
    } finally {
      await sitemap.close()
    }
  })

  it('fails with a published-unreadable error when the sitemap cannot be fetched', async () => {
    const sitemap = await serveSitemap('')
    await sitemap.close()
    const io = memoryIo()
    expect(await main(['build', await siteFrom('landing'), '--out', path.join(await tempDir(), 'out'), '--published', sitemap.url], io)).toBe(1)
    expect(io.stderr).toContain('error[published-unreadable]: The published sitemap http://127.0.0.1:')
    expect(io.stderr).toContain('hint: Give the address of the live site\'s sitemap.xml')
  })
})
