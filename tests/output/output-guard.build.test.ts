import { spawnSync } from 'node:child_process'
import { closeSync, constants, existsSync, openSync, readSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeSealedJson } from '../../src/cache/sealed-file.js'
import { main } from '../../src/cli/main.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { guardOutputFolder, outputMarker } from '../../src/output/output-guard.js'
import { createOutput } from '../../src/output/write-output.js'
import { memoryIo, normalize, repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

// A build replaces its output folder whole, so it writes only into a folder that is
// missing, empty or marked as its own, and never into the site, its parents, home or `/`.

const cli = path.join(repoRoot, 'bin/citypress.cjs')

/** A site folder with a git repository's files, and everything in its parent folder, as bytes. */
async function siteWithGit(): Promise<{ site: string; parent: string }> {
  const site = await siteFrom('minimal', { '.git/HEAD': 'ref: refs/heads/main\n' })
  return { site, parent: path.dirname(site) }
}

/** `citypress build site --out out` in this process: the exit code and what it printed. */
async function buildInto(site: string, out: string): Promise<{ code: number; stderr: string }> {
  const io = memoryIo()
  const code = await main(['build', site, '--out', out], io)
  return { code, stderr: normalize(io.stderr) }
}

/** Why the guard refuses `out`, or undefined. */
async function refusal(options: Parameters<typeof guardOutputFolder>[0]): Promise<string | undefined> {
  return guardOutputFolder(options).then(
    () => undefined,
    (error: unknown) => {
      if (!(error instanceof BuildFailure)) throw error
      return `${error.errors[0]!.code}: ${error.errors[0]!.message}`
    },
  )
}

describe('an output folder that is never replaced', () => {
  it('is the site folder: `build --out .` inside a site exits 1 and changes nothing', async () => {
    const { site, parent } = await siteWithGit()
    const before = await snapshot(parent)
    const run = spawnSync(process.execPath, [cli, 'build', '--out', '.'], { cwd: site, encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(normalize(run.stderr)).toBe(
      [
        'error[output-folder-refused]: citypress will not build into <tmp>/site: it is the site folder, and a build replaces its output folder whole.',
        '  --> <tmp>/site',
        'hint: Build into a folder of its own, such as --out dist (citypress creates it and marks it as its output). No option overrides this.',
        '',
        'Build failed with 1 error.',
        '',
      ].join('\n'),
    )
    // Nothing was created either: not even the build cache.
    expect(await snapshot(parent)).toEqual(before)
    expect(existsSync(path.join(site, '.citypress'))).toBe(false)
  })

  it('is the site’s parent, the site’s .citypress, home or /, whatever they hold', async () => {
    const { site, parent } = await siteWithGit()
    const cache = path.join(site, '.citypress')
    await mkdir(cache)
    await writeFile(path.join(cache, 'notes'), 'kept')
    const home = path.join(await tempDir(), 'home')
    await mkdir(home)
    await writeFile(path.join(home, 'letter.txt'), 'Dear…')
    const before = { parent: await snapshot(parent), home: await snapshot(home) }
    const saved = process.env.HOME
    process.env.HOME = home
    try {
      const reasons = []
      for (const out of [parent, cache, home, '/']) {
        const run = await buildInto(site, out)
        expect(run.code, run.stderr).toBe(1)
        reasons.push(run.stderr.match(/^error\[output-folder-refused\]: citypress will not build into .*?: it is (.*?), and/)?.[1])
      }
      expect(reasons).toEqual([
        'a folder that holds the site folder',
        'in .citypress, where citypress keeps its build cache',
        'your home folder',
        'the root folder',
      ])
    } finally {
      process.env.HOME = saved
    }
    expect(await snapshot(parent)).toEqual(before.parent)
    expect(await snapshot(home)).toEqual(before.home)
  })

  it('is found through symlinks, and anywhere in .git or node_modules or above the current folder', async () => {
    const { site } = await siteWithGit()
    const links = await tempDir()
    await symlink(site, path.join(links, 'to-site'))
    await symlink(path.join(site, '.git'), path.join(links, 'to-git'))
    const at = (out: string, cwd = links) => refusal({ outDir: out, site, cwd, home: '/nonexistent-home' })
    expect(await at(path.join(links, 'to-site'))).toMatch(/: it is the site folder,/)
    expect(await at(path.join(links, 'to-git', 'out'))).toMatch(/: it is in \.git,/)
    expect(await at(path.join(links, 'node_modules', 'x', 'dist'))).toMatch(/: it is in node_modules,/)
    expect(await at(links, path.join(links, 'deep'))).toMatch(/: it is a folder that holds the current folder,/)
    expect(await at(path.join(site, 'dist'), site)).toBeUndefined()
    expect(await at(path.join(links, 'elsewhere'))).toBeUndefined()
    // A folder a file browser has shown is still empty.
    await mkdir(path.join(links, 'shown'))
    await writeFile(path.join(links, 'shown', '.DS_Store'), 'Finder')
    expect(await at(path.join(links, 'shown'))).toBeUndefined()
  })

  it('is a folder of other files: the error lists them and nothing is changed', async () => {
    const site = await siteFrom('minimal')
    const docs = path.join(await tempDir(), 'Documents')
    await mkdir(path.join(docs, 'taxes'), { recursive: true })
    await writeFile(path.join(docs, 'notes.txt'), 'mine')
    await writeFile(path.join(docs, 'taxes', '2025.pdf'), 'mine too')
    const before = await snapshot(docs)
    const run = await buildInto(site, docs)
    expect(run.code).toBe(1)
    expect(run.stderr.split('\n').slice(0, 3)).toEqual([
      'error[output-folder-not-ours]: <tmp>/Documents is not empty and not a citypress output, so citypress will not replace it: it holds notes.txt, taxes/.',
      '  --> <tmp>/Documents',
      'hint: Build into a new or empty folder with --out. If <tmp>/Documents is the output of an older citypress (before it marked its output folders), delete it once by hand; later builds mark it as theirs. Nothing was changed.',
    ])
    expect(await snapshot(docs)).toEqual(before)
  })
})

describe('a marked output folder', () => {
  it('is written by the first build, replaced by the next, and refused while it holds files no build wrote', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const first = await buildInto(site, out)
    expect(first.code, first.stderr).toBe(0)
    // The marker lists the files, with no path or name of this machine, and is no page.
    const marker = await readFile(path.join(out, outputMarker), 'utf8')
    expect(marker.split('\n')).toEqual(expect.arrayContaining(['citypress-output 1', 'index.html', 'sitemap.xml']))
    expect(marker).not.toContain(out)
    expect(marker).not.toMatch(/\/tmp\/|\/root|\/home\//)
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('citypress-output')
    expect(first.stderr).not.toContain('citypress-output')

    // A CNAME and a git repository added by hand: refused, listed, left as they are.
    await writeFile(path.join(out, 'CNAME'), 'www.example.com\n')
    await mkdir(path.join(out, '.git'))
    await writeFile(path.join(out, '.git', 'HEAD'), 'ref: refs/heads/gh-pages\n')
    const before = await snapshot(out)
    await writeFile(
      path.join(site, 'pages/contact.yaml'),
      (await readFile(path.join(site, 'pages/contact.yaml'), 'utf8')).replace(/^title: (.*)$/m, 'title: $1 again'),
    )
    const refused = await buildInto(site, out)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'error[output-folder-not-ours]: <tmp>/dist is a citypress output, but it also holds files that citypress did not write, which the build would delete: .git/, CNAME.',
    )
    expect(await snapshot(out)).toEqual(before)

    // Without them the next build replaces it.
    await rm(path.join(out, 'CNAME'))
    await rm(path.join(out, '.git'), { recursive: true })
    const second = await buildInto(site, out)
    expect(second.code, second.stderr).toBe(0)
    expect(await readFile(path.join(out, 'contact.html'), 'utf8')).toContain('again')

    // An output of an older citypress has no marker: it is the build's while the site's output
    // record lists it as its own, and refused without that record.
    await rm(path.join(out, outputMarker))
    const recordFile = path.join(site, '.citypress/cache/output.json')
    expect(await refusal({ outDir: out, site, recordFile })).toBeUndefined()
    expect(await refusal({ outDir: out, site })).toMatch(
      /^output-folder-not-ours: .* is not empty and not a citypress output, .*: it holds 404\.html, /,
    )
  })
})

describe('a damaged marker', () => {
  it('is checked against the site’s output record: the build replaces its own files, and a refusal names only the files no build wrote', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    expect((await buildInto(site, out)).code).toBe(0)
    // Garbled: no longer a marker at all.
    await writeFile(path.join(out, outputMarker), 'citypress-outpu\x00\x00 garbled\n')
    await writeFile(path.join(out, 'notes.txt'), 'mine\n')
    const refused = await buildInto(site, out)
    expect(refused.code).toBe(1)
    const listed = refused.stderr.match(/error\[output-folder-not-ours\]: .*: it holds (.*)\./)?.[1]
    expect(listed, refused.stderr).toBe('notes.txt')
    expect(await readFile(path.join(out, 'notes.txt'), 'utf8')).toBe('mine\n')
    // Without the stranger, the record vouches for every file the last build wrote.
    await rm(path.join(out, 'notes.txt'))
    const rebuilt = await buildInto(site, out)
    expect(rebuilt.code, rebuilt.stderr).toBe(0)
    expect((await readFile(path.join(out, outputMarker), 'utf8')).split('\n')[0]).toBe('citypress-output 1')
  })
})

describe('a build that fails while files are being written', () => {
  it('waits for the writes in flight, refuses new ones, and leaves no staging folder', async () => {
    const parent = await tempDir()
    const output = await createOutput(path.join(parent, 'dist'))
    // A write that lasts until it is let go, as an image written while pages render: into a pipe
    // put where the file goes, which holds the write until something opens it to read.
    const [staging] = await readdir(parent)
    const pipe = path.join(parent, staging!, 'assets/images/photo.jpg')
    await mkdir(path.dirname(pipe), { recursive: true })
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0)
    const slow = output.write({ path: 'assets/images/photo.jpg', contents: 'an image' })
    const release = () => {
      const fd = openSync(pipe, constants.O_RDONLY | constants.O_NONBLOCK)
      return slow.finally(() => {
        readSync(fd, Buffer.alloc(64))
        closeSync(fd)
      })
    }
    const writes = Array.from({ length: 50 }, (_, i) => output.write({ path: `lp/page-${i}/index.html`, contents: 'x'.repeat(4096) }))
    let aborted = false
    const abort = output.abort().then(() => (aborted = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(aborted).toBe(false)
    // A write that starts after the roll-back began is refused: it would make the folder again.
    await expect(output.write({ path: 'assets/share/late.jpg', contents: 'late' })).rejects.toThrow('rolled back')
    await release()
    await abort
    await Promise.allSettled([slow, ...writes])
    expect(await readdir(parent)).toEqual([])
  })
})

describe('a marker that vouches for what it may not', () => {
  it('never vouches for .git or CNAME: a folder holding either is refused whatever its marker lists', async () => {
    const site = await siteFrom('minimal')
    const parent = await tempDir()
    const at = (out: string) => refusal({ outDir: out, site, cwd: parent, home: '/nonexistent-home' })
    const marked = async (name: string, files: Record<string, string>) => {
      const out = path.join(parent, name)
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(out, file)), { recursive: true })
        await writeFile(path.join(out, file), text)
      }
      await writeFile(path.join(out, outputMarker), `citypress-output 1\n${Object.keys(files).join('\n')}\n`)
      return out
    }
    const repository = await marked('repository', {
      'index.html': 'page',
      '.git/HEAD': 'ref: refs/heads/gh-pages\n',
      '.git/config': '[core]\n',
    })
    const worktree = await marked('worktree', { 'index.html': 'page', '.git': 'gitdir: /elsewhere/.git/worktrees/dist\n' })
    const domain = await marked('domain', { 'index.html': 'page', CNAME: 'www.example.com\n' })
    const before = await snapshot(parent)
    expect(await at(repository)).toMatch(/but it also holds files that citypress did not write, which the build would delete: \.git\/\.$/)
    expect(await at(worktree)).toMatch(/which the build would delete: \.git\.$/)
    expect(await at(domain)).toMatch(/which the build would delete: CNAME\.$/)
    // Nor does the site's output record.
    const recordFile = path.join(parent, 'output.json')
    await writeSealedJson(recordFile, {
      outDir: domain,
      listing: {
        files: [
          ['index.html', 4, 0, 0],
          ['CNAME', 16, 0, 0],
        ],
        dirs: [],
      },
    })
    expect(await refusal({ outDir: domain, site, cwd: parent, home: '/nonexistent-home', recordFile })).toMatch(/delete: CNAME\.$/)
    await rm(recordFile)
    expect(await snapshot(parent)).toEqual(before)
  })

  it('vouches, without the site’s output record, only for files the build writes itself', async () => {
    const site = await siteFrom('minimal')
    const parent = await tempDir()
    const out = path.join(parent, 'dist')
    expect((await buildInto(site, out)).code).toBe(0)
    // Someone else's file, added to the marker's list by hand.
    const other = path.join(parent, 'other')
    await cp(out, other, { recursive: true })
    await writeFile(path.join(other, 'notes.txt'), 'mine')
    await writeFile(path.join(other, outputMarker), `${await readFile(path.join(other, outputMarker), 'utf8')}notes.txt\n`)
    // With the site's output record gone (as after rm -rf .citypress; the rest of the cache is
    // kept here only to spare the test a cold build) only the marker speaks for the folder.
    const recordFile = path.join(site, '.citypress/cache/output.json')
    await rm(recordFile)
    const before = await snapshot(parent)
    const refused = await buildInto(site, other)
    expect(refused.code).toBe(1)
    expect(refused.stderr.split('\n').slice(0, 3)).toEqual([
      "error[output-folder-not-ours]: <tmp>/other is marked as a citypress output, but the site's .citypress holds no record of building it, and it holds files this build does not write, which it would delete: notes.txt.",
      '  --> <tmp>/other',
      'hint: A marker alone vouches only for files the build writes itself. If they are pages an earlier build of this site left, delete them by hand; otherwise move them out of <tmp>/other or build into another folder with --out. The previous output was left as it was.',
    ])
    expect(await snapshot(parent)).toEqual(before)
    expect(await readdir(parent)).toEqual(['dist', 'other'])
    // A marked folder holding only what this build writes is replaced.
    await rm(recordFile, { force: true })
    expect((await buildInto(site, out)).code).toBe(0)
  })
})
