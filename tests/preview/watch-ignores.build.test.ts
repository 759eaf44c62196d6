import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { watchFolders } from '../../src/preview/watch.js'
import { tempDir } from '../helpers/site.js'

/** The paths of each burst a watcher reports while `act` runs and for a quiet time after it. */
async function burstsDuring(act: (dir: string) => Promise<void>): Promise<string[][]> {
  const dir = await tempDir()
  const bursts: string[][] = []
  const watcher = watchFolders({
    folders: [dir],
    debounceMs: 50,
    onChange: (paths) => bursts.push(paths.map((p) => path.relative(dir, p))),
  })
  await watcher.ready()
  await act(dir)
  await new Promise((resolve) => setTimeout(resolve, 600))
  await watcher.close()
  return bursts
}

describe("preview's watcher", () => {
  it("rebuilds on no temporary, swap or backup file: the editor's name.<pid>.tmp, vim's and emacs' files", async () => {
    const bursts = await burstsDuring(async (dir) => {
      for (const name of [
        'areas.yaml.3032.tmp',
        '.areas.yaml.swp',
        'areas.yaml.swx',
        'areas.yaml~',
        '#areas.yaml#',
        '4913',
        'photo.jpg.crdownload',
      ])
        await writeFile(path.join(dir, name), 'x')
    })
    expect(bursts).toEqual([])
  })

  it('rebuilds on the file itself when it lands', async () => {
    const bursts = await burstsDuring(async (dir) => {
      await writeFile(path.join(dir, 'areas.yaml.3032.tmp'), 'x')
      await writeFile(path.join(dir, 'areas.yaml'), 'x')
    })
    expect(bursts).toEqual([['areas.yaml']])
  })
})
