import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { main } from '../../src/cli/main.js'
import { type HostName, redirectLimitWarnings } from '../../src/config/presets/hosts.js'
import { copyExample } from '../helpers/example-build.js'
import { serveAsHost } from '../helpers/host-server.js'
import { memoryIo, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

/**
 * The starter with a renamed page (/get-a-quote is now /contact), built for `host` once per file:
 * the tests only read the output.
 */
function buildFor(host: HostName): ReturnType<typeof buildOnceFor> {
  let built = builds.get(host)
  if (!built) builds.set(host, (built = buildOnceFor(host)))
  return built
}
const builds = new Map<HostName, ReturnType<typeof buildOnceFor>>()

async function buildOnceFor(host: HostName) {
  const work = await tempDir()
  const site = path.join(work, 'site')
  await copyExample('starter', site)
  const yaml = await readFile(path.join(site, 'site.yaml'), 'utf8')
  await writeFile(path.join(site, 'site.yaml'), `${yaml}\nhost: ${host}\nredirects:\n  - { from: /get-a-quote, to: /contact }\n`)
  const out = path.join(work, 'dist')
  const result = await build({ site, outDir: out, cacheDir: false })
  const files = (await readdir(out, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(out, path.join(e.parentPath, e.name)))
    .sort()
  const sitemap = [
    ...(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).matchAll(/<loc>https:\/\/www\.example\.com([^<]*)<\/loc>/g),
  ].map((m) => m[1]!)
  return { out, files, sitemap, warnings: result.warnings.filter((w) => w.code === 'host-unsupported').map((w) => w.message) }
}

/** Status, Location and CSP of one request, redirects not followed. */
async function visit(origin: string, pathname: string) {
  const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' })
  return {
    status: response.status,
    location: response.headers.get('location'),
    csp: response.headers.get('content-security-policy'),
    body: await response.text(),
  }
}

const hosts: HostName[] = ['netlify', 'cloudflare-pages', 'github-pages', 'static']

/** The .html files of an output whose meta Content-Security-Policy is missing or not right after `<meta charset>`. */
async function pagesWithoutMetaPolicy(out: string, files: readonly string[]): Promise<string[]> {
  const missing: string[] = []
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const html = await readFile(path.join(out, file), 'utf8')
    if (!/<meta charset="utf-8"\/?>\s*<meta http-equiv="Content-Security-Policy" content="default-src [^"]+"\/?>/i.test(html))
      missing.push(file)
  }
  return missing
}

describe.each(hosts)('a build for host %s', (host) => {
  it('is served by that host at every sitemap address with 200 and no redirect, and redirects the renamed page', async () => {
    const built = await buildFor(host)
    const server = await serveAsHost(built.out, host)
    try {
      // The starter's landing pages stay out of the sitemap until their towns' paragraphs are written.
      expect(built.sitemap.length).toBe(5)
      for (const url of built.sitemap) expect([url, (await visit(server.origin, url)).status]).toEqual([url, 200])
      expect(built.sitemap).not.toContain('/get-a-quote')

      // Netlify Forms receive posts only on Netlify: elsewhere the quote form is the business's phone and email.
      const contactPage = (await visit(server.origin, host === 'static' ? '/contact/' : '/contact')).body
      if (host === 'netlify') {
        expect(contactPage).toContain('<form name="quote"')
      } else {
        expect(contactPage).not.toContain('<form')
        expect(contactPage).toMatch(
          /class="form-card contact-instead"><p>Call or write to us[^<]*<\/p><ul[^>]*><li><a href="tel:\+1\d{10}">/,
        )
        expect(contactPage).toContain('href="mailto:')
        expect(built.files.filter((f) => f.startsWith('thanks/'))).toEqual([])
      }

      const old = await visit(server.origin, '/get-a-quote')
      const contact = host === 'static' ? '/contact/' : '/contact'
      if (host === 'netlify' || host === 'cloudflare-pages') {
        expect([old.status, old.location]).toEqual([301, contact])
        expect(old.csp).toContain("default-src 'self'")
        expect(built.files).toEqual(expect.arrayContaining(['_headers', '_redirects']))
        expect(built.warnings).toEqual(host === 'netlify' ? [] : [expect.stringContaining('Netlify Forms only receive posts on Netlify')])
        // Netlify's form detection reads __forms.html; no other host does.
        expect(built.files.includes('__forms.html')).toBe(host === 'netlify')
      } else {
        // A file server adds the slash to a folder's address first, as it does for every page there.
        const page = host === 'static' ? await visit(server.origin, '/get-a-quote/') : old
        if (host === 'static') expect([old.status, old.location]).toEqual([302, '/get-a-quote/'])
        expect(page.status).toBe(200)
        expect(page.body).toContain(`<meta http-equiv="refresh" content="0; url=${contact}">`)
        expect(page.body).toContain(`<link rel="canonical" href="https://www.example.com${contact}">`)
        expect(page.csp).toBeNull()
        expect(built.files).not.toContain('_headers')
        expect(built.files).not.toContain('_redirects')
        expect(built.warnings.filter((w) => w.includes('does not read _headers'))).toHaveLength(1)
        // Every page carries the policy in a meta tag, the redirect page included; no __forms.html,
        // which only Netlify reads.
        expect(built.files.filter((f) => f.endsWith('.html')).length).toBeGreaterThan(10)
        expect(await pagesWithoutMetaPolicy(built.out, built.files)).toEqual([])
        expect(page.body).toMatch(
          /<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">\n/,
        )
        expect(built.files).not.toContain('__forms.html')
      }
    } finally {
      await server.close()
    }
  })
})

describe('the layout of each host', () => {
  it('writes pages and the renamed page where the host serves them', async () => {
    const layout = async (host: HostName) => (await buildFor(host)).files.filter((f) => !f.startsWith('assets/'))
    expect(await layout('github-pages')).toEqual([
      '.citypress-output',
      '.nojekyll',
      '404.html',
      'contact.html',
      'get-a-quote.html',
      'index.html',
      'locations.html',
      ...['ogdenville', 'shelbyville', 'springfield'].flatMap((town) => [
        `lp/${town}-your-service-for-businesses.html`,
        `lp/${town}-your-service.html`,
      ]),
      'robots.txt',
      'services/your-service-for-businesses.html',
      'services/your-service.html',
      'sitemap.xml',
    ])
    expect(await layout('static')).toEqual([
      '.citypress-output',
      '404.html',
      'contact/index.html',
      'get-a-quote/index.html',
      'index.html',
      'locations/index.html',
      ...['ogdenville', 'shelbyville', 'springfield'].flatMap((town) => [
        `lp/${town}-your-service-for-businesses/index.html`,
        `lp/${town}-your-service/index.html`,
      ]),
      'robots.txt',
      'services/your-service-for-businesses/index.html',
      'services/your-service/index.html',
      'sitemap.xml',
    ])
  })
})

describe('a renamed landing page on GitHub Pages', () => {
  beforeAll(() => warmFixture('landing'))

  it('leaves a redirect page at its old address, beside the page at the new one, and says so', async () => {
    const site = await warmSiteFrom('landing', {})
    await writeFile(path.join(site, 'site.yaml'), `${await readFile(path.join(site, 'site.yaml'), 'utf8')}\nhost: github-pages\n`)
    const out = path.join(await tempDir(), 'dist')
    expect(await main(['build', site, '--out', out], memoryIo())).toBe(0)
    await writeFile(
      path.join(site, 'areas.yaml'),
      (await readFile(path.join(site, 'areas.yaml'), 'utf8')).replaceAll('Rochester, IL', 'Rochester Village, IL'),
    )
    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io), io.stderr).toBe(0)
    expect(io.stdout).toContain('2 published landing pages no longer built; a redirect page at each old address:')
    const files = await readdir(path.join(out, 'lp'))
    expect(files).toEqual(expect.arrayContaining(['rochester-office-cleaning.html', 'rochester-village-office-cleaning.html']))
    const moved = await readFile(path.join(out, 'lp', 'rochester-office-cleaning.html'), 'utf8')
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=/lp/rochester-village-office-cleaning">')
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('/lp/rochester-office-cleaning<')
  })
})

describe('redirect limits', () => {
  it('warns once when Cloudflare Pages would ignore redirects beyond its limits, and never on Netlify', () => {
    const redirects = [
      { from: '/old/*', to: '/' },
      { from: '/a', to: '/b' },
    ]
    expect(redirectLimitWarnings({ host: 'cloudflare-pages', redirects }, 1999)).toEqual([])
    const [warning, ...more] = redirectLimitWarnings({ host: 'cloudflare-pages', redirects }, 2000)
    expect(more).toEqual([])
    expect(warning!.message).toBe(
      'Cloudflare Pages reads at most 2000 redirects to single addresses and 100 patterns; this build writes 2001 and 1, so the rest are ignored there.',
    )
    expect(redirectLimitWarnings({ host: 'netlify', redirects }, 50_000)).toEqual([])
  })
})
