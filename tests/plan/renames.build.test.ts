import { existsSync, readFileSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { main } from '../../src/cli/main.js'
import type { PublishedRecord } from '../../src/config/published/published-urls.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { planLandingRedirects, recordPublished } from '../../src/plan/plan-redirects.js'
import { memoryIo, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')))
}

describe('renaming a city or a service', () => {
  beforeAll(() => warmFixture('landing'))

  it('records the published landing URLs in the site folder, and writes 301s for every old one after a rename', async () => {
    const site = await warmSiteFrom('landing')
    const out = path.join(await tempDir(), 'public')
    // With the build cache, which keeps the record of what the build wrote into \`out\`: the next
    // build may then remove the pages it no longer makes.
    await build({ site, outDir: out, recordUrls: true })
    const record = JSON.parse(readFileSync(path.join(site, 'published-urls.json'), 'utf8')) as { pages: Record<string, unknown> }
    expect(Object.keys(record.pages)).toHaveLength(10)
    expect(record.pages['/lp/rochester-office-cleaning']).toEqual({
      area: 'Rochester, IL',
      service: 'office-cleaning',
      serviceTitle: 'Office Cleaning',
      lat: 39.7495,
      lng: -89.5318,
    })

    // Rochester becomes "Rochester Village" (a new city slug), window-cleaning.yaml becomes
    // glass-cleaning.yaml (a new service slug), and Chatham leaves the matrix.
    await edit(path.join(site, 'areas.yaml'), (t) =>
      t
        .replaceAll('Rochester, IL', 'Rochester Village, IL')
        .replace('    - Chatham, IL\n', '')
        .replace(/^ {2}Chatham, IL:\n(?: {4}.*\n)*/m, ''),
    )
    await rename(path.join(site, 'services/window-cleaning.yaml'), path.join(site, 'services/glass-cleaning.yaml'))
    await edit(path.join(site, 'landing.yaml'), (t) =>
      t
        .replace('services: [office-cleaning, window-cleaning]', 'services: [office-cleaning, glass-cleaning]')
        .replaceAll('service: window-cleaning', 'service: glass-cleaning')
        .replace('  window-cleaning:\n', '  glass-cleaning:\n'),
    )
    await edit(path.join(site, 'site.yaml'), (t) =>
      t.replace('services: [office-cleaning, window-cleaning]', 'services: [office-cleaning, glass-cleaning]'),
    )

    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io), io.stderr).toBe(0)
    const redirects = readFileSync(path.join(out, '_redirects'), 'utf8')
    expect(redirects).toContain('/lp/rochester-office-cleaning /lp/rochester-village-office-cleaning 301\n')
    expect(redirects).toContain('/lp/springfield-window-cleaning /lp/springfield-glass-cleaning 301\n')
    expect(redirects).toContain('/lp/jacksonville-window-cleaning /lp/jacksonville-glass-cleaning 301\n')
    expect(redirects).toContain('/lp/rochester-window-cleaning /lp/rochester-village-glass-cleaning 301\n')
    // Removed: to the nearest page of the same service.
    expect(redirects).toContain('/lp/chatham-office-cleaning /lp/springfield-office-cleaning 301\n')
    expect(redirects).toContain('/lp/chatham-window-cleaning /lp/springfield-glass-cleaning 301\n')
    // The build says so instead of dropping pages silently.
    expect(io.stdout).toContain('↪ 7 published landing pages no longer built; 301 in _redirects:')
    expect(io.stdout).toContain(
      '  /lp/rochester-office-cleaning → /lp/rochester-village-office-cleaning  (same area and service, new address)',
    )
    expect(io.stdout).toContain(
      '  /lp/chatham-office-cleaning → /lp/springfield-office-cleaning  (page removed; nearest Office Cleaning page (7.9 mi))',
    )
    expect(io.stdout).toContain('published-urls.json updated')
  })

  it('shows the planned redirects in validate and routes, before anything is built', async () => {
    const site = await warmSiteFrom('landing')
    await build({ site, outDir: path.join(await tempDir(), 'public'), cacheDir: false, recordUrls: true })
    await edit(path.join(site, 'areas.yaml'), (t) => t.replaceAll('Rochester, IL', 'Rochester Village, IL'))
    const line = '  /lp/rochester-office-cleaning → /lp/rochester-village-office-cleaning  (same area and service, new address)'
    for (const command of ['validate', 'routes']) {
      const io = memoryIo()
      expect(await main([command, site], io), io.stderr).toBe(0)
      expect(io.stdout).toContain('↪ 2 published landing pages no longer built; 301 in _redirects:')
      expect(io.stdout).toContain(line)
    }
  })

  it('keeps redirecting an old address after later renames, straight to the page that exists now', async () => {
    const site = await warmSiteFrom('landing')
    const out = path.join(await tempDir(), 'public')
    // Builds into one folder keep its record in the build cache, so each may remove what it no longer makes.
    await build({ site, outDir: out, recordUrls: true })
    await edit(path.join(site, 'areas.yaml'), (t) => t.replaceAll('Rochester, IL', 'Rochester Village, IL'))
    await build({ site, outDir: out, recordUrls: true })
    await edit(path.join(site, 'areas.yaml'), (t) => t.replaceAll('Rochester Village, IL', 'East Rochester, IL'))
    const result = await build({ site, outDir: out, recordUrls: true })
    expect(
      result.landing.redirects
        .filter((r) => r.from.includes('rochester') && r.from.endsWith('office-cleaning'))
        .map((r) => `${r.from} → ${r.to}`),
    ).toEqual([
      '/lp/rochester-office-cleaning → /lp/east-rochester-office-cleaning',
      '/lp/rochester-village-office-cleaning → /lp/east-rochester-office-cleaning',
    ])
  })

  it('leaves the site folder alone unless asked to record (previews and plain API builds)', async () => {
    const site = await warmSiteFrom('landing')
    await build({ site, outDir: path.join(await tempDir(), 'public'), cacheDir: false })
    expect(existsSync(path.join(site, 'published-urls.json'))).toBe(false)
  })
})

