import { access, mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { editorRoutes } from '../../src/editor/http.js'
import { copyExample } from '../helpers/example-build.js'
import { tempDir } from '../helpers/site.js'
import { rawGet, type StartedPreview, startOn } from '../preview/helpers.js'

const token = 't0ken-of-this-test'

/** A JSON POST to the editor API as the editor page sends it; `ms`: how long the answer took. */
function post(url: string, body: unknown): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port } = new URL(url)
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', origin: url.replace(/\/$/, ''), 'content-length': String(bytes.length) }
    const req = request({ hostname, port, path: `/admin/api/${token}/`, method: 'POST', headers, timeout: 2000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }))
    })
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')))
    req.on('error', reject)
    req.end(bytes)
  })
}

const errorOf = (answer: { body: string }) => (JSON.parse(answer.body) as { error: string }).error

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

describe('the editor API on a starter site with images', () => {
  let preview: StartedPreview
  let site: string
  beforeAll(async () => {
    site = await copyExample('starter', path.join(await tempDir('citypress-editor-'), 'starter'))
    await mkdir(path.join(site, 'images'))
    await writeFile(path.join(site, 'images', 'used.png'), await png('#345'))
    await writeFile(path.join(site, 'images', 'spare.png'), await png('#543'))
    const service = path.join(site, 'services', 'your-service.yaml')
    await writeFile(service, (await readFile(service, 'utf8')).replace('\nfeatures:\n', '\nimage: images/used.png\nfeatures:\n'))
    await writeFile(path.join(site, 'pages', 'notes.md'), '---\ntitle: Notes\n---\n\nOur team at work:\n\n![The team](images/used.png)\n')
    await writeFile(
      path.join(site, 'landing.yaml'),
      `${await readFile(path.join(site, 'landing.yaml'), 'utf8')}\nquality:\n  minLocalWords: 40\n`,
    )
    preview = await startOn(site, { editorToken: token })
  }, 60_000)
  afterAll(() => preview?.close())

  /** The entry as the editor loads it (the server then accepts a save of it). */
  async function entry(file: string): Promise<Record<string, unknown>> {
    const answer = await post(preview.url, { action: 'getEntry', params: { path: file } })
    expect(answer.status).toBe(200)
    return parse((JSON.parse(answer.body) as { data: string }).data) as Record<string, unknown>
  }

  it('answers each malformed request within 2 s, with 422 at the YAML problem or 400 naming the wrong part', async () => {
    const file = 'services/your-service.yaml'
    const town = '_editor/areas.yaml/places/Springfield_2C_20IL.yml'
    const save = (raw: string) => ({ action: 'persistEntry', params: { entry: { path: file, raw }, assets: [] } })
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ].join('\n')
    const cases: [string, unknown, number, RegExp][] = [
      ['malformed YAML', save('title: [unclosed\nsubtitle: x\n'), 422, /services\/your-service\.yaml:1:\d+: .*\[/],
      ['a second YAML document', save('title: A\n---\ntitle: B\n'), 422, /services\/your-service\.yaml:2:\d+/],
      ['an alias bomb', save(`${bomb}\ntitle: x\n`), 422, /alias/i],
      ['50,000-deep nesting', save(`title: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`), 422, /services\/your-service\.yaml:1:\d+: .*64/],
      ['duplicate keys', save('title: A\ntitle: B\n'), 422, /services\/your-service\.yaml:2:\d+/],
      [
        'an alias bomb asked about before saving',
        { action: 'planSave', params: { entry: { path: file, raw: `${bomb}\naddress: x\n` } } },
        422,
        /alias/i,
      ],
      [
        'an alias bomb for a town',
        { action: 'persistEntry', params: { entry: { path: town, raw: `${bomb}\nkey: Springfield, IL\ninLists: [main]\n` }, assets: [] } },
        422,
        /alias/i,
      ],
      ['dataFiles: 5', { action: 'persistEntry', params: { dataFiles: 5, assets: [] } }, 400, /params\.dataFiles is not a list/],
      [
        'assets: [null]',
        { action: 'persistEntry', params: { entry: { path: file, raw: 'title: x\n' }, assets: [null] } },
        400,
        /params\.assets is not a list of uploads/,
      ],
      ['persistMedia without an asset', { action: 'persistMedia', params: {} }, 400, /params\.asset is not an upload/],
      ['an object as a path', { action: 'getEntry', params: { path: { toString: 1 } } }, 400, /params\.path is not a file path/],
      ['an object as a listed file', { action: 'entriesByFiles', params: { files: [{ path: {} }] } }, 400, /params\.files/],
      ['an object among paths to delete', { action: 'deleteFiles', params: { paths: [{}] } }, 400, /params\.paths/],
      ['an object as the action', { action: { name: 'info' }, params: {} }, 400, /action is not a name/],
      ['params that are a list', { action: 'getEntry', params: [] }, 400, /params are not an object/],
      ['a body that is a list', '[]', 400, /not a JSON object/],
    ]
    await entry(file)
    await entry(town)
    const before = await readFile(path.join(site, file), 'utf8')
    for (const [what, body, status, text] of cases) {
      const answer = await post(preview.url, body)
      expect(answer.status, what).toBe(status)
      expect(answer.ms, what).toBeLessThan(2000)
      expect(errorOf(answer), what).toMatch(text)
      expect(errorOf(answer), what).not.toMatch(/Internal error/)
    }
    expect(await readFile(path.join(site, file), 'utf8')).toBe(before)
    expect(preview.printed()).not.toMatch(/Internal error/)
  })

  it('answers a body over the limit with 413 and closes the connection without reading the rest', async () => {
    const { port } = new URL(preview.url)
    const socket = connect(Number(port), '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
    })
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())))
    socket.on('error', () => undefined)
    const started = Date.now()
    socket.write(
      [
        `POST /admin/api/${token}/ HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${30 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    )
    socket.write(Buffer.alloc(64 * 1024, 32))
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(-1), 2000))
    const at = await Promise.race([closed, timeout])
    socket.destroy()
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received).toMatch(/larger than 20 MB/)
    expect(at, 'the server closed the connection').toBeGreaterThan(0)
    expect(at - started).toBeLessThan(2000)
  })

  it('refuses a save that sets a left-out key, and keeps the ones on disk through a save without them', async () => {
    const added: [string, string, unknown][] = [
      ['site.yaml', 'published', 'https://www.example.com/sitemap.xml'],
      ['site.yaml', 'csp', { scripts: ['sha256-AAAA'] }],
      ['site.yaml', 'budgets', { all: { html: '50 kB' } }],
      ['site.yaml', 'redirects', [{ from: '/old', to: '/' }]],
      ['landing.yaml', 'quality', { minLocalWords: 10 }],
    ]
    for (const [file, key, value] of added) {
      const before = await readFile(path.join(site, file), 'utf8')
      const data = await entry(file)
      const answer = await post(preview.url, {
        action: 'persistEntry',
        params: { entry: { path: file, raw: stringify({ ...data, [key]: value }) }, assets: [] },
      })
      expect(answer.status, key).toBe(422)
      expect(errorOf(answer), key).toContain(`\`${key}\` of ${file}`)
      expect(errorOf(answer), key).toMatch(/text editor/)
      expect(await readFile(path.join(site, file), 'utf8'), key).toBe(before)
    }
    // landing.yaml has `quality` on disk: a save without it keeps it, one that changes it is refused.
    const landing = path.join(site, 'landing.yaml')
    const { quality: _quality, ...withoutQuality } = await entry('landing.yaml')
    const kept = await post(preview.url, {
      action: 'persistEntry',
      params: {
        entry: {
          path: 'landing.yaml',
          raw: stringify({ ...withoutQuality, content: { ...(withoutQuality.content as object), title: '{service} near {city}' } }),
        },
        assets: [],
      },
    })
    expect(kept.status, kept.body).toBe(200)
    const after = await readFile(landing, 'utf8')
    expect(after).toContain('title: "{service} near {city}"')
    expect(after).toContain('quality:\n  minLocalWords: 40\n')
    const data = await entry('landing.yaml')
    const changed = await post(preview.url, {
      action: 'persistEntry',
      params: { entry: { path: 'landing.yaml', raw: stringify({ ...data, quality: { minLocalWords: 5 } }) }, assets: [] },
    })
    expect(changed.status).toBe(422)
    expect(errorOf(changed)).toMatch(/^landing\.yaml:\d+:1: .*`quality`/)
  })

  it("lists the site's images by name and address, not by their bytes, and serves each at its address", async () => {
    const answer = await post(preview.url, { action: 'getMedia', params: { branch: 'main', mediaFolder: 'images' } })
    expect(answer.status).toBe(200)
    const media = JSON.parse(answer.body) as {
      name: string
      path: string
      url: string
      displayURL: string
      size: number
      content?: string
    }[]
    expect(media.map((m) => m.path)).toEqual(['images/spare.png', 'images/used.png'])
    for (const image of media) {
      expect(image.content).toBeUndefined()
      expect(image.name).toBe(path.posix.basename(image.path))
      expect(image.displayURL).toBe(image.url)
      const served = await rawGet(preview.url, image.url)
      expect(served.status).toBe(200)
      expect(served.headers['content-type']).toBe('image/png')
      expect(Number(served.headers['content-length'])).toBe(image.size)
    }
    expect(answer.body.length).toBeLessThan(1000)
  })

  it('refuses deleting an image the site uses, naming each file and line that uses it, and deletes an unused one', async () => {
    const used = await post(preview.url, { action: 'deleteFile', params: { path: 'images/used.png' } })
    expect(used.status).toBe(409)
    const line =
      (await readFile(path.join(site, 'services', 'your-service.yaml'), 'utf8')).split('\n').indexOf('image: images/used.png') + 1
    expect(errorOf(used)).toContain(`services/your-service.yaml:${line}`)
    expect(errorOf(used)).toMatch(/pages\/notes\.md:\d+/)
    await access(path.join(site, 'images', 'used.png'))
    const spare = await post(preview.url, { action: 'deleteFiles', params: { paths: ['images/spare.png'] } })
    expect(spare.status, spare.body).toBe(200)
    await expect(access(path.join(site, 'images', 'spare.png'))).rejects.toThrow()
  })
})

describe('an editor request that meets a bug', () => {
  it("is answered 500 with the catalogue's text, and the bug is logged once", async () => {
    const site = await copyExample('starter', path.join(await tempDir('citypress-editor-'), 'starter'))
    const logged: string[] = []
    // The site's address is read when the editor makes its configuration: a throw there stands for any bug of ours.
    const editor = editorRoutes({
      siteRoot: site,
      token,
      names: () => ({ service: [], form: [], areaList: [], scheduler: [], icon: [], href: [], minLocalWords: 40 }),
      siteUrl: () => {
        throw new Error('a planted bug')
      },
      logBug: (text) => logged.push(text),
    })
    const server = createServer((req, res) => void editor.handle(req, res, req.url ?? '/'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      const answer = await post(url, { action: 'getEntry', params: { path: 'site.yaml' } })
      expect(answer.status).toBe(500)
      expect(errorOf(answer)).toMatch(/error\[editor-internal\]: The editor's "getEntry" request met a bug in citypress/)
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatch(/a planted bug/)
    } finally {
      server.close()
    }
  })
})
