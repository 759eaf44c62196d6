import { execFileSync } from 'node:child_process'
import { readFile, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BuildOptions, buildSummary } from '../../src/build/index.js'
import { listFolder } from '../../src/cache/output-record.js'
import { readSealedJson, writeSealedJson } from '../../src/cache/sealed-file.js'
import { toolStoreDir } from '../../src/tool/package.js'
import { siteFrom, snapshot, tempDir } from '../helpers/site.js'

/** A site built once, so the next build of it may repeat that build's report. */
async function builtSite(files: Record<string, string> = {}, options: Partial<BuildOptions> = {}) {
  const site = await siteFrom('minimal', files)
  const out = path.join(await tempDir(), 'dist')
  const again = () => buildSummary({ site, outDir: out, ...options })
  const first = await again()
  return { site, out, first, again }
}

/** Every file of the output with its size, mtime and inode: equal listings mean nothing was written. */
const untouched = (out: string) => listFolder(out)

afterEach(() => {
  vi.useRealTimers()
})

// One test alters the kept template bundle, so this file has a tool store of its own: the run's
// shared one is read and rewritten by other files' builds at the same time.
let savedStore: string | undefined
beforeAll(async () => {
  savedStore = process.env.CITYPRESS_CACHE_DIR
  const store = await tempDir()
  process.env.CITYPRESS_CACHE_DIR = store
  expect(toolStoreDir(), 'no build of this process chose its tool store yet').toBe(store)
})
afterAll(() => {
  if (savedStore === undefined) delete process.env.CITYPRESS_CACHE_DIR
  else process.env.CITYPRESS_CACHE_DIR = savedStore
})

