import { spawnSync } from 'node:child_process'
import { cp, mkdir, open, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

// Every kind of file the build cache keeps, damaged in turn in every way a disk, a tool or a
// person damages files. The cache only ever saves work: each build must exit 0 and write exactly
// the output of a clean build, and say in --verbose what it could not trust.

const cli = path.join(repoRoot, 'bin/citypress.mjs')
/** A tool store of these tests' own (tool/package.ts toolStoreDir): damaging the run's shared one would upset other test files. */
let store: string

function buildCli(site: string, out: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [cli, 'build', site, '--out', out, '--verbose'], { encoding: 'utf8', env: { ...process.env, CITYPRESS_CACHE_DIR: store } })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** The landing fixture with one photo, so every kind of cache file exists. */
async function siteWithImage(): Promise<string> {
  const home = await readFile(path.join(repoRoot, 'tests/fixtures/sites/landing/pages/home.yaml'), 'utf8')
  const site = await siteFrom('landing', { 'pages/home.yaml': home.replace(/^title: (.*)$/m, 'title: $1\nimage: images/hero.jpg') })
  await mkdir(path.join(site, 'images'))
  await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a7' } }).jpeg().toFile(path.join(site, 'images/hero.jpg'))
  return site
}

type Damage = (file: string) => Promise<void>

const damages: Record<string, Damage> = {
  /** Bytes changed in the middle, size and modification time kept (what a stat check cannot see). */
  async garbled(file) {
    const { size, atime, mtime } = await stat(file)
    const handle = await open(file, 'r+')
    await handle.write(Buffer.alloc(Math.min(16, size), 'X'), 0, Math.min(16, size), Math.floor(size / 2))
    await handle.close()
    await utimes(file, atime, mtime)
  },
  /** Its end cut off, as by a full disk or a killed write. */
  async truncated(file) {
    await truncate(file, Math.max(0, (await stat(file)).size - 10))
  },
  async 'replaced by a folder'(file) {
    await rm(file, { recursive: true, force: true })
    await mkdir(path.join(file, 'inside'), { recursive: true })
  },
  async deleted(file) {
    await rm(file, { recursive: true, force: true })
  },
}

describe('a damaged build cache', () => {
  let site: string
  let out: string
  let clean: Record<string, string>
  let cache: string
  const kinds: string[] = []
  /** An edit to one page and back, so the page memo has a journal (derived.log) beside its file. */
  async function journal() {
    const contact = path.join(site, 'pages/contact.yaml')
    const text = await readFile(contact, 'utf8')
    await writeFile(contact, text.replace(/^title: (.*)$/m, 'title: $1 Now'))
    expect(buildCli(site, out).status).toBe(0)
    await writeFile(contact, text)
    expect(buildCli(site, out).status).toBe(0)
  }

  beforeAll(async () => {
    store = await tempDir()
    site = await siteWithImage()
    // The reference: a clean build of the same site, with no cache at all.
    const reference = path.join(await tempDir(), 'site')
    await cp(site, reference, { recursive: true })
    const referenceOut = path.join(await tempDir(), 'dist')
    expect(buildCli(reference, referenceOut).status).toBe(0)
    clean = await snapshot(referenceOut)
    out = path.join(await tempDir(), 'dist')
    cache = path.join(site, '.citypress/cache')
    expect(buildCli(site, out).status).toBe(0)
    await journal()
    const pages = (await readdir(path.join(cache, 'pages'))).filter((n) => n.endsWith('.html')).sort()
    const images = (await readdir(path.join(cache, 'images'))).filter((n) => !n.startsWith('.')).sort()
    // The tool store: citypress's own pieces, such as the template bundle every page is rendered with,
    // and the site's pointers (tool/) to the ones its last build used.
    const bundle = (await readdir(path.join(store, 'code'))).find((n) => /^templates-.*\.mjs$/.test(n))
    // The entry the site's pointer names: the reference build's copy may have made others (its font lookups differ by folder).
    // (Read past its 28-byte seal: the key that seals it is the test store's, not this process's.)
    const entry = async (name: string) => path.join(store, name, `${(JSON.parse((await readFile(path.join(cache, 'tool', `${name}.json`))).subarray(0, -28).toString()) as { entry: string }).entry}.json`)
    kinds.push(...['config.json', 'prints.bin', 'siblings.bin', 'output.json', 'pages/stamps.json', 'pages/derived.json', 'pages/derived.log', `pages/${pages[0]}`, `images/${images[0]}`, 'tool/templates.json', 'tool/assets.json'].map((kind) => path.join(cache, kind)))
    kinds.push(path.join(store, 'code', bundle!), await entry('templates'), await entry('assets'))
    for (const kind of kinds) expect((await stat(kind)).isFile(), kind).toBe(true)
  }, 240_000)

  for (const [how, damage] of Object.entries(damages)) {
    it(`is rebuilt, not trusted, when each kind of cache file is ${how}`, async () => {
      for (const kind of kinds) {
        if (kind.endsWith('derived.log')) await journal()
        await damage(kind)
        // Into the same output folder (whose pages are hard links to the cached ones), then into a
        // new one, for which every cache entry is used.
        const same = buildCli(site, out)
        expect(same.status, `${kind} ${how}:\n${same.output}`).toBe(0)
        expect(await snapshot(out), `${kind} ${how}`).toEqual(clean)
        const fresh = path.join(await tempDir(), 'dist')
        const other = buildCli(site, fresh)
        expect(other.status, `${kind} ${how}:\n${other.output}`).toBe(0)
        expect(await snapshot(fresh), `${kind} ${how}`).toEqual(clean)
        // Damage that is not plain absence is reported, in --verbose.
        if (how !== 'deleted') expect(same.output + other.output, `${kind} ${how}`).toMatch(/ {2}cache: /)
      }
    }, 240_000)
  }

  it('is rebuilt when a cache folder is replaced by a file', async () => {
    for (const folder of ['pages', 'images', 'tool', '.']) {
      await rm(path.join(cache, folder), { recursive: true, force: true })
      await writeFile(path.join(cache, folder === '.' ? '' : folder), 'not a folder')
      const { status, output } = buildCli(site, out)
      expect(status, `${folder}:\n${output}`).toBe(0)
      expect(await snapshot(out), folder).toEqual(clean)
    }
  }, 240_000)
})
