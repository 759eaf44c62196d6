import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { editorConfig } from '../../src/editor/decap-config.js'
import { answerProxy, createProxySession, type ProxySession } from '../../src/editor/proxy.js'
import type { LiveNames } from '../../src/editor/schema-fields.js'
import { repoRoot, snapshot, tempDir } from '../helpers/site.js'

const names: LiveNames = { service: [], form: [], areaList: [], scheduler: [], icon: [], href: [], minLocalWords: 40 }

async function copySite(name: string): Promise<string> {
  const dir = path.join(await tempDir('citypress-editor-'), name)
  await cp(path.join(repoRoot, 'sites', name), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  return dir
}

function sessionOf(site: string): ProxySession {
  return createProxySession(site, () => editorConfig(site, names, '/admin/api/', 'http://localhost/'))
}

/** What Decap sends back for an entry it loaded and saved untouched: the data re-serialized. */
function reserialized(file: string, text: string): string {
  if (!file.endsWith('.md')) return stringify(parse(text))
  const match = /^---\n([\s\S]*?)^---\n/m.exec(text)!
  return `---\n${stringify(parse(match[1]!))}---\n${text.slice(match[0].length).trimEnd()}`
}

type Entry = { data: string; file: { path: string } }

async function call(session: ProxySession, action: string, params: Record<string, unknown>) {
  return answerProxy(session, action, params)
}

async function everyEntry(session: ProxySession, site: string): Promise<Entry[]> {
  const { config } = editorConfig(site, names, '/admin/api/', 'http://localhost/')
  const entries: Entry[] = []
  for (const collection of config.collections as { folder?: string; extension?: string; files?: { file: string }[] }[]) {
    if (collection.folder)
      entries.push(
        ...((await call(session, 'entriesByFolder', { folder: collection.folder, extension: collection.extension, depth: 1 }))
          .body as Entry[]),
      )
    for (const file of collection.files ?? []) entries.push((await call(session, 'getEntry', { path: file.file })).body as Entry)
  }
  return entries
}

describe('the editor proxy', () => {
  for (const name of ['starter', 'system4', 'greenway']) {
    it(`saves every entry of ${name} unchanged, byte for byte, when Decap sends it back re-serialized`, async () => {
      const site = await copySite(name)
      const before = await snapshot(site)
      const session = sessionOf(site)
      const entries = await everyEntry(session, site)
      expect(entries.length).toBeGreaterThan(name === 'starter' ? 5 : 20)
      for (const entry of entries) {
        const answer = await call(session, 'persistEntry', {
          entry: { path: entry.file.path, raw: reserialized(entry.file.path, entry.data) },
          assets: [],
        })
        expect(answer, entry.file.path).toMatchObject({ status: 200 })
      }
      expect(await snapshot(site)).toEqual(before)
    })
  }

  describe('on one site copy', () => {
    let site: string
    let session: ProxySession
    const file = 'services/carpet-cleaning.yaml'
    beforeAll(async () => {
      site = await copySite('system4')
      session = sessionOf(site)
    })

    it('writes a changed title as that one line, comments and schema line kept', async () => {
      const before = await readFile(path.join(site, file), 'utf8')
      const entry = (await call(session, 'getEntry', { path: file })).body as Entry
      const data = parse(entry.data)
      const answer = await call(session, 'persistEntry', {
        entry: { path: file, raw: stringify({ ...data, title: 'Carpet Care' }) },
        assets: [],
      })
      expect(answer.status).toBe(200)
      const after = await readFile(path.join(site, file), 'utf8')
      expect(after).toBe(before.replace('\ntitle: Carpet Cleaning\n', '\ntitle: Carpet Care\n'))
    })

    it('writes a new post with what its writer set, not the switches left at their defaults', async () => {
      const raw = [
        '---',
        'title: Spring floor care',
        'date: 2026-03-02',
        'titleTemplate: true',
        'draft: false',
        'tags: []',
        'image: ""',
        'excerpt: How to keep floors bright after winter.',
        '---',
        'Wax, then buff.',
      ].join('\n')
      const answer = await call(session, 'persistEntry', { entry: { path: 'blog/spring-floor-care.md', raw }, assets: [] })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(await readFile(path.join(site, 'blog/spring-floor-care.md'), 'utf8')).toBe(
        [
          '---',
          'title: Spring floor care',
          'date: 2026-03-02',
          'excerpt: How to keep floors bright after winter.',
          '---',
          'Wax, then buff.',
        ].join('\n'),
      )
    })

    it('shows an on/off switch the file leaves out at its default, and a save leaves it out again', async () => {
      const post = 'blog/commercial-cleaning-checklist.md'
      const before = await readFile(path.join(site, post), 'utf8')
      expect(before).not.toMatch(/^(titleTemplate|draft):/m)
      const entry = (await call(session, 'getEntry', { path: post })).body as Entry
      expect(entry.data).toMatch(/^titleTemplate: true$/m)
      expect(entry.data).toMatch(/^draft: false$/m)
      const answer = await call(session, 'persistEntry', { entry: { path: post, raw: reserialized(post, entry.data) }, assets: [] })
      expect(answer.status).toBe(200)
      expect(await readFile(path.join(site, post), 'utf8')).toBe(before)
    })

    it("refuses an invalid change with citypress's located message and writes nothing", async () => {
      const before = await readFile(path.join(site, file), 'utf8')
      const data = parse(((await call(session, 'getEntry', { path: file })).body as Entry).data)
      const answer = await call(session, 'persistEntry', {
        entry: { path: file, raw: stringify({ ...data, icon: 'no-such-icon-here' }) },
        assets: [],
      })
      expect(answer.status).toBe(422)
      const error = (answer.body as { error: string }).error
      expect(error).toMatch(/no-such-icon-here/)
      // A key the save adds: at the line where it would go, with no column of a line that is not there.
      expect(error).toMatch(/services\/carpet-cleaning\.yaml:\d+: There is no icon/)
      expect(error).toMatch(/Hint: /)
      expect(await readFile(path.join(site, file), 'utf8')).toBe(before)
    })

    it('quotes a refused save at the line and column of the file on disk, below lines the save adds', async () => {
      const before = await readFile(path.join(site, file), 'utf8')
      const data = parse(((await call(session, 'getEntry', { path: file })).body as Entry).data) as {
        features: string[]
        benefits: { icon: string }[]
      }
      const line = before.split('\n').indexOf('  - icon: calendar-range') + 1
      const [first, ...others] = data.benefits
      const answer = await call(session, 'persistEntry', {
        entry: {
          path: file,
          raw: stringify({
            ...data,
            features: [...data.features, 'Entrance mat care'],
            benefits: [{ ...first, icon: 'no-such-icon-here' }, ...others],
          }),
        },
        assets: [],
      })
      expect(answer.status).toBe(422)
      expect((answer.body as { error: string }).error).toMatch(
        new RegExp(`^services/carpet-cleaning\\.yaml:${line}:11: There is no icon named "no-such-icon-here"`),
      )
      expect(await readFile(path.join(site, file), 'utf8')).toBe(before)
    })

    it('takes back the images uploaded with an entry it refuses, and leaves one it replaced as it was', async () => {
      const before = await snapshot(path.join(site, 'images'))
      const data = parse(((await call(session, 'getEntry', { path: file })).body as Entry).data)
      const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      const [png, jpeg] = await Promise.all([image.clone().png().toBuffer(), image.clone().jpeg().toBuffer()])
      const answer = await call(session, 'persistEntry', {
        entry: { path: file, raw: stringify({ ...data, image: 'images/new-upload.png', icon: 'no-such-icon-here' }) },
        assets: [
          { path: 'images/new-upload.png', content: png.toString('base64') },
          { path: 'images/hero-home.jpg', content: jpeg.toString('base64') },
        ],
      })
      expect(answer.status).toBe(422)
      expect(await snapshot(path.join(site, 'images'))).toEqual(before)
    })

    it('refuses deleting a service other files name, and answers 409 when the file changed on disk since it was loaded', async () => {
      const used = await call(session, 'deleteFile', { path: 'services/floor-care.yaml' })
      expect(used.status).toBe(422)
      const data = parse(((await call(session, 'getEntry', { path: file })).body as Entry).data)
      await writeFile(path.join(site, file), `${await readFile(path.join(site, file), 'utf8')}# edited by hand\n`)
      const answer = await call(session, 'persistEntry', { entry: { path: file, raw: stringify({ ...data, title: 'Again' }) }, assets: [] })
      expect(answer.status).toBe(409)
      const lines = (await readFile(path.join(site, file), 'utf8')).split('\n')
      expect((answer.body as { error: string }).error).toContain(
        `This file changed on disk after the editor loaded it (line ${lines.length - 1}: \`# edited by hand\`)`,
      )
    })

    it("applies the marketer's change to the file as it is now when they save again after a 409, keeping the change made on disk", async () => {
      const data = parse(((await call(session, 'getEntry', { path: file })).body as Entry).data)
      const disk = path.join(site, file)
      const other = (await readFile(disk, 'utf8')).replace(/^title: .*$/m, 'title: Set Elsewhere')
      await writeFile(disk, other.replace(/^description: .*$/m, 'description: Changed by hand.'))
      const sent = { entry: { path: file, raw: stringify({ ...data, title: 'Mine' }) }, assets: [] }
      const refused = await call(session, 'persistEntry', sent)
      expect(refused.status).toBe(409)
      expect((refused.body as { error: string }).error, JSON.stringify(refused.body)).toMatch(
        /line \d+: `title: Set Elsewhere`; line \d+: `description: Changed by hand\.`/,
      )
      expect((await call(session, 'persistEntry', sent)).status).toBe(200)
      const text = await readFile(disk, 'utf8')
      expect(text).toMatch(/^title: Mine$/m)
      expect(text).toMatch(/^description: Changed by hand\.$/m)
    })

    it('edits one place of areas.yaml as a virtual entry, saved back into its line', async () => {
      const areas = path.join(site, 'areas.yaml')
      const before = await readFile(areas, 'utf8')
      const folder = '_editor/areas.yaml/places'
      const entries = (await call(session, 'entriesByFolder', { folder, extension: 'yml', depth: 1 })).body as Entry[]
      const first = entries[0]!
      const place = parse(first.data)
      const key = Object.keys(place).find((k) => k !== 'key' && typeof place[k] === 'string' && !place[k].includes('\n'))!
      const answer = await call(session, 'persistEntry', {
        entry: { path: first.file.path, raw: stringify({ ...place, [key]: `${place[key]} x` }) },
        assets: [],
      })
      expect(answer.status).toBe(200)
      const after = await readFile(areas, 'utf8')
      const changed = after.split('\n').filter((line, i) => before.split('\n')[i] !== line)
      expect(changed).toHaveLength(1)
      expect(changed[0]).toContain(' x')
    })

    it("never reads or writes outside the site's content files", async () => {
      await mkdir(path.join(site, 'templates'), { recursive: true })
      const outside = path.join(await tempDir(), 'secret.yaml')
      await writeFile(outside, 'secret: 1\n')
      await symlink(outside, path.join(site, 'services', 'linked.yaml'))
      for (const bad of [
        '../site.yaml',
        '/etc/passwd',
        'templates/page.tsx',
        'published-urls.json',
        'services/../../x.yaml',
        'services/linked.yaml',
        '.citypress/x.yaml',
      ]) {
        expect((await call(session, 'getEntry', { path: bad })).status, bad).toBe(403)
        expect((await call(session, 'persistEntry', { entry: { path: bad, raw: 'title: x\n' }, assets: [] })).status, bad).toBe(403)
      }
      expect(await readFile(outside, 'utf8')).toBe('secret: 1\n')
      const upload = await call(session, 'persistMedia', {
        asset: { path: 'images/evil.jpg', content: Buffer.from('<svg onload="alert(1)"/>').toString('base64'), encoding: 'base64' },
      })
      expect(upload.status).toBe(422)
      expect((upload.body as { error: string }).error).toMatch(/bytes are text/)
    })

    it('reports the simple publish mode only', async () => {
      expect((await call(session, 'info', {})).body).toMatchObject({ publish_modes: ['simple'] })
    })
  })
})