describe('a build of a site in which nothing changed', () => {
  it('says what the last build said, warnings at their lines included, without loading the site or writing', async () => {
    // github-pages cannot send headers: a warning placed at site.yaml's `host` line.
    const { out, first, again } = await builtSite({
      'site.yaml': `${await readFile(path.join(await siteFrom('minimal'), 'site.yaml'), 'utf8')}host: github-pages\n`,
    })
    expect(first.replayed).toBe(false)
    expect(first.warnings.map((w) => [w.code, w.line])).toEqual([
      ['host-unsupported', 12],
      ['host-unsupported', 12],
    ])
    const before = untouched(out)

    const replayed = await again()
    expect(replayed).toMatchObject({
      replayed: true,
      upToDate: true,
      pageCount: first.pageCount,
      fileCount: first.fileCount,
      sizes: first.sizes,
    })
    expect(replayed.timings.config).toEqual({ ms: 0, cpuMs: 0, peakMiB: 0 })
    expect(replayed.pages).toEqual({ rendered: 0, reused: first.pageCount, slowest: [] })
    expect(replayed.landing).toEqual(first.landing)
    expect(replayed.warnings.map((w) => w.toJSON())).toEqual(first.warnings.map((w) => w.toJSON()))
    expect(untouched(out)).toEqual(before)
  })

  it('loads the site again when a file of it was edited, added or removed, and the output shows it', async () => {
    const { site, out, again } = await builtSite()
    expect((await again()).replayed).toBe(true)

    const service = path.join(site, 'services', 'office-cleaning.yaml')
    await writeFile(service, (await readFile(service, 'utf8')).replace(/^title: .*$/m, 'title: Office Polishing'))
    expect((await again()).replayed).toBe(false)
    expect(await readFile(path.join(out, 'services', 'office-cleaning.html'), 'utf8')).toContain('Office Polishing')

    await writeFile(path.join(site, 'pages', 'about.md'), '---\ntitle: About us\ndescription: Who cleans your office.\n---\n\nWe clean.\n')
    expect((await again()).replayed).toBe(false)
    expect(await readFile(path.join(out, 'about.html'), 'utf8')).toContain('About us')

    await rm(path.join(site, 'pages', 'about.md'))
    expect((await again()).replayed).toBe(false)
    expect(Object.keys(await snapshot(out))).not.toContain('about.html')
  })

  it('loads the site again when a file was only touched, and repeats itself from the build after', async () => {
    const { site, again } = await builtSite()
    const now = new Date()
    await utimes(path.join(site, 'areas.yaml'), now, now)
    expect(await again()).toMatchObject({ replayed: false, upToDate: true })
    expect((await again()).replayed).toBe(true)
  })

  it('writes the output again when a file in it was changed or removed', async () => {
    const { site, out, again } = await builtSite()
    const fresh = path.join(await tempDir(), 'dist')
    await buildSummary({ site, outDir: fresh, cacheDir: false })
    await writeFile(path.join(out, 'index.html'), 'defaced')
    expect(await again()).toMatchObject({ replayed: false, upToDate: false })
    await rm(path.join(out, 'sitemap.xml'))
    expect(await again()).toMatchObject({ replayed: false, upToDate: false })
    expect(await snapshot(out)).toEqual(await snapshot(fresh))
  })

  it('loads the site again when the templates changed since they were bundled', async () => {
    const { site, again } = await builtSite()
    // As after an edit to a template: the kept bundle lists an input whose bytes are no longer the ones it read.
    // The site's cache points at the bundle's entry in this file's tool store.
    const pointer = (await readSealedJson<{ entry: string }>(path.join(site, '.citypress', 'cache', 'tool', 'templates.json')))!
    const entryFile = path.join(process.env.CITYPRESS_CACHE_DIR!, 'templates', `${pointer.entry}.json`)
    const entry = (await readSealedJson<{ inputs: Record<string, string> }>(entryFile))!
    const [input] = Object.keys(entry.inputs)
    await writeSealedJson(entryFile, { ...entry, inputs: { ...entry.inputs, [input!]: 'an older hash' } })
    expect((await again()).replayed).toBe(false)
    expect((await again()).replayed).toBe(true)
  })

  it('loads the site again with other settings, in another year, or with a damaged record', async () => {
    const { site, out, again } = await builtSite()
    expect((await buildSummary({ site, outDir: out, drafts: true })).replayed).toBe(false)
    expect((await again()).replayed).toBe(false)
    expect((await again()).replayed).toBe(true)

    // The footer's copyright year comes from the clock.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${new Date().getFullYear() + 1}-01-01T00:00:01Z`) })
    expect((await again()).replayed).toBe(false)
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain(`© ${new Date().getFullYear()}`)
    vi.useRealTimers()

    const record = path.join(site, '.citypress', 'cache', 'output.json')
    await writeFile(record, (await readFile(record)).subarray(0, 100))
    expect((await again()).replayed).toBe(false)
  })

  it('loads the site again when git dates a file differently, as the sitemap does', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const again = () => buildSummary({ site, outDir: out })
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: site,
        env: { ...process.env, GIT_AUTHOR_DATE: '2024-02-03T10:00:00Z', GIT_COMMITTER_DATE: '2024-02-03T10:00:00Z' },
      })
    git('init', '-q')
    git('config', 'user.email', 't@example.com')
    git('config', 'user.name', 'Test')
    git('add', '.')
    git('commit', '-q', '-m', 'first')
    await writeFile(path.join(site, 'pages', 'about.md'), '---\ntitle: About us\ndescription: Who cleans your office.\n---\n\nWe clean.\n')
    expect((await again()).replayed).toBe(false)
    expect((await again()).replayed).toBe(true)
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).not.toMatch(/about<\/loc><lastmod>2024-02-03/)
    // Committing the new page changes no file of the site, only the date git gives it.
    git('add', '.')
    git('commit', '-q', '-m', 'about')
    expect((await again()).replayed).toBe(false)
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).toMatch(/about<\/loc><lastmod>2024-02-03/)
  })

  it('never repeats a build that read a sitemap from outside the site folder, which can change unseen', async () => {
    const elsewhere = path.join(await tempDir(), 'sitemap.xml')
    await writeFile(
      elsewhere,
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://tidy.example/lp/old-town-office-cleaning</loc></url></urlset>',
    )
    const { again } = await builtSite({}, { published: elsewhere })
    expect((await again()).replayed).toBe(false)
    expect((await again()).replayed).toBe(false)
  })
})
