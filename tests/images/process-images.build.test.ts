import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seal } from '../../src/cache/sealed-file.js'
import { processImages } from '../../src/images/process-images.js'
import { listImageCache, pruneImageCache, staleVariants } from '../../src/images/variant-cache.js'
import type { ImageJob } from '../../src/plan/plan-images.js'
import type { OutputFile, OutputWriter } from '../../src/types.js'
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

/** An output that records what it was given: files written, and the files linked read back. */
function recordingOutput() {
  const written: OutputFile[] = []
  const linked: OutputFile[] = []
  const output: Pick<OutputWriter, 'write' | 'link'> = {
    write: async (file) => void written.push(file),
    link: async (file, { source }) => void linked.push({ path: file, contents: await readFile(source) }),
  }
  return { output, written, linked }
}

const bytes = (files: readonly OutputFile[]) => Object.fromEntries(files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]))

/** The cache's entries, without the seal in their names. */
const entries = async (cacheDir: string) => (await readdir(cacheDir)).filter((n) => !n.startsWith('.')).map((n) => n.replace(/~.*/, ''))

describe('processImages', () => {
  it('links each variant from the cache into the output as it is made and keeps only its size', async () => {
    const jobs = await photoJobs()
    const cacheDir = path.join(await tempDir(), 'images')
    const first = recordingOutput()
    const streamed = await processImages({ jobs, cacheDir, output: first.output })
    expect(streamed.files).toEqual([])
    expect(first.written, 'an encoded variant is linked from its new entry, not written twice').toEqual([])
    expect(first.linked.map((f) => f.path).sort()).toEqual(jobs.map((j) => j.outputPath).sort())
    expect(streamed.written).toEqual(Object.fromEntries(first.linked.map((f) => [f.path, f.contents.length])))
    expect((await readdir(cacheDir)).every((name) => /^photo-abc-(400|800)\.jpg~[0-9a-f]{40}$/.test(name))).toBe(true)

    // From the cache, the same bytes the same way; without an output, in the result.
    const again = recordingOutput()
    const reused = await processImages({ jobs, cacheDir, output: again.output })
    expect(reused).toMatchObject({ encoded: 0, reused: 2, files: [] })
    const held = await processImages({ jobs, cacheDir })
    expect(bytes(again.linked)).toEqual(bytes(first.linked))
    expect(bytes(held.files)).toEqual(bytes(first.linked))
    expect(held.written).toEqual({})
  })

  it('encodes again, and removes, an entry whose bytes do not match its name', async () => {
    const jobs = await photoJobs()
    const cacheDir = path.join(await tempDir(), 'images')
    const made = await processImages({ jobs, cacheDir })
    const [name] = (await readdir(cacheDir)).filter((n) => n.startsWith('photo-abc-400'))
    await writeFile(path.join(cacheDir, name!), '<svg onload="alert(1)">')
    const notes: string[] = []
    const { output, linked } = recordingOutput()
    const again = await processImages({ jobs, cacheDir, output, note: (n) => notes.push(n) })
    expect(again).toMatchObject({ encoded: 1, reused: 1 })
    expect(bytes(linked)).toEqual(bytes(made.files))
    expect(notes).toEqual([expect.stringMatching(/images\/photo-abc-400\.jpg~[0-9a-f]{40} was damaged/)])
    expect((await entries(cacheDir)).sort()).toEqual(['photo-abc-400.jpg', 'photo-abc-800.jpg'])
  })

  it('follows no link and waits on no pipe planted where an entry belongs', async () => {
    const jobs = await photoJobs()
    // A true entry of another cache on this machine: the link to it must not be published.
    const elsewhere = path.join(await tempDir(), 'images')
    const made = await processImages({ jobs, cacheDir: elsewhere })
    const cacheDir = path.join(await tempDir(), 'images')
    await mkdir(cacheDir)
    const [small, large] = (await readdir(elsewhere)).sort()
    await symlink(path.join(elsewhere, small!), path.join(cacheDir, small!))
    execFileSync('mkfifo', [path.join(cacheDir, large!)])
    const notes: string[] = []
    const { output, linked } = recordingOutput()
    const again = await processImages({ jobs, cacheDir, output, note: (n) => notes.push(n) })
    expect(again).toMatchObject({ encoded: 2, reused: 0 })
    expect(bytes(linked)).toEqual(bytes(made.files))
    expect(notes.sort()).toEqual([expect.stringContaining('(it is a link)'), expect.stringContaining('(it is not a file)')])
  })

  it('takes over a variant in the older form, sealed at its end, without encoding it, but follows no link of that name', async () => {
    const jobs = await photoJobs()
    const cacheDir = path.join(await tempDir(), 'images')
    const made = await processImages({ jobs, cacheDir: false })
    await mkdir(cacheDir)
    const [small, large] = made.files.map((file) => ({ name: path.basename(file.path), sealed: Buffer.concat([...seal(file.contents)]) }))
    await writeFile(path.join(cacheDir, small!.name), small!.sealed)
    const elsewhere = path.join(await tempDir(), large!.name)
    await writeFile(elsewhere, large!.sealed)
    await symlink(elsewhere, path.join(cacheDir, large!.name))
    const listed = await listImageCache(cacheDir)
    const notes: string[] = []
    const { output, linked } = recordingOutput()
    const again = await processImages({ jobs, cacheDir, cached: listed, output, note: (n) => notes.push(n) })
    expect(again).toMatchObject({ encoded: 1, reused: 1 })
    expect(notes).toEqual([expect.stringContaining('(it is a link)')])
    expect(bytes(linked)).toEqual(bytes(made.files))
    expect(await pruneImageCache(cacheDir, staleVariants(listed, Object.keys(again.written)))).toBe(2)
    expect((await readdir(cacheDir)).every((name) => name.includes('~'))).toBe(true)
  })

  it('prunes the variants no job uses, but not one another process wrote after the folder was listed', async () => {
    const jobs = await photoJobs()
    const cacheDir = path.join(await tempDir(), 'images')
    const made = await processImages({ jobs, cacheDir })
    await writeFile(path.join(cacheDir, `photo-old-400.jpg~${'0'.repeat(40)}`), 'a variant of a replaced photo')
    const listed = await listImageCache(cacheDir)
    await writeFile(path.join(cacheDir, `photo-new-400.jpg~${'1'.repeat(40)}`), 'written by a parallel build meanwhile')
    expect(
      await pruneImageCache(
        cacheDir,
        staleVariants(
          listed,
          made.files.map((f) => f.path),
        ),
      ),
    ).toBe(1)
    expect((await entries(cacheDir)).sort()).toEqual(['photo-abc-400.jpg', 'photo-abc-800.jpg', 'photo-new-400.jpg'])
  })
})
