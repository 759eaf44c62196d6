import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { siteFrom, tempDir } from '../helpers/site.js'

/** Every file of an output folder by its relative path, as text. */
async function filesOf(out: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      files.set(path.relative(out, file), await readFile(file, 'utf8'))
    }
  }
  return files
}

describe('the render workers', () => {
  it('render every page of a site in two languages as this thread does, each in its language', async () => {
    const site = await siteFrom('two-languages')
    const here = path.join(await tempDir(), 'here')
    const workers = path.join(await tempDir(), 'workers')
    const inThread = await build({ site, outDir: here, cacheDir: false })
    await build({ site, outDir: workers, cacheDir: false, workerMinimum: 1 })
    expect(inThread.routes.some((route) => route.language !== undefined && route.language !== inThread.routes[0]!.language)).toBe(true)
    const expected = await filesOf(here)
    const actual = await filesOf(workers)
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [file, text] of expected) expect(actual.get(file), file).toBe(text)
  })
})
