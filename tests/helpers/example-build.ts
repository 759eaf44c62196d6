import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type { BuildResult } from '../../src/build/index.js'
import { acquireLock } from '../../src/cache/lock.js'
import type { ConfigWarning } from '../../src/errors/config-warning.js'
import { sitePaths } from '../../src/site/paths.js'
import type { OutputFile } from '../../src/types.js'
import { repoRoot } from './site.js'

export type ExampleSite = 'system4' | 'greenway' | 'brightline' | 'starter'
/**
 * The fixtures (tests/fixtures/sites/<name>) that several test files build unchanged, to read the
 * output or to start copies from its encoded images (tests/helpers/warm-fixture.ts).
 */
export type SharedFixture = 'widgets' | 'landing' | 'markdown' | 'minimal' | 'brand'

/** A BuildResult as it comes back from JSON: warnings as their JSON, file paths instead of files. */
export type SharedResult = Omit<BuildResult, 'warnings' | 'files'> & {
  readonly warnings: readonly ReturnType<ConfigWarning['toJSON']>[]
  /** Every file of the site in the output folder (as `files` of a build that does not write), relative to it. */
  readonly paths: readonly string[]
}

export interface ExampleBuild {
  /** The copy of the site folder (sites/<name>, tests/fixtures/sites/<name>) that was built, in a temporary folder. */
  readonly site: string
  readonly outDir: string
  readonly result: SharedResult
  /** A file of the output folder, as text. */
  file(outputPath: string): string
  /** The HTML of the page at a site address. */
  page(url: string): string
  /** Every file of the output, as `files` of a build that does not write. */
  files(): OutputFile[]
}

/**
 * An example site (sites/<name>, unmodified) built once per test run into an output folder that
 * every test file reading it shares. Built with cacheDir false (every page rendered) and the
 * site's own image cache (git-ignored; encoded variants are keyed by their content). Files run in
 * processes of their own, so the build is kept on disk, in the folder
 * tests/helpers/example-builds-setup.ts makes for the run; without it (vitest run with another
 * config), in a folder of this process. Tests that change the site or need a cold build of their
 * own must build a copy instead. Never write into the output folder: other files read it.
 */
export function exampleBuild(name: ExampleSite): Promise<ExampleBuild> {
  return shared(`sites/${name}`)
}

/** A fixture site (tests/fixtures/sites/<name>, unmodified), built once per run and shared as exampleBuild's sites are. */
export function fixtureBuild(name: SharedFixture): Promise<ExampleBuild> {
  return shared(`tests/fixtures/sites/${name}`)
}

function shared(site: string): Promise<ExampleBuild> {
  let found = builds.get(site)
  if (!found) {
    found = sharedBuild(site)
    builds.set(site, found)
  }
  return found
}

/**
 * Copies an example site into `dest` (which must not exist) for a test that changes it, without
 * sites/<name>/.citypress but with the images encoded by the run's shared build: the cache is
 * keyed by content, so the copy encodes only the images its changes make new.
 */
