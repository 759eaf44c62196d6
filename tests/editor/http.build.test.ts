import { readFile } from 'node:fs/promises'
import { type IncomingHttpHeaders, request } from 'node:http'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyExample } from '../helpers/example-build.js'
import { repoRoot, tempDir } from '../helpers/site.js'
import { rawGet, type StartedPreview, startOn } from '../preview/helpers.js'

async function starterCopy(): Promise<string> {
  return copyExample('starter', path.join(await tempDir('citypress-editor-'), 'starter'))
}

/** A POST with exactly these headers (fetch() would add an Origin of its own choosing). */
function post(
  url: string,
  apiPath: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: apiPath, method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: 413, body: '' }) : reject(error),
    )
    req.end(body)
  })
}

describe('the editor API over HTTP', () => {
  let preview: StartedPreview
  let site: string
  const token = 'k3y-for-tests'
  const info = JSON.stringify({ action: 'info', params: {} })
  beforeAll(async () => {
    site = await starterCopy()
    preview = await startOn(site, { editorToken: token })
  }, 60_000)
  afterAll(() => preview?.close())

  const own = () => ({ 'content-type': 'application/json', origin: preview.url.replace(/\/$/, '') })

  it('answers a same-origin JSON post with the token in its path', async () => {
    expect(preview.editorUrls).toEqual([`${preview.url}admin/#token=${token}`])
    const answer = await post(preview.url, `/admin/api/${token}/`, info, own())
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ publish_modes: ['simple'] })
  })

  it('refuses a wrong token, another origin, a form post and an oversized body', async () => {
    expect((await post(preview.url, '/admin/api/wrong/', info, own())).status).toBe(403)
    expect((await post(preview.url, '/admin/api/', info, own())).status).toBe(403)
    expect((await post(preview.url, `/admin/api/${token}/`, info, { ...own(), origin: 'http://evil.example' })).status).toBe(403)
    expect((await post(preview.url, `/admin/api/${token}/`, info, { 'content-type': 'application/json' })).status).toBe(403)
    expect(
      (await post(preview.url, `/admin/api/${token}/`, 'action=info', { ...own(), 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(415)
    const big = JSON.stringify({ action: 'getEntry', params: { path: 'site.yaml', pad: 'x'.repeat(3 * 1024 * 1024) } })
    expect((await post(preview.url, `/admin/api/${token}/`, big, own())).status).toBe(413)
    const huge = Buffer.alloc(30 * 1024 * 1024, 32)
    expect((await post(preview.url, `/admin/api/${token}/`, huge, own())).status).toBe(413)
  })

  it('refuses a path out of the site through the API, and another Host', async () => {
    const traversal = JSON.stringify({ action: 'getEntry', params: { path: '../../../etc/passwd' } })
    expect((await post(preview.url, `/admin/api/${token}/`, traversal, own())).status).toBe(403)
    const { port } = new URL(preview.url)
    const rebinding = await post(preview.url, `/admin/api/${token}/`, info, {
      ...own(),
      host: `evil.example:${port}`,
      origin: `http://evil.example:${port}`,
    })
    expect(rebinding.status).toBe(403)
  })

  it('gives each editor tab its own record of what it loaded: of two saves of one file, the second is a conflict', async () => {
    const file = 'services/your-service.yaml'
    /** An editor tab: its config names its API address; it loads the file as Decap does. */
    const tab = async () => {
      const config = JSON.parse((await rawGet(preview.url, `/admin/api/${token}/config.json`)).body) as {
        config: { backend: { proxy_url: string } }
      }
      const api = config.config.backend.proxy_url
      const entry = JSON.parse((await post(preview.url, api, JSON.stringify({ action: 'getEntry', params: { path: file } }), own())).body)
      const save = (title: string) =>
        post(
          preview.url,
          api,
          JSON.stringify({
            action: 'persistEntry',
            params: { entry: { path: file, raw: (entry.data as string).replace(/^title: .*$/m, `title: "${title}"`) }, assets: [] },
          }),
          own(),
        )
      return { api, save }
    }
    const [first, second] = await Promise.all([tab(), tab()])
    expect(first.api).not.toBe(second.api)
    expect((await first.save('First tab')).status).toBe(200)
    expect((await second.save('Second tab')).status).toBe(409)
    // At the same moment: one wins, the other is told, and the file is the winner's.
    const [a, b] = await Promise.all([tab(), tab()])
    const answers = await Promise.all([a.save('Tab A'), b.save('Tab B')])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    const written = (await readFile(path.join(site, file), 'utf8')).match(/^title: (.*)$/m)![1]
    expect(written).toBe(answers[0]!.status === 200 ? '"Tab A"' : '"Tab B"')
  })

  it('serves /admin/ with its own policy, Decap from this server, and the site pages keep theirs', async () => {
    const page = await rawGet(preview.url, '/admin/')
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'unsafe-eval'/)
    expect(page.body).not.toMatch(/https?:\/\//)
    expect((await rawGet(preview.url, '/admin/decap/decap-cms.js')).status).toBe(200)
    const home = await rawGet(preview.url, '/')
    expect(home.headers['content-security-policy'] ?? '').not.toMatch(/unsafe-eval/)
  })

  it("sends Decap's bundle gzipped to a browser that takes it, plain to one that does not, cacheable for a day", async () => {
    const bundle = await readFile(path.join(repoRoot, 'lib', 'decap', 'decap-cms.js'))
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const { hostname, port } = new URL(preview.url)
        const headers = { 'accept-encoding': acceptEncoding }
        request({ hostname, port, path: '/admin/decap/decap-cms.js', headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        })
          .on('error', reject)
          .end()
      })
    const packed = await get('gzip, deflate, br')
    expect(packed.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'cache-control': 'public, max-age=86400' })
    expect(packed.body.length).toBeLessThan(bundle.length / 3)
    expect(gunzipSync(packed.body).equals(bundle)).toBe(true)
    for (const refused of ['identity', 'gzip;q=0, *', '']) {
      const plain = await get(refused)
      expect(plain.headers['content-encoding'], refused).toBeUndefined()
      expect(plain.body.equals(bundle), refused).toBe(true)
    }
  })
})

describe('the editor beyond this machine', () => {
  it('is off without --editor-token when preview listens on every interface', async () => {
    const preview = await startOn(await starterCopy(), { host: '0.0.0.0' })
    try {
      expect(preview.editorUrls).toEqual([])
      const page = await rawGet(preview.url.replace('localhost', '127.0.0.1'), '/admin/')
      expect(page.status).toBe(404)
      expect(page.body).toMatch(/--editor-token/)
    } finally {
      await preview.close()
    }
  }, 60_000)
})
