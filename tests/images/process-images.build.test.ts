import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { listImageCache, processImages, pruneImageCache } from '../../src/images/process-images.js'
import type { ImageJob } from '../../src/plan/plan-images.js'
import type { OutputFile } from '../../src/types.js'
import { writePhoto } from '../example-sites/helpers.js'
import { tempDir } from '../helpers/site.js'

async function photoJobs(): Promise<ImageJob[]> {
  const dir = await tempDir()
  await writePhoto(dir, 'photo.jpg', { width: 800, height: 600 })
  const source = {
    src: 'images/photo.jpg',
    absolutePath: path.join(dir, 'photo.jpg'),
    width: 800,
    height: 600,
    format: 'jpeg',
    hash: 'abc',
  }
  return [400, 800].map((width) => ({ source, width, format: 'jpeg', quality: 80, outputPath: `assets/images/photo-abc-${width}.jpg` }))
}

describe('processImages', () => {
  it('writes each variant through the output as it is made and keeps only its size', async () => {
    const jobs = await photoJobs()
    const writes: OutputFile[] = []
    const cacheDir = path.join(await tempDir(), 'images')
    const streamed = await processImages({ jobs, cacheDir, output: { write: async (file) => void writes.push(file) } })
    expect(streamed.files).toEqual([])
    expect(writes.map((f) => f.path).sort()).toEqual(jobs.map((j) => j.outputPath).sort())
    expect(streamed.written).toEqual(Object.fromEntries(writes.map((f) => [f.path, f.contents.length])))

    // From the cache, the same bytes the same way; without an output, in the result.
    const again: OutputFile[] = []
    const reused = await processImages({ jobs, cacheDir, output: { write: async (file) => void again.push(file) } })
    expect(reused).toMatchObject({ encoded: 0, reused: 2, files: [] })
    const held = await processImages({ jobs, cacheDir })
    const bytes = (files: OutputFile[]) => Object.fromEntries(files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]))
    expect(bytes(again)).toEqual(bytes(writes))
    expect(bytes([...held.files])).toEqual(bytes(writes))
    expect(held.written).toEqual({})
  })

  it('prunes the variants no job uses, but not one another process wrote after the folder was listed', async () => {
    const jobs = await photoJobs()
    const cacheDir = path.join(await tempDir(), 'images')
    const made = await processImages({ jobs, cacheDir })
    await writeFile(path.join(cacheDir, 'photo-old-400.jpg'), 'a variant of a replaced photo')
    const listed = await listImageCache(cacheDir)
    await writeFile(path.join(cacheDir, 'photo-new-400.jpg'), 'written by a parallel build meanwhile')
    expect(
      await pruneImageCache(
        cacheDir,
        made.files.map((f) => f.path),
        listed,
      ),
    ).toBe(1)
    expect((await readdir(cacheDir)).sort()).toEqual(['photo-abc-400.jpg', 'photo-abc-800.jpg', 'photo-new-400.jpg'])
  })
})
