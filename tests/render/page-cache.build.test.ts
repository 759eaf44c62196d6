import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { build } from '../../src/build/index.js'
import { unseal } from '../../src/cache/sealed-file.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { siteFrom, snapshot, tempDir } from '../helpers/site.js'

/** The image cache of the first site warmSite built, which later copies start from. */
let encoded: string | undefined

/**
 * A site in a temp folder with its own cache, built once cold. Its pages are all rendered; the
 * image variants the first such site encoded are copied in first (the image cache is keyed by
 * content), so each copy encodes only the images its own files make new.
 */
async function warmSite(files: Record<string, string> = {}) {
  const site = await siteFrom('minimal', {
    'blog/first.md': '---\ntitle: First post\ndate: 2026-01-02\nexcerpt: The first one.\n---\n\nHello.\n',
    'blog/second.md': '---\ntitle: Second post\ndate: 2026-02-03\nexcerpt: The second one.\n---\n\nHello again.\n',
    ...files,
  })
  const images = path.join(site, '.citypress/cache/images')
  if (encoded) await cp(encoded, images, { recursive: true })
  const out = path.join(await tempDir(), 'dist')
  const cold = await build({ site, outDir: out })
  encoded ??= images
  return { site, out, cold, rebuild: () => build({ site, outDir: out }) }
}

/** The landing fixture rendered on this thread without a cache: what the builds rendering in a worker must match. */
let inThread: Promise<{ files: Record<string, string>; sizes: Awaited<ReturnType<typeof build>>['sizes'] }> | undefined
const landingInThread = () =>
  (inThread ??= (async () => {
    const out = path.join(await tempDir(), 'dist')
    const { sizes } = await build({ site: await siteFrom('landing'), outDir: out, cacheDir: false })
    return { files: await snapshot(out), sizes }
  })())

const rendered = (result: Awaited<ReturnType<typeof build>>) => result.pages.rendered

