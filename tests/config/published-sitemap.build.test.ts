import { existsSync, readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { main } from '../../src/cli/main.js'
import { readSitemapUrls, sitemapLimits } from '../../src/config/published/published-sitemap.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

/** Serves one file at /sitemap.xml on 127.0.0.1, as the live site would. */
async function serveSitemap(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/sitemap.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(text)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitemap.xml`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** The site folder's areas files (`names`) without Chatham: out of every list, its place gone. */
async function removeChatham(site: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const file = path.join(site, name)
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('    - Chatham, IL\n', '').replace(/^ {2}Chatham, IL:\n(?: {4}.*\n)*/m, ''),
    )
  }
}

/** `citypress build --published <url>` into a new folder: its _redirects and the site's record after it. */
async function buildPublished(site: string, url: string): Promise<{ redirects: string; record: { pages: Record<string, unknown> } }> {
  const out = path.join(await tempDir(), 'out')
  const io = memoryIo()
  expect(await main(['build', site, '--out', out, '--published', url], io), io.stderr).toBe(0)
  return {
    redirects: readFileSync(path.join(out, '_redirects'), 'utf8'),
    record: JSON.parse(readFileSync(path.join(site, 'published-urls.json'), 'utf8')) as { pages: Record<string, unknown> },
  }
}

describe('build --published', () => {
  beforeAll(() => warmFixture('landing'))

  it('plans 301s for live landing pages a CI published without committing the record', async () => {
    // What CI published: the site as it was; its published-urls.json was never committed.
    const site = await warmSiteFrom('landing')
    const live = path.join(await tempDir(), 'live')
    await build({ site, outDir: live, cacheDir: false })
    const sitemap = await serveSitemap(await readFile(path.join(live, 'sitemap.xml'), 'utf8'))
    expect(sitemap.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    // Chatham leaves the matrix.
    await removeChatham(site, ['areas.yaml'])
    try {
      const without = path.join(await tempDir(), 'without')
      expect(await main(['build', site, '--out', without], memoryIo())).toBe(0)
      // Without the live sitemap the build knows nothing of Chatham's pages: no redirects at all.
      expect(existsSync(path.join(without, '_redirects'))).toBe(false)

      const { redirects, record } = await buildPublished(site, sitemap.url)
      expect(redirects).toContain('/lp/chatham-office-cleaning /services/office-cleaning 301\n')
      expect(redirects).toContain('/lp/chatham-window-cleaning /services/window-cleaning 301\n')
      // The live addresses join the record, so later builds keep redirecting them.
      expect(record.pages['/lp/chatham-office-cleaning']).toEqual({
        area: 'Chatham',
        service: 'office-cleaning',
        serviceTitle: 'Office Cleaning',
      })
    } finally {
      await sitemap.close()
    }
  })

  it('knows the live landing pages of every language, by the service’s address in that language', async () => {
    const site = await siteFrom('two-languages')
    const live = path.join(await tempDir(), 'live')
    await build({ site, outDir: live, cacheDir: false })
    const sitemap = await serveSitemap(await readFile(path.join(live, 'sitemap.xml'), 'utf8'))
    // Chatham leaves the matrix, and so its place in both languages.
    await removeChatham(site, ['areas.yaml', 'locales/es/areas.yaml'])
    try {
      // Each goes to its service's page in its own language.
      const { redirects, record } = await buildPublished(site, sitemap.url)
      expect(redirects).toContain('/lp/chatham-office-cleaning /services/office-cleaning 301\n')
      expect(redirects).toContain('/es/lp/chatham-limpieza-de-oficinas /es/services/limpieza-de-oficinas 301\n')
      expect(record.pages['/es/lp/chatham-limpieza-de-oficinas']).toEqual({
        area: 'Chatham',
        service: 'office-cleaning',
        serviceTitle: 'Limpieza de oficinas',
      })
    } finally {
      await sitemap.close()
    }
  })

  it('warns, and builds, when the live sitemap answers 404: a first deploy has published nothing yet', async () => {
    const live = await serveRoutes(() => ({}))
    try {
      const io = memoryIo()
      const out = path.join(await tempDir(), 'out')
      const url = `${live.origin}/sitemap.xml`
      expect(await main(['build', await warmSiteFrom('landing'), '--out', out, '--published', url], io), io.stderr).toBe(0)
      expect(io.stderr).toContain(`warning[nothing-published]: The published sitemap ${url} answers 404`)
    } finally {
      await live.close()
    }
  })

  it('fails with a published-unreadable error when the sitemap cannot be fetched', async () => {
    const sitemap = await serveSitemap('')
    await sitemap.close()
    const io = memoryIo()
    expect(
      await main(['build', await warmSiteFrom('landing'), '--out', path.join(await tempDir(), 'out'), '--published', sitemap.url], io),
    ).toBe(1)
    expect(io.stderr).toContain('error[published-unreadable]: The published sitemap http://127.0.0.1:')
    expect(io.stderr).toContain("hint: Give the address of the live site's sitemap.xml")
  })
})

/**
 * A live site on 127.0.0.1 (the loopback interface is the one origin read over plain http):
 * answers each path of `routes(origin)` with its body or a 301 to its `redirect`, 404 otherwise,
 * and records every path asked for.
 */
async function serveRoutes(
  routes: (origin: string) => Record<string, string | { redirect: string }>,
): Promise<{ origin: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = []
  let table: Record<string, string | { redirect: string }> = {}
  const server = createServer((req, res) => {
    asked.push(req.url!)
    const route = table[req.url!]
    if (route === undefined) res.writeHead(404).end()
    else if (typeof route === 'string') res.writeHead(200, { 'content-type': 'application/xml' }).end(route)
    else res.writeHead(301, { location: route.redirect }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  table = routes(origin)
  return { origin, asked, close: () => new Promise((done) => server.close(() => done())) }
}

const urlset = (...paths: string[]) => `<urlset>${paths.map((p) => `<url><loc>https://tidy.example${p}</loc></url>`).join('')}</urlset>`
const index = (...locs: string[]) => `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`

/** Why readSitemapUrls refused `source`: the part of its message after "was not read: ". */
async function refusal(source: string, options: { siteRoot?: string; limits?: Partial<typeof sitemapLimits> } = {}): Promise<string> {
  const failure = await readSitemapUrls(source, {
    siteRoot: options.siteRoot ?? '/nonexistent',
    limits: { ...sitemapLimits, ...options.limits },
  }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`the sitemap was read: ${String(failure)}`)
  const [error] = failure.errors
  expect(error!.code).toBe('published-unreadable')
  return error!.message.replace(`The published sitemap ${source} was not read: `, '')
}

describe('a remote sitemap index', () => {
  it('is read from its own origin, following redirects within it', async () => {
    const live = await serveRoutes((origin) => ({
      '/sitemap.xml': index(`${origin}/sitemap-moved.xml`, `${origin}/sitemap-2.xml`),
      '/sitemap-moved.xml': { redirect: '/sitemap-1.xml' },
      '/sitemap-1.xml': urlset('/lp/a-office-cleaning', '/lp/b-office-cleaning/'),
      '/sitemap-2.xml': urlset('/caf%C3%A9', '/bad%2520'),
    }))
    try {
      expect(await readSitemapUrls(`${live.origin}/sitemap.xml`, { siteRoot: '/nonexistent' })).toEqual([
        '/lp/a-office-cleaning',
        '/lp/b-office-cleaning',
        '/caf%C3%A9',
      ])
    } finally {
      await live.close()
    }
  })

  it('refuses a sitemap on another origin, and a redirect to another origin, without asking that origin', async () => {
    const other = await serveRoutes(() => ({ '/sitemap-1.xml': urlset('/lp/elsewhere') }))
    const live = await serveRoutes(() => ({
      '/foreign.xml': index(`${other.origin}/sitemap-1.xml`),
      '/away.xml': { redirect: `${other.origin}/sitemap-1.xml` },
    }))
    try {
      expect(await refusal(`${live.origin}/foreign.xml`)).toBe(
        `its index names ${other.origin}/sitemap-1.xml, on another origin than the sitemap's ${live.origin}.`,
      )
      expect(await refusal(`${live.origin}/away.xml`)).toBe(
        `${live.origin}/away.xml redirects to ${other.origin}/sitemap-1.xml, another origin than ${live.origin}.`,
      )
      expect(other.asked).toEqual([])
    } finally {
      await Promise.all([live.close(), other.close()])
    }
  })

  it('never reads a file because the index names it', async () => {
    const siteRoot = await tempDir()
    await writeFile(path.join(siteRoot, 'sitemap-1.xml'), urlset('/lp/from-a-file'))
    const live = await serveRoutes((origin) => ({
      '/file-url.xml': index('file:///etc/passwd'),
      '/plain-path.xml': index('sitemap-1.xml'),
      '/mixed.xml': index(`${origin}/nothing.xml`),
    }))
    try {
      expect(await refusal(`${live.origin}/file-url.xml`, { siteRoot })).toBe(
        'its index names "file:///etc/passwd", which is not a web address; a sitemap index lists sitemaps by their full https:// address, and no file is read because a sitemap names it.',
      )
      expect(await refusal(`${live.origin}/plain-path.xml`, { siteRoot })).toBe(
        'its index names "sitemap-1.xml", which is not a web address; a sitemap index lists sitemaps by their full https:// address, and no file is read because a sitemap names it.',
      )
      // A saved copy of an index is the site's own file, but what it names is still remote input.
      await writeFile(path.join(siteRoot, 'index.xml'), index('sitemap-1.xml'))
      expect(await refusal('index.xml', { siteRoot })).toBe(
        'its index names "sitemap-1.xml", which is not a web address; a sitemap index lists sitemaps by their full https:// address, and no file is read because a sitemap names it.',
      )
      expect(await refusal(`${live.origin}/mixed.xml`, { siteRoot })).toBe(`the server answered 404 for ${live.origin}/nothing.xml.`)
      expect(await refusal('http://tidy.example/sitemap.xml')).toBe(
        'http://tidy.example/sitemap.xml is not an https:// address; plain http is read only from this computer (127.0.0.1, localhost).',
      )
    } finally {
      await live.close()
    }
  })

  it('caps the size of each document, the sitemaps of an index and the redirects followed', async () => {
    const live = await serveRoutes((origin) => ({
      '/big.xml': urlset(...Array.from({ length: 200 }, (_, i) => `/lp/page-${i}`)),
      '/index.xml': index(`${origin}/a.xml`, `${origin}/b.xml`, `${origin}/c.xml`),
      '/many.xml': urlset('/lp/a', '/lp/b', '/lp/c'),
      '/loop.xml': { redirect: '/loop.xml' },
    }))
    try {
      expect(await refusal(`${live.origin}/big.xml`, { limits: { bytes: 1000 } })).toBe(
        `${live.origin}/big.xml is larger than 0.001 MB, the sitemap protocol's limit.`,
      )
      expect(await refusal(`${live.origin}/index.xml`, { limits: { sitemaps: 2 } })).toBe('its index lists more than 2 sitemaps.')
      expect(await refusal(`${live.origin}/many.xml`, { limits: { urls: 2 } })).toBe(
        `${live.origin}/many.xml lists more than 2 addresses, the sitemap protocol's limit.`,
      )
      expect(await refusal(`${live.origin}/loop.xml`)).toBe(`${live.origin}/loop.xml redirects more than 5 times.`)
      expect(live.asked.filter((p) => p !== '/loop.xml' && p !== '/big.xml' && p !== '/many.xml')).toEqual(['/index.xml'])
    } finally {
      await live.close()
    }
  })
})
