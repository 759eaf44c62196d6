import { execFileSync } from 'node:child_process'
import { mkdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { BuildFailure, type ConfigError } from '../../src/errors/config-error.js'
import { fixture, siteFrom, tempDir, validationErrors } from '../helpers/site.js'

// site.yaml `published` may come from anyone who sends a site: it names the site's own saved
// sitemap or an https address, never another file of the machine, and nothing it names can hold
// the build (a FIFO) or fill its memory (/dev/zero).

const sitemap = '<urlset><url><loc>https://tidy.example/lp/chatham-office-cleaning</loc></url></urlset>'

/** The minimal fixture with `published` as its last line, and that line's number. */
async function siteNaming(published: string): Promise<{ site: string; line: number }> {
  const yaml = `${await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')}published: ${published}\n`
  return { site: await siteFrom('minimal', { 'site.yaml': yaml }), line: yaml.trimEnd().split('\n').length }
}

/** Every problem `citypress validate` reports, and how long it took. */
async function timed(site: string): Promise<{ errors: ConfigError[]; ms: number }> {
  const started = performance.now()
  const errors = await validationErrors(site)
  return { errors, ms: performance.now() - started }
}

/** The one problem of a site whose `published` is refused: its code, place and reason, and the time taken. */
async function refused(site: string) {
  const { errors, ms } = await timed(site)
  expect(errors).toHaveLength(1)
  const [error] = errors
  return { code: error!.code, line: error!.line, column: error!.column, reason: error!.message.replace(/^.* was not read: /, ''), ms }
}

beforeAll(async () => {
  // Loading the modules and compiling the schemas is not what is timed below.
  await validationErrors(fixture('minimal'))
})

describe('site.yaml published as a file', () => {
  it('is read from a regular file inside the site folder', async () => {
    const { site } = await siteNaming('saved/sitemap.xml')
    await mkdir(path.join(site, 'saved'))
    await writeFile(path.join(site, 'saved/sitemap.xml'), sitemap)
    expect((await loadSite(site)).published.pages['/lp/chatham-office-cleaning']).toEqual({
      area: 'Chatham',
      service: 'office-cleaning',
      serviceTitle: 'Office Cleaning',
    })
  })

  it('refuses a FIFO at its line, without waiting for a writer', async () => {
    const { site, line } = await siteNaming('live.xml')
    execFileSync('mkfifo', [path.join(site, 'live.xml')])
    const found = await refused(site)
    expect(found).toMatchObject({
      code: 'published-unreadable',
      line,
      column: 12,
      reason: 'it is not a regular file (a folder, a pipe or a device).',
    })
    expect(found.ms).toBeLessThan(1000)
  })

  it('refuses /dev/zero, a link to /etc/hostname and a 60 MB file at its line, each at once', async () => {
    const zero = await siteNaming('/dev/zero')
    const link = await siteNaming('hostname.xml')
    await symlink('/etc/hostname', path.join(link.site, 'hostname.xml'))
    const big = await siteNaming('big.xml')
    await writeFile(path.join(big.site, 'big.xml'), '')
    // Sparse: 60 MB that takes no disk and no time to make.
    await truncate(path.join(big.site, 'big.xml'), 60_000_000)
    const results = [await refused(zero.site), await refused(link.site), await refused(big.site)]
    expect(results.map(({ ms: _ms, ...found }) => found)).toEqual([
      {
        code: 'published-unreadable',
        line: zero.line,
        column: 12,
        reason: 'it is not inside the site folder, and site.yaml may name only a file of its own folder.',
      },
      {
        code: 'published-unreadable',
        line: link.line,
        column: 12,
        reason: 'it is not inside the site folder, and site.yaml may name only a file of its own folder.',
      },
      { code: 'published-unreadable', line: big.line, column: 12, reason: "big.xml is larger than 50 MB, the sitemap protocol's limit." },
    ])
    for (const { ms } of results) expect(ms).toBeLessThan(1000)
  })

  it('refuses a file outside the site, by ../ or an absolute path, though it exists and is a sitemap', async () => {
    const { site } = await siteNaming('../outside-sitemap.xml')
    await writeFile(path.join(site, '../outside-sitemap.xml'), sitemap)
    const absolute = await siteNaming(path.join(site, '../outside-sitemap.xml'))
    // Even an absolute path that does lead into the site: site.yaml names its files relative to it.
    const inside = await siteNaming('PLACEHOLDER')
    await writeFile(path.join(inside.site, 'sitemap.xml'), sitemap)
    await writeFile(
      path.join(inside.site, 'site.yaml'),
      (await readFile(path.join(inside.site, 'site.yaml'), 'utf8')).replace('PLACEHOLDER', path.join(inside.site, 'sitemap.xml')),
    )
    for (const named of [site, absolute.site, inside.site]) {
      expect((await refused(named)).reason).toBe('it is not inside the site folder, and site.yaml may name only a file of its own folder.')
    }
  })

  it('refuses a link that stays inside the site, and a file in a linked folder', async () => {
    const { site } = await siteNaming('copy.xml')
    await writeFile(path.join(site, 'sitemap.xml'), sitemap)
    await symlink('sitemap.xml', path.join(site, 'copy.xml'))
    const folder = await siteNaming('linked/sitemap.xml')
    await mkdir(path.join(folder.site, 'saved'))
    await writeFile(path.join(folder.site, 'saved/sitemap.xml'), sitemap)
    await symlink('saved', path.join(folder.site, 'linked'))
    for (const named of [site, folder.site]) {
      expect((await refused(named)).reason).toBe(
        'it is a symbolic link, or lies in a linked folder, and a file site.yaml names is read only as itself.',
      )
    }
  })
})

describe('--published as a file', () => {
  it('may name a file anywhere, but refuses a FIFO or a device at once, naming the flag', async () => {
    const site = await siteFrom('minimal')
    const elsewhere = path.join(await tempDir(), 'sitemap.xml')
    await writeFile(elsewhere, sitemap)
    expect((await loadSite(site, { published: elsewhere })).published.pages['/lp/chatham-office-cleaning']).toBeDefined()
    const fifo = path.join(await tempDir(), 'live.xml')
    execFileSync('mkfifo', [fifo])
    for (const published of [fifo, '/dev/zero']) {
      const started = performance.now()
      const failure = await loadSite(site, { published }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(performance.now() - started).toBeLessThan(1000)
      expect(failure).toBeInstanceOf(BuildFailure)
      const [error] = (failure as BuildFailure).errors
      expect([error!.code, error!.file, error!.message]).toEqual([
        'published-unreadable',
        '--published',
        `The published sitemap ${published} was not read: it is not a regular file (a folder, a pipe or a device).`,
      ])
    }
  })
})
