import { execFileSync, spawnSync } from 'node:child_process'
import { cp, mkdir, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { isInside } from '../../src/config/read/inside-site.js'
import { toolStoreDir } from '../../src/tool/package.js'
import { memoryIo, repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

// Every kind of file the build cache keeps, damaged in turn in every way a disk, a tool or a
// person damages files. The cache only ever saves work: each build must exit 0 and write exactly
// the output of a clean build, and say in --verbose what it could not trust.

const cli = path.join(repoRoot, 'bin/citypress.cjs')

type Build = (site: string, out: string) => Promise<{ status: number | null; output: string }>

/**
 * `citypress build --verbose` in this process, with this file's own tool store (set before the
 * first build, which fixes it for the process: tool/package.ts toolStoreDir): damaging the run's
 * shared one would upset other test files.
 */
const buildHere: Build = async (site, out) => {
  const io = memoryIo()
  const status = await main(['build', site, '--out', out, '--verbose'], io)
  return { status, output: `${io.stdout}${io.stderr}` }
}

/** The tool store of the real CLI's builds: each is a process of its own, so it is passed in the environment. */
let cliStore: string

/** `citypress build --verbose` as a process of its own, as a user runs it. */
const buildCli: Build = async (site, out) => {
  const run = spawnSync(process.execPath, [cli, 'build', site, '--out', out, '--verbose'], {
    encoding: 'utf8',
    env: { ...process.env, CITYPRESS_CACHE_DIR: cliStore },
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** The landing fixture with one photo, so every kind of cache file exists. */
async function siteWithImage(): Promise<string> {
  const home = await readFile(path.join(repoRoot, 'tests/fixtures/sites/landing/pages/home.yaml'), 'utf8')
  const site = await siteFrom('landing', { 'pages/home.yaml': home.replace(/^title: (.*)$/m, 'title: $1\nimage: images/hero.jpg') })
  await mkdir(path.join(site, 'images'))
  await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a7' } })
    .jpeg()
    .toFile(path.join(site, 'images/hero.jpg'))
  return site
}

type Damage = (file: string) => Promise<void>

const damages: Record<string, Damage> = {
  /**
   * Bytes changed in the middle, size and modification time kept to the nanosecond (what a stat
   * check of size and modification time cannot see; `touch -r` copies times whole, where Node's
   * utimes rounds them).
   */
  async garbled(file) {
    const { size } = await stat(file)
    const times = path.join(await tempDir(), 'times')
    await writeFile(times, '')
    execFileSync('touch', ['-r', file, times])
    const handle = await open(file, 'r+')
    await handle.write(Buffer.alloc(Math.min(16, size), 'X'), 0, Math.min(16, size), Math.floor(size / 2))
    await handle.close()
    execFileSync('touch', ['-r', times, file])
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
  /** A named pipe no one writes to: reading it would wait forever. */
  async 'replaced by a pipe'(file) {
    await rm(file, { recursive: true, force: true })
    execFileSync('mkfifo', [file])
  },
}

/**
 * Damage only a site folder brings with it (a clone, an archive): tried on the files of the site's
 * own `.citypress`, not on the tool store's, which lives outside every site. (A link planted there
 * is refused outright: site-folder.build.test.ts.)
 */
const plantedOnly = new Set(['replaced by a pipe'])

describe('a damaged build cache', () => {
  let site: string
  let out: string
  let clean: Record<string, string>
  let cache: string
  let savedStore: string | undefined
  /** A cache file, and the site and output folder whose builds read it, built by `build`. */
  interface Kind {
    readonly file: string
    readonly site: string
    readonly out: string
    readonly build: Build
  }
  const kinds: Kind[] = []
  /** An edit to one page and back, so the page memo has a journal (derived.log) beside its file. */
  async function journal() {
    const contact = path.join(site, 'pages/contact.yaml')
    const text = await readFile(contact, 'utf8')
    await writeFile(contact, text.replace(/^title: (.*)$/m, 'title: $1 Now'))
    expect((await buildHere(site, out)).status).toBe(0)
    await writeFile(contact, text)
    expect((await buildHere(site, out)).status).toBe(0)
  }

  beforeAll(async () => {
    savedStore = process.env.CITYPRESS_CACHE_DIR
    const store = await tempDir()
    process.env.CITYPRESS_CACHE_DIR = store
    expect(toolStoreDir(), 'no build of this process chose its tool store yet').toBe(store)
    cliStore = await tempDir()
    site = await siteWithImage()
    // The reference: a clean build of the same site, with no cache at all.
    const reference = path.join(await tempDir(), 'site')
    await cp(site, reference, { recursive: true })
    const referenceOut = path.join(await tempDir(), 'dist')
    expect((await buildHere(reference, referenceOut)).status).toBe(0)
    clean = await snapshot(referenceOut)
    // A copy of the site built by the real CLI, in a process of its own.
    const cliSite = path.join(await tempDir(), 'site')
    await cp(site, cliSite, { recursive: true })
    const cliOut = path.join(await tempDir(), 'dist')
    expect((await buildCli(cliSite, cliOut)).status).toBe(0)
    expect(await snapshot(cliOut), 'the CLI writes what a build in this process writes').toEqual(clean)
    out = path.join(await tempDir(), 'dist')
    cache = path.join(site, '.citypress/cache')
    expect((await buildHere(site, out)).status).toBe(0)
    await journal()
    const pages = (await readdir(path.join(cache, 'pages'))).filter((n) => n.endsWith('.html')).sort()
    const images = (await readdir(path.join(cache, 'images'))).filter((n) => !n.startsWith('.')).sort()
    // The entry the site's pointer names: the reference build's copy may have made others (its font lookups differ by folder).
    const entry = async (name: string) =>
      path.join(
        store,
        name,
        `${(JSON.parse((await readFile(path.join(cache, 'tool', `${name}.json`))).subarray(0, -28).toString()) as { entry: string }).entry}.json`,
      )
    const here = (file: string): Kind => ({ file, site, out, build: buildHere })
    kinds.push(
      ...[
        'prints.bin',
        'siblings.bin',
        'output.json',
        'pages/stamps.json',
        'pages/derived.json',
        'pages/derived.log',
        `pages/${pages[0]}`,
        `images/${images[0]}`,
        'tool/templates.json',
        'tool/assets.json',
      ].map((kind) => here(path.join(cache, kind))),
    )
    // The tool store's entries of the site's bundles, such as the template bundle every page is
    // rendered with, and the site's pointers (tool/) to the ones its last build used.
    kinds.push(here(await entry('templates')), here(await entry('assets')))
    // A process keeps the template module it imported, and a preview's builds what they parsed
    // (config/read/read-cache.ts), for the next build in the same process, which would then never
    // read a damaged config.json or bundle it wrongly trusted: those two are damaged under the real
    // CLI, each build a process of its own.
    const bundle = (await readdir(path.join(cliStore, 'code'))).find((n) => /^templates-.*\.mjs$/.test(n))
    const cliCache = path.join(cliSite, '.citypress/cache')
    kinds.push(
      ...[path.join(cliCache, 'config.json'), path.join(cliStore, 'code', bundle!)].map((file) => ({
        file,
        site: cliSite,
        out: cliOut,
        build: buildCli,
      })),
    )
    for (const { file } of kinds) expect((await stat(file)).isFile(), file).toBe(true)
  }, 240_000)

  afterAll(() => {
    if (savedStore === undefined) delete process.env.CITYPRESS_CACHE_DIR
    else process.env.CITYPRESS_CACHE_DIR = savedStore
  })

  for (const [how, damage] of Object.entries(damages)) {
    it(`is rebuilt, not trusted, when each kind of cache file is ${how}`, async () => {
      for (const kind of kinds.filter((k) => !plantedOnly.has(how) || isInside(k.site, k.file))) {
        if (kind.file.endsWith('derived.log')) await journal()
        await damage(kind.file)
        // Into the same output folder (whose pages are hard links to the cached ones).
        const same = await kind.build(kind.site, kind.out)
        expect(same.status, `${kind.file} ${how}:\n${same.output}`).toBe(0)
        expect(await snapshot(kind.out), `${kind.file} ${how}`).toEqual(clean)
        // A build that met the damage says so (in --verbose) and writes the file anew, which is all
        // a second build would read. One that did not meet it (what its output folder already
        // held let it skip the file) is followed by one into a new folder, for which every cache
        // entry is used.
        const reported = (output: string) => / {2}cache: /.test(output)
        if (reported(same.output)) continue
        const fresh = path.join(await tempDir(), 'dist')
        const other = await kind.build(kind.site, fresh)
        expect(other.status, `${kind.file} ${how}:\n${other.output}`).toBe(0)
        expect(await snapshot(fresh), `${kind.file} ${how}`).toEqual(clean)
        // Damage that is not plain absence is reported.
        if (how !== 'deleted') expect(reported(other.output), `${kind.file} ${how}:\n${other.output}`).toBe(true)
      }
    }, 240_000)
  }

  it('is rebuilt when a cache folder is replaced by a file', async () => {
    for (const folder of ['pages', 'images', 'tool', '.']) {
      await rm(path.join(cache, folder), { recursive: true, force: true })
      await writeFile(path.join(cache, folder === '.' ? '' : folder), 'not a folder')
      const { status, output } = await buildHere(site, out)
      expect(status, `${folder}:\n${output}`).toBe(0)
      expect(await snapshot(out), folder).toEqual(clean)
    }
  }, 240_000)
})
