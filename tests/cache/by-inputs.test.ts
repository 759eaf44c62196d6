import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cachedByInputs, heldEntryDigest } from '../../src/cache/by-inputs.js'
import { tempDir } from '../helpers/site.js'

/**
 * A cached "bundle" of one input file of a site folder holding `text`, counting how often it is
 * made. Its key is the file's name, so the tests here do not share entries of the tool store.
 */
async function bundleOf(name: string, text: string, made = { count: 0 }) {
  const dir = await tempDir()
  const input = path.join(dir, name)
  await writeFile(input, text)
  const run = () =>
    cachedByInputs({
      name: 'bundle',
      siteRoot: dir,
      key: `k ${name}`,
      compute: async () => ({ value: `made ${++made.count} from ${await readFile(input, 'utf8')}`, inputs: [input] }),
    })
  return { dir, input, run, made: () => made.count }
}

describe('results cached by the files they read', () => {
  it('makes the result again when an input is edited in place, even with its size and times set back', async () => {
    const bundle = await bundleOf('Header.tsx', 'export const a = 1')
    const { dir, input } = bundle
    // A whole second, so setting it back restores it exactly.
    const time = new Date('2026-01-01T00:00:00Z')
    await utimes(input, time, time)
    expect(await bundle.run()).toBe('made 1 from export const a = 1')
    const held = await heldEntryDigest('bundle', dir)
    expect(held).toBeDefined()
    expect(await bundle.run()).toBe('made 1 from export const a = 1')

    // Same length, same modification time: only the change time tells (no program can set it back).
    await writeFile(input, 'export const a = 2')
    await utimes(input, time, time)
    expect(await heldEntryDigest('bundle', dir)).toBeUndefined()
    expect(await bundle.run()).toBe('made 2 from export const a = 2')
    expect(await heldEntryDigest('bundle', dir)).not.toBe(held)
  })

  it('keeps the result when an input is written again with the same bytes', async () => {
    const bundle = await bundleOf('Footer.tsx', 'export const b = 1')
    const { dir, input } = bundle
    await bundle.run()
    const held = await heldEntryDigest('bundle', dir)
    await writeFile(input, 'export const b = 1')
    expect(await heldEntryDigest('bundle', dir)).toBe(held)
    expect(await bundle.run()).toBe('made 1 from export const b = 1')
    expect(await bundle.run()).toBe('made 1 from export const b = 1')
    expect(bundle.made()).toBe(1)
  })

  it('shares one result between copies of a site in different folders', async () => {
    const made = { count: 0 }
    const first = await bundleOf('Shared.tsx', 'export const d = 1', made)
    const second = await bundleOf('Shared.tsx', 'export const d = 1', made)
    expect(await first.run()).toBe('made 1 from export const d = 1')
    expect(await second.run()).toBe('made 1 from export const d = 1')
    expect(await heldEntryDigest('bundle', second.dir)).toBe(await heldEntryDigest('bundle', first.dir))
    // A copy whose file differs is not given the other's result.
    await writeFile(second.input, 'export const d = 2')
    expect(await second.run()).toBe('made 2 from export const d = 2')
  })

  it('makes the result again when an input is deleted', async () => {
    const bundle = await bundleOf('Nav.tsx', 'export const c = 1')
    const { dir, input } = bundle
    await bundle.run()
    await rm(input)
    expect(await heldEntryDigest('bundle', dir)).toBeUndefined()
    await writeFile(input, 'export const c = 3')
    expect(await bundle.run()).toBe('made 2 from export const c = 3')
  })

  it('shares one result between copies of a site that looked for a package above their folders, and makes it again for the copy that gets one', async () => {
    // As the fonts are looked for: in node_modules of the site's parent folders, absent here.
    const made = { count: 0 }
    const copy = async () => {
      const site = path.join(await tempDir(), 'site')
      await mkdir(site)
      const above = path.join(site, '..', 'node_modules', '@fontsource', 'inter', 'metadata.json')
      const run = () =>
        cachedByInputs({
          name: 'bundle',
          siteRoot: site,
          key: 'k fonts above',
          compute: async () => ({ value: `made ${++made.count}`, inputs: [above] }),
        })
      return { site, above, run }
    }
    const [first, second] = [await copy(), await copy()]
    expect(await first.run()).toBe('made 1')
    expect(await second.run()).toBe('made 1')
    // A package installed above the second copy changes what its build read, and only its.
    await mkdir(path.dirname(second.above), { recursive: true })
    await writeFile(second.above, '{}')
    expect(await heldEntryDigest('bundle', second.site)).toBeUndefined()
    expect(await heldEntryDigest('bundle', first.site)).toBeDefined()
    expect(await second.run()).toBe('made 2')
  })
})