export async function copyExample(name: ExampleSite, dest: string): Promise<string> {
  const { site } = await exampleBuild(name)
  await cp(site, dest, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  await copyImageCache(site, sitePaths(dest).cache.images)
  return dest
}

/** Copies the image variants a shared build of `built` (its site copy) encoded into `dest`, an image cache folder. */
export async function copyImageCache(built: string, dest: string): Promise<void> {
  const images = sitePaths(built).cache.images
  if (existsSync(images)) await cp(images, dest, { recursive: true })
}

/**
 * The moment every shared build is made as of (BuildOptions `asOf`): the copies' files carry the
 * clone's times, so without it the sitemap's dates and the footer's year would follow the calendar
 * and tests/example-sites/output-digest.build.test.ts could not compare outputs.
 */
export const exampleBuildDate = new Date('2026-07-01T00:00:00Z')

/** By the site folder, relative to the repository. */
const builds = new Map<string, Promise<ExampleBuild>>()
let ownFolder: Promise<string> | undefined

async function sharedBuild(relative: string): Promise<ExampleBuild> {
  const runFolder = inject('exampleBuilds') as string | undefined
  const folder = path.join(
    runFolder ?? (await (ownFolder ??= mkdtemp(path.join(tmpdir(), 'citypress-examples-')))),
    relative.replaceAll('/', '-'),
  )
  const resultFile = path.join(folder, 'result.json')
  await buildOnce(relative, folder)
  const result = JSON.parse(await readFile(resultFile, 'utf8'), revive) as SharedResult
  return readerOf(copyIn(folder, relative), result)
}

/**
 * Where the shared build keeps its copy of the site, beside its folder: a build writes into its
 * site's .citypress/, and no test writes into the repository. Made while holding the lock.
 */
const copyIn = (folder: string, relative: string) => path.join(`${folder}-site`, path.basename(relative))

/**
 * Builds into `folder` unless it holds a build already. While one process builds, the others
 * wait for it rather than build the same site again (vitest may run several files at once), on
 * citypress's own lock between processes, which a killed holder does not keep. The build is made
 * in a folder of its own and then renamed into place, so a reader never sees half of one.
 */
async function buildOnce(relative: string, folder: string): Promise<void> {
  if (existsSync(path.join(folder, 'result.json'))) return
  const lock = await acquireLock(`${folder}.lock`)
  try {
    if (!existsSync(path.join(folder, 'result.json'))) await buildInto(relative, folder)
  } finally {
    await lock.release()
  }
}

async function buildInto(relative: string, folder: string): Promise<void> {
  const staging = `${folder}.${process.pid}`
  await rm(staging, { recursive: true, force: true })
  // Imported here: a file that only reads a build made by another process never loads the pipeline.
  const [{ build }, { outputMarker }] = await Promise.all([import('../../src/build/index.js'), import('../../src/output/output-guard.js')])
  // A copy named as the original, at the path readers get: the build's result names its files.
  // It keeps the files' times, which the sitemap's dates fall back on outside git.
  const site = copyIn(folder, relative)
  await rm(site, { recursive: true, force: true })
  await cp(path.join(repoRoot, relative), site, {
    recursive: true,
    preserveTimestamps: true,
    filter: (src) => !src.includes(`${path.sep}.citypress`),
  })
  const outDir = path.join(staging, 'out')
  const { files: _written, ...result } = await build({
    site,
    outDir,
    cacheDir: false,
    imageCacheDir: sitePaths(site).cache.images,
    asOf: exampleBuildDate,
  })
  const paths = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)))
    .filter((p) => p !== outputMarker)
    .sort()
  const shared = { ...result, outDir: path.join(folder, 'out'), paths }
  await writeFile(path.join(staging, 'result.json'), JSON.stringify(shared, replace))
  await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
    // Another process put its build there first: the same site, the same code.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
    await rm(staging, { recursive: true, force: true })
  })
}

function readerOf(site: string, result: SharedResult): ExampleBuild {
  const byUrl = new Map(result.routes.map((r) => [r.url, r]))
  const texts = new Map<string, string>()
  const file = (outputPath: string) => {
    let text = texts.get(outputPath)
    if (text === undefined) {
      const full = path.join(result.outDir, outputPath)
      if (!existsSync(full)) throw new Error(`the build wrote no ${outputPath}`)
      text = readFileSync(full, 'utf8')
      texts.set(outputPath, text)
    }
    return text
  }
  const page = (url: string) => file(byUrl.get(url)?.outputPath ?? `${url} (no such route)`)
  const files = () => result.paths.map((p) => ({ path: p, contents: readFileSync(path.join(result.outDir, p)) }))
  return { site, outDir: result.outDir, result, file, page, files }
}

// SiteConfig keeps its images in a Map, which JSON alone would turn into {}.
const mapTag = '__map__'
function replace(_key: string, value: unknown): unknown {
  return value instanceof Map ? { [mapTag]: [...value] } : value
}
function revive(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && mapTag in value
    ? new Map((value as Record<typeof mapTag, [unknown, unknown][]>)[mapTag])
    : value
}
