import { spawnSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { walkFolder } from '../../src/cache/walk-folder.js'
import { main } from '../../src/cli/main.js'
import { loadSite } from '../../src/config/load-site.js'
import { memoryIo, repoRoot, siteFrom, tempDir } from '../helpers/site.js'

// Nothing outside the site folder is read as content: a symbolic link that
// leads out is refused before a byte is read, so what it leads to is never printed.

const marker = 'SECRET_MARKER_8d1f0c'
const post = `---\ntitle: ${marker}\ndate: 2026-01-01\nexcerpt: ${marker}\n---\n\n${marker}\n`

async function outsideFile(name: string, text: string): Promise<string> {
  const file = path.join(await tempDir(), name)
  await writeFile(file, text)
  return file
}

async function run(argv: string[]) {
  const io = memoryIo()
  const code = await main(argv, io)
  return { code, out: io.stdout, err: io.stderr }
}

describe('content outside the site folder', () => {
  it('refuses a YAML page, a Markdown post and published-urls.json that link outside, at each file, without printing them', async () => {
    const site = await siteFrom('minimal')
    // Text that would be an error if read, so a frame would quote it.
    await symlink(await outsideFile('page.yaml', `path: /x\ntitle: ${marker}\nbogus: ${marker}\n`), path.join(site, 'pages/leak.yaml'))
    await mkdir(path.join(site, 'blog'))
    await symlink(await outsideFile('post.md', post.replace('date: 2026-01-01', `date: ${marker}`)), path.join(site, 'blog/leak.md'))
    await symlink(await outsideFile('urls.json', `${marker} {`), path.join(site, 'published-urls.json'))
    const text = await run(['validate', site])
    const json = await run(['validate', site, '--json'])
    expect([text.code, json.code]).toEqual([1, 1])
    for (const printed of [text.out, text.err, json.out, json.err]) expect(printed).not.toContain(marker)
    const errors = json.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { code?: string; file?: string; line?: number })
    expect(errors.filter((e) => e.code).map((e) => [e.code, path.relative(site, e.file!), e.line])).toEqual([
      ['outside-site', 'blog/leak.md', undefined],
      ['outside-site', 'pages/leak.yaml', undefined],
      ['outside-site', 'published-urls.json', undefined],
    ])
    expect(text.err).toContain('error[outside-site]: The file "blog/leak.md" is a symbolic link to ')
  })

  it('never prints the environment through a post linked to /proc/self/environ', () => {
    const site = path.join(repoRoot, 'tests/fixtures/sites/minimal')
    // The link is made in a copy by a shell, so that one child process does all the work.
    const script =
      `set -e; d=$(mktemp -d); cp -r "${site}" "$d/site"; mkdir -p "$d/site/blog"; ln -s /proc/self/environ "$d/site/blog/env.md"; ` +
      `"${process.execPath}" "${path.join(repoRoot, 'bin/citypress.cjs')}" validate "$d/site" --json`
    const child = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, LEAK_ME: marker } })
    expect(child.status, child.stderr).toBe(1)
    expect(child.stdout + child.stderr).not.toContain(marker)
    expect(child.stdout).toContain('"code":"outside-site"')
  })

  it('reads a link that stays inside the site, and does not list a linked folder', async () => {
    const site = await siteFrom('minimal', {
      'shared/about.yaml': 'path: /about\ntitle: About\nsections:\n  - type: hero\n    title: About us\n',
    })
    await symlink('../shared/about.yaml', path.join(site, 'pages/about.yaml'))
    // A folder linked from outside, whose file would be a broken page if it were listed.
    const outside = await tempDir()
    await writeFile(path.join(outside, 'broken.yaml'), `title: ${marker}\n`)
    await symlink(outside, path.join(site, 'pages/more'))
    // A link that leads nowhere is not content either: a warning, not a crash.
    await symlink('nowhere.yaml', path.join(site, 'pages/gone.yaml'))
    expect((await loadSite(site)).warnings.map((w) => [w.code, path.relative(site, w.file)])).toContainEqual([
      'unknown-file',
      'pages/gone.yaml',
    ])
    const routes = await run(['routes', site, '--json'])
    expect(routes.code, routes.err).toBe(0)
    expect((JSON.parse(routes.out) as { url: string }[]).map((r) => r.url)).toContain('/about')
    expect(routes.out + routes.err).not.toContain(marker)
  })

  it('walks the site folder for the cache without entering a linked folder', async () => {
    const site = await tempDir()
    await mkdir(path.join(site, 'pages'))
    await writeFile(path.join(site, 'pages/home.yaml'), 'title: Home\n')
    const outside = await tempDir()
    await writeFile(path.join(outside, 'secret.yaml'), 'x: 1\n')
    await symlink(outside, path.join(site, 'linked'))
    const seen: string[] = []
    walkFolder(site, (entry) => seen.push(entry) > 0)
    expect(seen.sort()).toEqual(['linked', 'pages', 'pages/home.yaml'])
  })
})
