import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteFrom } from '../helpers/site.js'
import { rawGet, type StartedPreview, startOn } from './helpers.js'

describe('the preview server', () => {
  let preview: StartedPreview
  let site: string
  beforeAll(async () => {
    site = await siteFrom('minimal')
    // A file next to the site folder: what a traversal attack would be after.
    await writeFile(path.join(path.dirname(site), 'secret.txt'), 'TOP-SECRET')
    preview = await startOn(site)
  })
  afterAll(() => preview?.close())

  it('listens on 127.0.0.1 and serves pages at their addresses, with the live-reload client', async () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const home = await fetch(preview.url)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await home.text()
    expect(html).toContain('<h1>Clean offices, every night</h1>')
    expect(html).toContain('/__citypress/events')
    const contact = await fetch(new URL('/contact', preview.url))
    expect(contact.status).toBe(200)
    expect(await contact.text()).toContain('Contact us')
  })

  it('redirects the other spelling of a page address, as static hosts do', async () => {
    const res = await fetch(new URL('/contact/?from=menu', preview.url), { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/contact?from=menu')
  })

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await fetch(new URL('/no-such-page', preview.url))
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const notFoundPage = await fetch(new URL('/404', preview.url))
    expect(await res.text()).toBe(await notFoundPage.text())
  })

  it('serves assets, the sitemap and robots.txt with their content types', async () => {
    const html = await (await fetch(preview.url)).text()
    const types: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', woff2: 'font/woff2' }
    const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(css|js|woff2))"/g)]
    expect(assets.length).toBeGreaterThan(0)
    for (const [, url, ext] of assets) {
      const res = await fetch(new URL(url!, preview.url))
      expect(res.headers.get('content-type'), url).toBe(types[ext!])
      // Content-hashed names never change their bytes: a reload need not ask for them again.
      expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable')
    }
    expect((await fetch(new URL('/sitemap.xml', preview.url))).headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const robots = await fetch(new URL('/robots.txt', preview.url))
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(robots.headers.get('cache-control')).toBe('no-cache')
    const again = await fetch(new URL('/robots.txt', preview.url), { headers: { 'if-none-match': robots.headers.get('etag')! } })
    expect(again.status).toBe(304)
    expect((await fetch(preview.url)).headers.get('cache-control')).toBe('no-cache')
  })

  it('serves nothing outside the output: not the site sources, not files beside them, however the path is encoded', async () => {
    const attempts = [
      '/../secret.txt',
      '/../../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%2e%2e/%2e%2e/secret.txt',
      '/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%252e%252e%252fsecret.txt',
      '/%252e%252e/secret.txt',
      '/site.yaml',
      '/pages/home.yaml',
      '/..',
      '/%2e%2e',
    ]
    for (const attempt of attempts) {
      const res = await rawGet(preview.url, attempt)
      expect(res.status, attempt).toBe(404)
      expect(res.body, attempt).not.toContain('TOP-SECRET')
      expect(res.body, attempt).not.toContain('yaml-language-server')
    }
    expect((await rawGet(preview.url, '/%E0%A4%A')).status).toBe(400)
  })

  it('answers methods other than GET and HEAD with 405 and HEAD without a body', async () => {
    const put = await fetch(new URL('/contact', preview.url), { method: 'PUT', body: 'x' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, HEAD')
    const head = await fetch(preview.url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('uses the next port when the asked one is taken', async () => {
    const second = await startOn(site, { port: preview.port })
    try {
      expect(second.port).toBeGreaterThan(preview.port)
    } finally {
      await second.close()
    }
  })
})
