import { spawnSync } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { formatConfigError } from '../../src/errors/format.js'
import { systemErrorOf } from '../../src/errors/system-error.js'
import { checkHeapFor } from '../../src/render/memory-check.js'
import { repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

// A full disk, a read-only or foreign folder are the user's to fix: the build names the path,
// says what to do and exits 1 without a stack trace, and the previous output stays as it was.

const cli = path.join(repoRoot, 'bin/citypress.cjs')
const root = process.getuid?.() === 0
const mounted: string[] = []

function buildCli(site: string, out: string, as?: number) {
  const command =
    as === undefined ? [process.execPath, cli] : ['setpriv', `--reuid=${as}`, `--regid=${as}`, '--clear-groups', process.execPath, cli]
  const run = spawnSync(command[0]!, [...command.slice(1), 'build', site, '--out', out], { encoding: 'utf8' })
  return { status: run.status, stderr: run.stderr }
}

/** A change to the site, so the next build writes a new output instead of finding it up to date. */
async function edit(site: string, n: number) {
  const file = path.join(site, 'pages/contact.yaml')
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: (.*)$/m, `title: $1 ${n}`))
}

function expectUserError(run: { status: number | null; stderr: string }, code: string, named: string) {
  expect(run.status, run.stderr).toBe(1)
  expect(run.stderr).toContain(`error[${code}]`)
  expect(run.stderr).toContain(named)
  expect(run.stderr).toContain('hint: ')
  expect(run.stderr).not.toMatch(/Internal error|\n\s+at /)
  expect(run.stderr).not.toContain('(unknown file)')
}

afterAll(() => {
  for (const dir of mounted) spawnSync('umount', [dir])
})

describe.runIf(root)('a build on a machine that refuses to write', () => {
  it('reports a full disk and a read-only folder as user errors and keeps the previous output', async () => {
    const site = await siteFrom('minimal')
    const disk = path.join(await tempDir(), 'disk')
    await mkdir(disk)
    // Room for one output (about 720 kB) but not for a second beside it.
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=800k', 'tmpfs', disk]).status).toBe(0)
    mounted.push(disk)
    const out = path.join(disk, 'dist')
    expect(buildCli(site, out).status).toBe(0)
    const before = await snapshot(out)
    await edit(site, 1)
    expectUserError(buildCli(site, out), 'disk-full', `${out}`)
    expect(await snapshot(out)).toEqual(before)
    // Rolled back whole: no staging folder is left beside the output.
    expect(await readdir(disk)).toEqual(['dist'])

    // A disk that fills in the middle of writing a file: the write's error has no path of its own.
    const small = path.join(await tempDir(), 'small')
    await mkdir(small)
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]).status).toBe(0)
    mounted.push(small)
    // Without the cache every page is written, not linked: the disk fills inside a write.
    const failure = await build({ site, outDir: path.join(small, 'dist'), cacheDir: false }).catch((error: unknown) => error)
    const reported = systemErrorOf(failure)
    expect(reported?.code).toBe('disk-full')
    expect(reported && formatConfigError(reported, { color: false })).toContain(`could not write ${path.join(small, 'dist')}/`)
    expect(await readdir(small)).toEqual([])

    expect(spawnSync('mount', ['-o', 'remount,ro', disk]).status).toBe(0)
    await edit(site, 2)
    expectUserError(buildCli(site, out), 'read-only', `${out}`)
    expect(await snapshot(out)).toEqual(before)
  })

  it('reports an output folder it may not write as a user error', async () => {
    const site = await siteFrom('minimal')
    await chmod(path.dirname(site), 0o777)
    await chmod(site, 0o777)
    // Another user's output folder (this one is root's; the build runs as nobody).
    const parent = path.join(await tempDir(), 'public')
    await mkdir(parent)
    await chmod(path.dirname(parent), 0o755)
    const run = buildCli(site, path.join(parent, 'dist'), 65534)
    expectUserError(run, 'no-permission', parent)
  })
})

describe('machine faults', () => {
  it('are reported with the path and a hint, and other errors are left as bugs', () => {
    const fault = (code: string, syscall: string, file: string) =>
      Object.assign(new Error(`${code}: ${syscall} '${file}'`), { code, syscall, path: file })
    const printed = (error: unknown) => {
      const found = systemErrorOf(error)
      return found && formatConfigError(found, { color: false })
    }
    expect(printed(fault('EMFILE', 'open', '/srv/site/dist/.dist.staging-0a1b2c3d/about.html'))).toBe(
      [
        'error[too-many-open-files]: The system refused to open /srv/site/dist/dist/about.html: too many files are open at once.',
        '  --> /srv/site/dist/dist/about.html',
        'hint: Raise the limit for this shell (ulimit -n 4096) and build again. The previous output was left as it was.',
      ].join('\n'),
    )
    expect(printed(new Error('wrapped', { cause: fault('ENOSPC', 'write', '/srv/out/a.html') }))).toContain(
      'error[disk-full]: The disk is full: citypress could not write /srv/out/a.html.',
    )
    expect(printed(fault('EACCES', 'mkdir', '/srv/out'))).toContain(
      'citypress is not allowed to create the folder /srv/out (permission denied).',
    )
    expect(systemErrorOf(new TypeError('x is undefined'))).toBeUndefined()
    expect(systemErrorOf(fault('ENOENT', 'open', '/srv/x'))).toBeUndefined()
  })
})

describe('a heap too small for the site', () => {
  it('stops the build before V8 would abort, saying how much memory it needs', () => {
    expect(checkHeapFor('rendering', 10, 'rendering 10 pages')).toBeUndefined()
    const error = checkHeapFor('rendering', 100_000_000, 'rendering 100,000,000 pages')!
    expect(error.code).toBe('out-of-memory')
    expect(error.message).toMatch(
      /^Rendering 100,000,000 pages needs about 1171971 MB of memory, but Node.js may use only \d+ MB here, so the build stopped before it would run out\.$/,
    )
    expect(error.hint).toMatch(/^Allow Node.js more memory \(NODE_OPTIONS=--max-old-space-size=\d+\) and build again\./)
  })
})
