import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxSubmissionsBytes } from '../../src/preview/form-capture.js'
import { siteFrom } from '../helpers/site.js'
import { type StartedPreview, startOn } from './helpers.js'

// A page on any website can make the browser send requests to a server on this machine; preview
// must answer only its own pages, and behave like production where security is concerned.

const files = {
  'forms.yaml': 'forms:\n  quote:\n    fields:\n      - { name: name, label: Name, type: text, required: true }\n',
  'pages/contact.yaml': 'path: /contact\ntitle: Contact\nsections:\n  - type: form\n    heading: Write to us\n    form: quote\n',
}

/** A request with headers sent exactly as given (fetch() will not send another Host). */
function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: options.path ?? '/', method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

const form = 'form-name=quote&name=Ann'

describe('preview, as seen by other websites', () => {
  let site: string
  let preview: StartedPreview
  beforeAll(async () => {
    site = await siteFrom('minimal', files)
    preview = await startOn(site)
  })
  afterAll(() => preview.close())

  it('answers localhost names only, so a rebound DNS name cannot read the site', async () => {
    const port = new URL(preview.url).port
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await send(preview.url, { headers: { host } })).status, host).toBe(200)
    }
    const rebound = await send(preview.url, { headers: { host: `attacker.example:${port}` } })
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('--host attacker.example')
  })

  it('answers another name when --host names it', async () => {
    const named = await startOn(site, { host: 'localhost' })
    try {
      expect((await send(named.url, { headers: { host: 'localhost' } })).status).toBe(200)
      expect((await send(named.url, { headers: { host: 'other.example' } })).status).toBe(403)
    } finally {
      await named.close()
    }
  })

  it('refuses a form post from another origin and stores nothing', async () => {
    const host = new URL(preview.url).host
    const foreign = await send(preview.url, {
      method: 'POST',
      path: '/__forms.html',
      headers: { host, origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    })
    expect(foreign.status).toBe(403)
    const own = await send(preview.url, {
      method: 'POST',
      path: '/__forms.html',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    })
    expect(own.status).toBe(200)
    const stored = (await readFile(path.join(site, '.citypress/submissions.ndjson'), 'utf8')).trim().split('\n')
    expect(stored).toHaveLength(1)
  })

  it('stops storing submissions once the file reaches 10 MB, and says so', async () => {
    const file = path.join(site, '.citypress/submissions.ndjson')
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, 'x'.repeat(maxSubmissionsBytes - 10))
    const full = await send(preview.url, {
      method: 'POST',
      path: '/__forms.html',
      headers: { host: new URL(preview.url).host, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    })
    expect(full.status).toBe(507)
    expect(JSON.parse(full.body).reason).toMatch(/submissions\.ndjson has reached 10 MB\. Move or delete it, then send again\./)
    expect((await stat(file)).size).toBe(maxSubmissionsBytes - 10)
    expect(preview.printed()).toMatch(/not stored, .*submissions\.ndjson has reached 10 MB/)
  })

  it('sends the security headers of the built _headers, its policy allowing the reload client', async () => {
    const page = await send(preview.url, { path: '/contact', headers: { host: new URL(preview.url).host } })
    const built = preview.session.state.kind === 'ok' ? preview.session.state.build.files.get('_headers')!.body.toString('utf8') : ''
    const policy = /Content-Security-Policy: (.*)/.exec(built)![1]!
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(page.headers['strict-transport-security']).toBeUndefined()
    const served = String(page.headers['content-security-policy'])
    expect(served.startsWith(policy.split('script-src')[0]!)).toBe(true)
    expect(served).toMatch(/script-src 'self'[^;]* 'sha256-[A-Za-z0-9+/=]+'/)
    const css = [...(preview.session.state.kind === 'ok' ? preview.session.state.build.files.keys() : [])].find((p) => p.endsWith('.css'))!
    expect((await send(preview.url, { path: `/${css}`, headers: { host: new URL(preview.url).host } })).headers['x-frame-options']).toBe(
      'DENY',
    )
  })
})
