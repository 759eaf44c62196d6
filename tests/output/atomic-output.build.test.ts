import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { listFolder, readOutputRecord } from '../../src/cache/output-record.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { siteFrom, snapshot, tempDir } from '../helpers/site.js'

describe('the output folder', () => {
  it('is left untouched when it already holds exactly what the build would write', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const first = await build({ site, outDir: out })
    expect(first.upToDate).toBe(false)
    const inode = async () => (await stat(path.join(out, 'index.html'))).ino
    const before = { files: await snapshot(out), inode: await inode() }
    const again = await build({ site, outDir: out })
    expect(again.upToDate).toBe(true)
    expect(again.fileCount).toBe(first.fileCount)
    expect(again.sizes).toEqual(first.sizes)
    // The same files, not rewritten: the folder was not even swapped.
    expect(await inode()).toBe(before.inode)
    expect(await snapshot(out)).toEqual(before.files)
  })

  it('is written again when a file in it was changed or removed since the last build', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const built = await snapshot(out)
    // (A file added there is refused instead: tests/output/output-guard.build.test.ts.)
    const edits = [() => writeFile(path.join(out, 'contact.html'), 'edited by hand'), () => rm(path.join(out, 'robots.txt'))]
    for (const edit of edits) {
      await edit()
      expect((await build({ site, outDir: out })).upToDate).toBe(false)
      expect(await snapshot(out)).toEqual(built)
    }
  })

  it('is written again when anything it is made of changed, even outside the pages', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const siteYaml = path.join(site, 'site.yaml')
    await writeFile(siteYaml, `${await readFile(siteYaml, 'utf8')}\nbudgets:\n  all: { html: 900 kB }\n`)
    expect((await build({ site, outDir: out })).upToDate).toBe(false)
    // Another output folder for the same site is its own output.
    expect((await build({ site, outDir: path.join(await tempDir(), 'other') })).upToDate).toBe(false)
  })

  it('is left byte-for-byte intact when a later build fails on bad YAML', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const before = await snapshot(out)
    expect(Object.keys(before)).toContain('index.html')

    const broken = await siteFrom('minimal', { 'pages/home.yaml': 'path: /\ntitle: [unclosed\n' })
    await expect(build({ site: broken, outDir: out })).rejects.toBeInstanceOf(BuildFailure)
    expect(await snapshot(out)).toEqual(before)
  })

  it('is left intact when a template throws while rendering, and no staging folder remains', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const before = await snapshot(out)

    // A site may override any shared template by path; this one fails at render time.
    const broken = await siteFrom('minimal', {
      'templates/sections/Text.tsx': 'export function Text(): never {\n  throw new Error("no text today")\n}\n',
    })
    // The same report whether React runs on this thread or in the render worker.
    for (const workerMinimum of [undefined, 1]) {
      const failure = await build({ site: broken, outDir: out, workerMinimum }).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(BuildFailure)
      const [error] = (failure as BuildFailure).errors
      expect(error!.code).toBe('render-failed')
      expect(error!.message).toBe('The page /contact could not be rendered: the component Text threw "no text today".')
      expect(error!.hint).toMatch(/^The page's data comes from /)
      expect(error!.notes?.map((note) => [note.message, note.file.replace(/^.*(templates\/)/, '$1'), note.line])).toEqual([
        ['The component Text throws here.', 'templates/sections/Text.tsx', 2],
      ])
    }
    expect(await snapshot(out)).toEqual(before)
    expect((await readdir(path.dirname(out))).filter((n) => n !== 'dist')).toEqual([])
  })

  it('replaces the previous output completely on success, dropping pages that no longer exist', async () => {
    const out = path.join(await tempDir(), 'dist')
    const site = await siteFrom('minimal', { 'pages/extra.yaml': 'path: /extra\ntitle: Extra\nsections:\n  - { type: text, body: Hi }\n' })
    await build({ site, outDir: out })
    expect(Object.keys(await snapshot(out))).toContain('extra.html')
    // The same site (whose output record vouches for the folder, output-guard.ts) without the page.
    await rm(path.join(site, 'pages/extra.yaml'))
    await build({ site, outDir: out })
    const after = Object.keys(await snapshot(out))
    expect(after).not.toContain('extra.html')
    expect(after).toEqual(expect.arrayContaining(['index.html', 'contact.html', '404.html', 'sitemap.xml', 'robots.txt']))
  })

  it('is made from the output before last after an edit, holding exactly what a fresh build writes', async () => {
    const extra = 'path: /extra\ntitle: Extra\nsections:\n  - { type: text, body: Hi }\n'
    const site = await siteFrom('minimal', { 'pages/extra.yaml': extra })
    const out = path.join(await tempDir(), 'dist')
    const folder = async () => (await stat(out)).ino
    const contact = path.join(site, 'pages/contact.yaml')
    const original = await readFile(contact, 'utf8')
    await build({ site, outDir: out })
    const first = await folder()
    // A first build has no output to keep: it keeps a copy of its own (hard links), which the
    // second build starts from rather than linking every page anew.
    const copy = (await stat(path.join(site, '.citypress/previous-output'))).ino
    await writeFile(contact, original.replace('title: Contact', 'title: Contact one'))
    await build({ site, outDir: out })
    const second = await folder()
    expect(second).toBe(copy)
    const freshSecond = path.join(await tempDir(), 'fresh')
    await build({ site, outDir: freshSecond, cacheDir: false, imageCacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(freshSecond))
    // The third build starts from the first one's folder: a page there is gone now, another changed.
    await rm(path.join(site, 'pages/extra.yaml'))
    await writeFile(contact, original.replace('title: Contact', 'title: Contact two'))
    const third = await build({ site, outDir: out })
    expect(await folder()).toBe(first)
    const fresh = path.join(await tempDir(), 'fresh')
    await build({ site, outDir: fresh, cacheDir: false, imageCacheDir: false })
    const files = await snapshot(out)
    expect(files).toEqual(await snapshot(fresh))
    expect(Object.keys(files)).not.toContain('extra.html')
    expect(third.fileCount).toBe(Object.keys(files).length)
    // The writer's own account of the folder (not a fresh listing) is exactly what is there: the
    // next build finds the output up to date, and the one after an edit starts from it again.
    const record = await readOutputRecord(path.join(site, '.citypress/cache/output.json'))
    expect(record!.listing).toEqual(listFolder(out))
    expect((await build({ site, outDir: out })).upToDate).toBe(true)
    await writeFile(contact, original.replace('title: Contact', 'title: Contact three'))
    await build({ site, outDir: out })
    expect(await folder()).toBe(second)
  })

  it('leaves the images the kept output holds as they are, unless one was changed there', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const contact = path.join(site, 'pages/contact.yaml')
    const original = await readFile(contact, 'utf8')
    await build({ site, outDir: out })
    // Every page has a share image: the home page's does not change when the contact page does.
    const home = (await readdir(path.join(out, 'assets/share'))).find((name) => name.startsWith('home-'))!
    const image = path.join(out, 'assets/share', home)
    const before = await stat(image)
    await writeFile(contact, original.replace('title: Contact', 'title: Contact one'))
    const second = await build({ site, outDir: out })
    expect(second.images.encoded).toBe(1)
    expect((await stat(image)).ino).toBe(before.ino)
    const fresh = path.join(await tempDir(), 'fresh')
    await build({ site, outDir: fresh, cacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(fresh))

    // The kept output shares its files with the output (hard links): one changed in place there
    // is written anew by the next build, not kept.
    await writeFile(image, 'not an image')
    await writeFile(contact, original.replace('title: Contact', 'title: Contact two'))
    await build({ site, outDir: out })
    const freshAgain = path.join(await tempDir(), 'fresh')
    await build({ site, outDir: freshAgain, cacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(freshAgain))
  })

  it('shares its images with the image cache, and checks them again once another output linked them too', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out })
    const share = path.join(out, 'assets/share')
    const image = path.join(share, (await readdir(share))[0]!)
    const entries = path.join(site, '.citypress/cache/images')
    const inodes = new Set(await Promise.all((await readdir(entries)).map(async (name) => (await stat(path.join(entries, name))).ino)))
    expect(inodes.has((await stat(image)).ino), 'the published image is the cache entry (a hard link)').toBe(true)
    // Another output of the same site links the same entries, which changes their change time:
    // the first output is then not taken as it was left, but its images are read and kept.
    await build({ site, outDir: path.join(await tempDir(), 'other'), cacheDir: false })
    const again = await build({ site, outDir: out })
    expect(again.upToDate).toBe(false)
    expect(again.images.encoded).toBe(0)
    expect((await build({ site, outDir: out })).upToDate).toBe(true)
  })

  it('starts from an empty folder when the kept output was touched since', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const contact = path.join(site, 'pages/contact.yaml')
    const original = await readFile(contact, 'utf8')
    await build({ site, outDir: out })
    await writeFile(contact, original.replace('title: Contact', 'title: Contact one'))
    await build({ site, outDir: out })
    const kept = path.join(site, '.citypress/previous-output')
    await writeFile(path.join(kept, 'stray.html'), 'left behind')
    await writeFile(contact, original.replace('title: Contact', 'title: Contact two'))
    await build({ site, outDir: out })
    const fresh = path.join(await tempDir(), 'fresh')
    await build({ site, outDir: fresh, cacheDir: false })
    expect(await snapshot(out)).toEqual(await snapshot(fresh))
  })

  it('writes each page as {path}.html (served at /path with no redirect) and 404.html at the top', async () => {
    const out = path.join(await tempDir(), 'dist')
    const result = await build({ site: await siteFrom('minimal'), outDir: out })
    expect(result.routes.map((r) => [r.url, r.outputPath])).toEqual(
      expect.arrayContaining([
        ['/', 'index.html'],
        ['/contact', 'contact.html'],
        ['/services/office-cleaning', 'services/office-cleaning.html'],
        ['/lp/fort-oak-office-cleaning', 'lp/fort-oak-office-cleaning.html'],
        ['/404', '404.html'],
      ]),
    )
    expect(await readFile(path.join(out, '404.html'), 'utf8')).toContain('This page could not be found.')
  })
})