describe('the page cache', () => {
  it('renders nothing on a warm build and writes output byte-identical to a cold build', async () => {
    const { site, out, cold, rebuild } = await warmSite()
    expect(cold.pages).toMatchObject({ rendered: cold.routes.length, reused: 0 })
    const warm = await rebuild()
    expect(warm.pages).toMatchObject({ rendered: 0, reused: cold.routes.length })
    const fresh = path.join(await tempDir(), 'dist')
    await build({ site, outDir: fresh, cacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(fresh))
  })

  it('writes the same output when a second thread renders the pages', async () => {
    const site = await siteFrom('landing')
    const inWorker = path.join(await tempDir(), 'dist')
    const result = await build({ site, outDir: inWorker, cacheDir: false, workerMinimum: 1 })
    expect(result.pages.rendered).toBe(result.routes.length)
    // The five slowest renders, slowest first.
    const times = result.pages.slowest.map((s) => s.ms)
    expect(times).toHaveLength(Math.min(5, result.routes.length))
    expect(times).toEqual(times.toSorted((a, b) => b - a))
    expect(await snapshot(inWorker)).toEqual((await landingInThread()).files)
  })

  it('writes the same output and finds the same problems when a second thread renders into the page cache', async () => {
    // The worker writes each page into the cache and scans it there; only what the checks need comes back.
    const site = await siteFrom('landing')
    const inWorker = path.join(await tempDir(), 'dist')
    const thread = await landingInThread()
    const worker = await build({ site, outDir: inWorker, workerMinimum: 1 })
    expect(worker.pages.rendered).toBe(worker.routes.length)
    // _headers carries the CSP hashes and sizes come from the facts: both as from this thread.
    expect(await snapshot(inWorker)).toEqual(thread.files)
    expect(worker.sizes).toEqual(thread.sizes)
    // The facts the worker found were kept for the next build, which reads no page.
    const warm = await build({ site, outDir: inWorker, workerMinimum: 1 })
    expect(warm.pages.rendered).toBe(0)
    expect(warm.sizes).toEqual(thread.sizes)

    // A #fragment in a Markdown field may name any section of its page: only the rendered page has its ids.
    const broken = await siteFrom('minimal', {
      'pages/about.yaml': 'path: /about\ntitle: About\nsections:\n  - { type: text, body: "Read [our story](#story)." }\n',
    })
    const failure = await build({ site: broken, outDir: path.join(await tempDir(), 'dist'), workerMinimum: 1 }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BuildFailure)
    expect((failure as BuildFailure).errors.map((e) => [e.code, e.message])).toEqual([
      ['broken-link', 'The page /about links to #story, but this page has no element with id "story".'],
    ])
  })

  it('is rebuilt, not a failed build, when its JSON files were cut short', async () => {
    const { site, out, cold, rebuild } = await warmSite()
    const cache = path.join(site, '.citypress/cache')
    for (const file of ['config.json', 'output.json', 'pages/stamps.json', 'pages/derived.json']) {
      await writeFile(path.join(cache, file), (await readFile(path.join(cache, file), 'utf8')).slice(0, 40))
    }
    const again = await rebuild()
    // Without stamps no cached page is trusted: every page is rendered again, and the output is as before.
    expect(again.pages).toMatchObject({ rendered: cold.routes.length, reused: 0 })
    const fresh = path.join(await tempDir(), 'dist')
    await build({ site, outDir: fresh, cacheDir: false, imageCacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(fresh))
    expect((await rebuild()).upToDate).toBe(true)
  })

  it('re-renders only the page whose own YAML changed', async () => {
    const { site, rebuild } = await warmSite()
    await writeFile(
      path.join(site, 'pages/contact.yaml'),
      'path: /contact\ntitle: Contact\nsections:\n  - type: text\n    heading: Write to us\n    body: We answer within a day.\n',
    )
    const result = await rebuild()
    expect(rendered(result)).toBe(1)
    expect(await readFile(path.join(result.outDir, 'contact.html'), 'utf8')).toContain('We answer within a day.')
  })

  it('re-renders only the post whose body changed, not the listing or other pages', async () => {
    const { site, rebuild } = await warmSite()
    await writeFile(
      path.join(site, 'blog/first.md'),
      '---\ntitle: First post\ndate: 2026-01-02\nexcerpt: The first one.\n---\n\nHello, edited.\n',
    )
    expect(rendered(await rebuild())).toBe(1)
  })

  it("re-renders only a city's own landing page when that city's facts change", async () => {
    const local = (town: string, extra = '') =>
      `${town} has a compact downtown of brick offices, two clinics, a community college and a ring of light-industrial parks along the interstate, so most buildings need evening cleaning and weekend floor work rather than day porters.${extra}`
    const areas = (extra: string) =>
      [
        'lists:',
        '  main:',
        '    - Springfield, IL',
        '    - Ft. Oak, IL',
        'places:',
        '  "Springfield, IL":',
        '    county: Sangamon County',
        '    lat: 39.78',
        '    lng: -89.65',
        `    local: ${local('Springfield', extra)}`,
        '  "Ft. Oak, IL":',
        '    county: Oak County',
        '    lat: 40.1',
        '    lng: -89.2',
        `    local: ${local('Fort Oak', ' Its old mill district is now mostly loft offices and a brewery.')}`,
        '',
      ].join('\n')
    const { site, rebuild } = await warmSite({ 'areas.yaml': areas('') })
    await writeFile(path.join(site, 'areas.yaml'), areas(' The new county court annex opened in 2026.'))
    const result = await rebuild()
    expect(rendered(result)).toBe(1)
    const page = result.routes.find((r) => r.url === '/lp/springfield-office-cleaning')!
    expect(await readFile(path.join(result.outDir, page.outputPath), 'utf8')).toContain('court annex')
  })

  it('re-renders every page when shared data, the site URL or a template changes', async () => {
    const { site, cold, rebuild } = await warmSite()
    const all = cold.routes.length
    await writeFile(
      path.join(site, 'areas.yaml'),
      'lists:\n  main:\n    - Springfield, IL\n    - Ft. Oak, IL\n    - Shelbyville, IL\nplaces:\n  Springfield, IL: {}\n  Ft. Oak, IL: {}\n  Shelbyville, IL: {}\n',
    )
    const afterList = await rebuild()
    expect(rendered(afterList)).toBe(afterList.routes.length)

    const siteYaml = await readFile(path.join(site, 'site.yaml'), 'utf8')
    await writeFile(path.join(site, 'site.yaml'), siteYaml.replace('https://tidy.example', 'https://www.tidy.example'))
    expect(rendered(await rebuild())).toBe(afterList.routes.length)

    await mkdir(path.join(site, 'templates/sections'), { recursive: true })
    await writeFile(path.join(site, 'templates/sections/Text.tsx'), 'export function Text() {\n  return <p>override</p>\n}\n')
    const afterTemplate = await rebuild()
    expect(rendered(afterTemplate)).toBe(afterTemplate.routes.length)
    expect(all).toBeLessThan(afterTemplate.routes.length)
  })

  it('re-renders the pages whose footer lists the first landing pages when the matrix lists its services in another order', async () => {
    const site = await siteFrom('landing')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const landing = await readFile(path.join(site, 'landing.yaml'), 'utf8')
    await writeFile(
      path.join(site, 'landing.yaml'),
      landing.replace('services: [office-cleaning, window-cleaning]', 'services: [window-cleaning, office-cleaning]'),
    )
    const warm = await build({ site, outDir: out })
    expect(rendered(warm)).toBe(warm.routes.length)
    const fresh = path.join(await tempDir(), 'dist')
    await build({ site, outDir: fresh, cacheDir: false })
    expect(await readFile(path.join(out, 'contact.html'), 'utf8')).toContain('href="/lp/springfield-window-cleaning"')
    expect(await snapshot(out)).toEqual(await snapshot(fresh))
  })

  it('re-renders every page when the citypress version changes', async () => {
    const { site, cold } = await warmSite()
    vi.resetModules()
    vi.doMock('../../src/tool/package.js', async (original) => ({ ...(await original<object>()), citypressVersion: '999.0.0' }))
    const { build: buildNewVersion } = await import('../../src/build/index.js')
    const result = await buildNewVersion({ site, outDir: path.join(await tempDir(), 'dist') })
    expect(rendered(result)).toBe(cold.routes.length)
    vi.doUnmock('../../src/tool/package.js')
  })

  it('still finds a dead link on a page reused from the cache, from the facts kept beside it', async () => {
    const { site, rebuild } = await warmSite({
      'pages/about.yaml': 'path: /about\ntitle: About\nsections:\n  - { type: text, body: "Read [our story](/story)." }\n',
      'pages/story.yaml': 'path: /story\ntitle: Story\nsections:\n  - { type: text, body: Since 1999. }\n',
    })
    await rm(path.join(site, 'pages/story.yaml'))
    const failure = await rebuild().catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BuildFailure)
    const [error] = (failure as BuildFailure).errors
    expect(error!.code).toBe('broken-link')
    expect(error!.message).toContain('/story')
    expect(await readFile(path.join(site, '.citypress/cache/pages/derived.json'), 'utf8')).toContain('/story')
  })

  it('scores landing pages on a warm build exactly as a build without cache does, also after a city’s text changed', async () => {
    const site = await siteFrom('landing')
    const out = path.join(await tempDir(), 'dist')
    const scores = (result: Awaited<ReturnType<typeof build>>) => result.landing.quality.pages
    const cold = await build({ site, outDir: out })
    expect(scores(await build({ site, outDir: out }))).toEqual(scores(cold))

    // Rochester gets Chatham's paragraph.
    const areas = await readFile(path.join(site, 'areas.yaml'), 'utf8')
    const chatham = /Chatham is a fast-growing[\s\S]+?visit rather\n\s+than a nightly crew\./.exec(areas)![0]
    await writeFile(path.join(site, 'areas.yaml'), areas.replace(/Rochester sits east[\s\S]+?Walnut Street\./, chatham))
    const warm = await build({ site, outDir: out })
    const uncached = await build({ site, write: false, cacheDir: false })
    expect(scores(warm)).toEqual(scores(uncached))
    const rochester = (result: Awaited<ReturnType<typeof build>>) => scores(result).find((p) => p.url === '/lp/rochester-office-cleaning')!
    expect(rochester(warm).words).not.toBe(rochester(cold).words)
  })

  it('keeps only the pages of the latest build', async () => {
    const { site, rebuild } = await warmSite()
    await writeFile(
      path.join(site, 'pages/contact.yaml'),
      'path: /contact\ntitle: Contact\nsections:\n  - { type: text, body: New text. }\n',
    )
    const result = await rebuild()
    const cached = (await readdir(path.join(site, '.citypress/cache/pages'))).filter((n) => n.endsWith('.html'))
    expect(cached).toHaveLength(result.routes.length)
  })

  it('leaves every cached page stamped as it is on disk, so the next build trusts each without reading it', async () => {
    const { site, rebuild } = await warmSite()
    const pages = path.join(site, '.citypress/cache/pages')
    // A page's stamp: size, mtime, ctime and inode as the build left it (linking a page into the output changes its ctime).
    const staleStamps = async () => {
      const stamps = JSON.parse(unseal(await readFile(path.join(pages, 'stamps.json')))!.toString('utf8')) as Record<string, number[]>
      const stale: string[] = []
      for (const [key, [size, mtime, ctime, ino]] of Object.entries(stamps)) {
        const stats = await stat(path.join(pages, `${key}.html`))
        if (stats.size !== size || stats.mtimeMs !== mtime || stats.ctimeMs !== ctime || stats.ino !== ino) stale.push(key)
      }
      return { stale, count: Object.keys(stamps).length }
    }
    expect(await staleStamps()).toMatchObject({ stale: [] })
    for (const text of ['First edit.', 'Second edit.']) {
      await writeFile(
        path.join(site, 'pages/contact.yaml'),
        `path: /contact\ntitle: Contact\nsections:\n  - { type: text, body: ${text} }\n`,
      )
      const result = await rebuild()
      expect(rendered(result)).toBe(1)
      expect(await staleStamps()).toEqual({ stale: [], count: result.routes.length })
    }
  })
})
