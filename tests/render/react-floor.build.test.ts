import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureReactFloor } from '../../src/bench/react-floor.js'
import { build } from '../../src/build/index.js'
import { outputMarker } from '../../src/output/output-guard.js'
import { siteFrom, snapshot, tempDir } from '../helpers/site.js'

describe('the React floor of the bench', () => {
  it('writes every page byte for byte as a build writes it, and nothing else', async () => {
    const site = await siteFrom('landing')
    const built = path.join(await tempDir(), 'dist')
    const floorDir = path.join(await tempDir(), 'floor')
    const result = await build({ site, outDir: built, cacheDir: false, imageCacheDir: false })
    const floor = await measureReactFloor({ site, outDir: floorDir })
    // Its folder is marked as a citypress output, so the next run may replace it.
    const { [outputMarker]: marker, ...pages } = await snapshot(floorDir)
    expect(marker).toBeDefined()
    expect(floor.pages).toBe(result.routes.length)
    expect(Object.keys(pages).sort()).toEqual(result.routes.map((r) => r.outputPath).sort())
    const output = await snapshot(built)
    for (const [file, digest] of Object.entries(pages)) expect([file, digest]).toEqual([file, output[file]])
    expect(floor.seconds).toBeGreaterThan(0)
    // The staging folder was renamed into place.
    expect((await readdir(path.dirname(floorDir))).filter((n) => n.includes('staging'))).toEqual([])
  })
})
