import { execFileSync } from 'node:child_process'
import { utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSourceDates } from '../../src/config/read/source-dates.js'
import type { SiteConfig } from '../../src/config/site-model.js'
import { redirectsFile } from '../../src/output/hosts/redirects.js'
import { sitemapFiles } from '../../src/output/hosts/sitemap.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'
import { serializeJsonLd } from '../../templates/components/JsonLd.js'
import { tempDir } from '../helpers/site.js'

const site = { site: { url: 'https://tidy.example', basePath: '', redirects: [{ from: '/old', to: '/new' }] } } as unknown as SiteConfig
const route = (url: string, sources: string[], noindex = false) =>
  ({
    url,
    outputPath: `${url.slice(1) || 'index'}.html`,
    template: 'blog-index',
    title: url,
    description: '',
    noindex,
    props: { page: 1, pageCount: 1, slugs: [] },
    origin: { file: 'x', path: '' },
    sources,
  }) as RoutePlan

describe('sitemap.xml', () => {
  it('lists indexable pages only, each with the newest date of its source files', () => {
    const dates = new Map([
      ['/s/landing.yaml', '2026-03-01'],
      ['/s/areas.yaml', '2026-05-09'],
      ['/s/services/a.yaml', '2026-01-15'],
    ])
    const [sitemap, robots] = sitemapFiles(
      site,
      [
        route('/lp/a', ['/s/landing.yaml', '/s/areas.yaml']),
        route('/lp/b', ['/s/services/a.yaml']),
        route('/lp/c', ['/s/landing.yaml'], true),
      ],
      { dates },
    )
    expect(sitemap!.contents).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://tidy.example/lp/a</loc><lastmod>2026-05-09</lastmod></url>',
        '  <url><loc>https://tidy.example/lp/b</loc><lastmod>2026-01-15</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
    expect(robots!.contents).toContain('Sitemap: https://tidy.example/sitemap.xml')
  })

  it('becomes an index of several sitemaps beyond the per-file limit', () => {
    const files = sitemapFiles(
      site,
      ['/a', '/b', '/c'].map((u) => route(u, [])),
      { urlsPerFile: 2 },
    )
    expect(files.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'robots.txt'])
    expect(files[0]!.contents).toContain('<sitemapindex')
    expect(files[0]!.contents).toContain('<loc>https://tidy.example/sitemap-2.xml</loc>')
    expect(files[2]!.contents).toContain('/c</loc>')
  })
})

describe('source dates', () => {
  it('take a committed file’s last commit date, and the mtime of files changed since or never committed', async () => {
    const dir = await tempDir()
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: dir,
        env: { ...process.env, GIT_AUTHOR_DATE: '2024-02-03T10:00:00Z', GIT_COMMITTER_DATE: '2024-02-03T10:00:00Z' },
      })
    git('init', '-q')
    git('config', 'user.email', 't@example.com')
    git('config', 'user.name', 'Test')
    for (const name of ['a.yaml', 'b.yaml']) await writeFile(path.join(dir, name), 'x: 1\n')
    git('add', '.')
    git('commit', '-q', '-m', 'first')
    await writeFile(path.join(dir, 'b.yaml'), 'x: 2\n')
    await writeFile(path.join(dir, 'c.yaml'), 'x: 3\n')
    const when = new Date('2025-07-08T12:00:00Z')
    for (const name of ['a.yaml', 'b.yaml', 'c.yaml']) await utimes(path.join(dir, name), when, when)
    const dates = await readSourceDates(
      dir,
      ['a.yaml', 'b.yaml', 'c.yaml'].map((n) => path.join(dir, n)),
    )
    expect(Object.fromEntries([...dates].map(([f, d]) => [path.basename(f), d]))).toEqual({
      'a.yaml': '2024-02-03',
      'b.yaml': '2025-07-08',
      'c.yaml': '2025-07-08',
    })
  })
})

describe('_redirects', () => {
  it('keeps site.yaml redirects first, then one 301 per moved landing page', () => {
    const [file] = redirectsFile(site, [{ from: '/lp/a', to: '/lp/b', reason: 'renamed' }])
    expect(file!.contents).toBe('/old /new 301\n# Landing pages that moved or were removed (published-urls.json)\n/lp/a /lp/b 301\n')
  })
})

describe('JSON-LD', () => {
  it('cannot be ended early by text from YAML', () => {
    const json = serializeJsonLd({ name: 'Tidy </script><script>alert(1)</script> <!-- \u2028' })
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i)
    expect(JSON.parse(json)).toEqual({ name: 'Tidy </script><script>alert(1)</script> <!-- \u2028' })
  })
})
