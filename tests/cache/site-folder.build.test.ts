import { existsSync } from 'node:fs'
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureOwnFolder, ownPath } from '../../src/cache/site-folder.js'
import { main } from '../../src/cli/main.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { appendCapped } from '../../src/preview/capped-append.js'
import { startPreview } from '../../src/preview/server.js'
import { memoryIo, normalize, siteFrom, snapshot, tempDir } from '../helpers/site.js'

// `<site>/.citypress` is citypress's own folder: a build writes and deletes there as its own, so
// a link to another folder (git's `.citypress/` pattern does not ignore a symlink) is refused
// before anything is written, and the previous output stays as it was.

/** Another folder that holds files of its own, where a link may point. */
async function otherFolder(): Promise<string> {
  const other = path.join(await tempDir(), 'elsewhere')
  await mkdir(path.join(other, 'previous-output'), { recursive: true })
  await writeFile(path.join(other, 'report.html'), 'someone else’s report')
  await writeFile(path.join(other, 'previous-output', 'notes.txt'), 'mine')
  return other
}

async function buildInto(site: string, out: string): Promise<{ code: number; stderr: string }> {
  const io = memoryIo()
  const code = await main(['build', site, '--out', out], io)
  return { code, stderr: normalize(io.stderr) }
}

/** The error code and file of a BuildFailure thrown by `run`. */
function refusal(run: () => unknown): string | undefined {
  try {
    run()
    return undefined
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error
    return `${error.errors[0]!.code} at ${normalize(error.errors[0]!.file)}`
  }
}

/** One site built once (its .citypress made by citypress), and its output. */
let site: string
let out: string
beforeAll(async () => {
  site = await siteFrom('minimal')
  out = path.join(await tempDir(), 'dist')
  expect((await buildInto(site, out)).code).toBe(0)
}, 60_000)

describe('a .citypress that is a link', () => {
  it('is refused with its path and a hint to remove it; nothing is written there and the previous output is intact', async () => {
    // The site's own .citypress is swapped for a link to another folder.
    const own = path.join(path.dirname(site), 'own')
    await rename(path.join(site, '.citypress'), own)
    const other = await otherFolder()
    await symlink(other, path.join(site, '.citypress'))
    const before = { other: await snapshot(other), out: await snapshot(out) }

    const run = await buildInto(site, out)
    expect(run.code).toBe(1)
    expect(
      run.stderr
        .replace(/<tmp>\/site/g, '<site>')
        .split('\n')
        .slice(0, 3),
    ).toEqual([
      'error[cache-folder-link]: <site>/.citypress is a link to <tmp>/elsewhere, so citypress will not write its build cache, report or previous output there: it writes and deletes in that folder as its own.',
      '  --> <site>/.citypress',
      'hint: Remove the link (rm <site>/.citypress); citypress then makes its own folder there. Nothing was written; the previous output was left as it was.',
    ])
    expect(await snapshot(other)).toEqual(before.other)
    expect(await snapshot(out)).toEqual(before.out)

    await rm(path.join(site, '.citypress'))
    await rename(own, path.join(site, '.citypress'))
  })

  it('is refused where the build writes or deletes inside .citypress: the previous output, the cache', async () => {
    expect(existsSync(path.join(site, '.citypress', 'cache', 'pages'))).toBe(true)
    const other = await otherFolder()
    const kept = path.join(site, '.citypress', 'previous-output')
    await rm(kept, { recursive: true, force: true })
    await symlink(path.join(other, 'previous-output'), kept)
    const before = { other: await snapshot(other), out: await snapshot(out) }
    await writeFile(path.join(site, 'pages/contact.yaml'), '# edited\n', { flag: 'a' })
    const run = await buildInto(site, out)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^error\[cache-folder-link\]: <tmp>\/site\/\.citypress\/previous-output is a link to /)
    expect(await snapshot(other)).toEqual(before.other)
    expect(await snapshot(out)).toEqual(before.out)
    // A link deeper down, made while a build runs, is stopped at the write itself.
    await rm(kept)
    await rename(path.join(site, '.citypress', 'cache', 'pages'), path.join(site, '.citypress', 'pages-moved'))
    await symlink(other, path.join(site, '.citypress', 'cache', 'pages'))
    expect(refusal(() => ownPath(path.join(site, '.citypress', 'cache', 'pages', 'abc.html')))).toBe(
      'cache-folder-link at <tmp>/site/.citypress/cache/pages',
    )
    expect(refusal(() => ensureOwnFolder(site))).toBe('cache-folder-link at <tmp>/site/.citypress/cache/pages')
    // A file that is a link is refused too (writing it would write where it points).
    await rm(path.join(site, '.citypress', 'cache', 'pages'))
    await rm(path.join(site, '.citypress', 'report.html'), { force: true })
    await symlink(path.join(other, 'report.html'), path.join(site, '.citypress', 'report.html'))
    expect(refusal(() => ownPath(path.join(site, '.citypress', 'report.html')))).toBe(
      'cache-folder-link at <tmp>/site/.citypress/report.html',
    )
    // A cache folder given elsewhere (cacheDir) is the caller's choice.
    expect(refusal(() => ownPath(path.join(other, 'cache', 'x')))).toBeUndefined()
    expect(await snapshot(other)).toEqual(before.other)
  })

  it('stops a preview before it starts, and keeps form posts out of the linked folder', async () => {
    const site = await siteFrom('minimal')
    const other = await otherFolder()
    await symlink(other, path.join(site, '.citypress'))
    const before = await snapshot(other)
    const logged: string[] = []
    const log = { color: false, out: (text: string) => void logged.push(text), err: (text: string) => void logged.push(text) }
    const started = await startPreview({ site, port: 0, log, poll: false }).then(
      async (server) => (await server.close(), 'started'),
      (error: unknown) => error,
    )
    expect(started).toBeInstanceOf(BuildFailure)
    expect((started as BuildFailure).errors.map((e) => e.code)).toEqual(['cache-folder-link'])
    await expect(appendCapped(path.join(site, '.citypress', 'submissions.ndjson'), '{}\n', 1024)).rejects.toBeInstanceOf(BuildFailure)
    expect(await snapshot(other)).toEqual(before)
  })
})