describe('planLandingRedirects', () => {
  const page = (area: string, service: string, geo?: { lat: number; lng: number }): LandingPageProps => ({
    url: `/lp/${area.split(',')[0]!.toLowerCase().replace(/\s+/g, '-')}-${service}`,
    area,
    city: area.split(',')[0]!,
    state: area.split(', ')[1] ?? '',
    citySlug: area.split(',')[0]!.toLowerCase().replace(/\s+/g, '-'),
    service: { slug: service, title: service, url: `/services/${service}` },
    description: '',
    geo,
    layout: ['hero'],
    breadcrumbs: [],
    hero: { title: '', badges: [], actions: [], height: '60vh' },
    areas: { label: '', nearby: [] },
  })
  /** The redirects of `published` when the build makes `pages` and nothing else (no service page), unless `options` say otherwise. */
  const redirectsOf = (
    published: PublishedRecord,
    pages: readonly LandingPageProps[],
    options: Partial<Parameters<typeof planLandingRedirects>[0]> = {},
  ) =>
    planLandingRedirects({
      published,
      pages,
      routeUrls: new Set(pages.map((p) => p.url)),
      fallback: '/locations',
      servicePages: new Map(),
      ...options,
    })

  it('sends nothing for an address that is still built, whatever it is now', () => {
    const pages = [page('Mason, OH', 'cleaning')]
    expect(redirectsOf(recordPublished({ pages: {} }, pages), pages)).toEqual([])
  })

  it('keeps every page in its own town when a service is renamed, however near the next town is', () => {
    // Oregon City and West Linn face each other across the river: 0.8 mi apart.
    const oregonCity = { lat: 45.3573, lng: -122.6068 }
    const westLinn = { lat: 45.3657, lng: -122.6123 }
    const before = [page('West Linn, OR', 'lawn-care', westLinn), page('Oregon City, OR', 'lawn-care', oregonCity)]
    const after = [page('West Linn, OR', 'lawn-mowing', westLinn), page('Oregon City, OR', 'lawn-mowing', oregonCity)]
    const published = recordPublished(
      { pages: {} },
      before.map((p) => ({ ...p, service: { ...p.service, title: 'Lawn Care' } })),
    )
    const pages = after.map((p) => ({ ...p, service: { ...p.service, title: 'Lawn Care' } }))
    const redirects = redirectsOf(published, pages)
    expect(redirects.map((r) => `${r.from} → ${r.to} (${r.reason})`)).toEqual([
      '/lp/oregon-city-lawn-care → /lp/oregon-city-lawn-mowing (same area and service, new address)',
      '/lp/west-linn-lawn-care → /lp/west-linn-lawn-mowing (same area and service, new address)',
    ])
  })

  it('sends a removed town to the nearest page as a removal, and a town under a new name to its own page', () => {
    const published = recordPublished({ pages: {} }, [
      page('Gladstone, OR', 'lawn-care', { lat: 45.3807, lng: -122.5948 }),
      page('Oregon City, OR', 'lawn-care', { lat: 45.3573, lng: -122.6068 }),
      page('West Linn, OR', 'lawn-care', { lat: 45.3657, lng: -122.6123 }),
    ])
    // Gladstone leaves; West Linn is written "Westlinn" with its place facts kept.
    const pages = [
      page('Oregon City, OR', 'lawn-care', { lat: 45.3573, lng: -122.6068 }),
      page('Westlinn, OR', 'lawn-care', { lat: 45.3657, lng: -122.6123 }),
    ]
    const redirects = redirectsOf(published, pages)
    expect(redirects.map((r) => `${r.from} → ${r.to} (${r.reason})`)).toEqual([
      '/lp/gladstone-lawn-care → /lp/westlinn-lawn-care (page removed; nearest lawn-care page (1.3 mi))',
      '/lp/west-linn-lawn-care → /lp/westlinn-lawn-care (same area and service, new address)',
    ])
  })

  it('sends a town renamed without coordinates to its own page by the name it had, never to the nearer neighbour', () => {
    const published = recordPublished({ pages: {} }, [
      page('West Linn, OR', 'lawn-care'),
      page('Oregon City, OR', 'lawn-care', { lat: 45.3573, lng: -122.6068 }),
    ])
    const pages = [page('Oregon City, OR', 'lawn-care', { lat: 45.3573, lng: -122.6068 }), page('Willamette, OR', 'lawn-care')]
    const plan = (formerNames?: ReadonlyMap<string, string>) =>
      redirectsOf(published, pages, { formerNames }).map((r) => `${r.from} → ${r.to}`)
    expect(plan(new Map([['West Linn, OR', 'Willamette, OR']]))).toEqual(['/lp/west-linn-lawn-care → /lp/willamette-lawn-care'])
    // Without its former name the rename cannot be told from a removal.
    expect(plan()).not.toEqual(['/lp/west-linn-lawn-care → /lp/willamette-lawn-care'])
  })

  it('falls back to the same city’s other service, then the service’s page at its address, then the overview', () => {
    const published = {
      pages: {
        '/lp/mason-cleaning': { area: 'Mason, OH', service: 'cleaning', serviceTitle: 'Cleaning' },
        '/lp/lebanon-cleaning': { area: 'Lebanon, OH', service: 'cleaning', serviceTitle: 'Cleaning' },
        '/lp/xenia-repairs': { area: 'Xenia, OH', service: 'repairs', serviceTitle: 'Repairs' },
      },
    }
    const pages = [page('Mason, OH', 'windows')]
    // The service's page at its address in the page's language, where it is built.
    const routeUrls = new Set(['/lp/mason-windows', '/services/limpieza'])
    const servicePages = new Map([
      ['cleaning', '/services/limpieza'],
      ['repairs', '/services/reparaciones'],
    ])
    expect(redirectsOf(published, pages, { routeUrls, servicePages }).map((r) => [r.from, r.to])).toEqual([
      ['/lp/lebanon-cleaning', '/services/limpieza'],
      ['/lp/mason-cleaning', '/lp/mason-windows'],
      ['/lp/xenia-repairs', '/locations'],
    ])
  })
})
