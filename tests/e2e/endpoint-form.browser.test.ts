import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditServer, startServer } from '../../bin/audit-server.mjs'
import { build } from '../../src/build/index.js'
import { launchChromium } from '../helpers/browser.js'
import { copyExample } from '../helpers/example-build.js'
import { tempDir } from '../helpers/site.js'

// With forms.provider `endpoint`, the built _headers must let the form script
// reach the endpoint, or every enhanced submission fails on any host that applies the policy.
// The endpoint is a real HTTPS server on 127.0.0.1 (the schema asks for https://), answering as
// form services do: 200 with Access-Control-Allow-Origin, so a cross-origin fetch may read it.
let endpoint: Server
let endpointUrl: string
const posts: string[] = []
let out: string
let site: AuditServer
let browser: Browser

beforeAll(async () => {
  const work = await tempDir()
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(work, 'key.pem'),
    '-out',
    path.join(work, 'cert.pem'),
  ])
  endpoint = createServer(
    { key: await readFile(path.join(work, 'key.pem')), cert: await readFile(path.join(work, 'cert.pem')) },
    (req, res) => {
      const cors = { 'access-control-allow-origin': '*' }
      if (req.method !== 'POST') return void res.writeHead(204, cors).end()
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        posts.push(body)
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"ok":true}')
      })
    },
  )
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
  endpointUrl = `https://127.0.0.1:${(endpoint.address() as AddressInfo).port}/submit`

  const siteDir = path.join(work, 'site')
  await copyExample('starter', siteDir)
  await writeFile(
    path.join(siteDir, 'site.yaml'),
    `${await readFile(path.join(siteDir, 'site.yaml'), 'utf8')}\nforms: { provider: endpoint, endpoint: "${endpointUrl}" }\n`,
  )
  out = path.join(work, 'dist')
  await build({ site: siteDir, outDir: out, cacheDir: false })
  site = await startServer()
  site.setRoot(out)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await new Promise((resolve) => endpoint?.close(resolve))
})

describe('a form posting to an endpoint on another host', () => {
  it('is allowed by the built Content-Security-Policy, for fetch and for a native post', async () => {
    const csp = /Content-Security-Policy: (.*)/.exec(await readFile(path.join(out, '_headers'), 'utf8'))![1]!
    const origin = new URL(endpointUrl).origin
    expect(csp).toContain(`connect-src 'self' ${origin};`)
    expect(csp).toContain(`form-action 'self' ${origin};`)
  })

  it('reaches the endpoint and shows the success state, with the production headers applied', async () => {
    // The certificate is our own; everything else is as a visitor's browser would have it.
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const page = await context.newPage()
    const blocked: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text())
    })
    const response = await page.goto(`${site.origin}/contact`)
    expect(response?.headers()['content-security-policy']).toContain(new URL(endpointUrl).origin)
    await page.getByLabel('Full Name').fill('Ada Lovelace')
    await page.getByLabel('Email Address').fill('ada@example.com')
    await page.locator('form[name="quote"] button[type="submit"]').click()
    await expect.poll(() => page.locator('[data-form-success]').isVisible()).toBe(true)
    expect(blocked).toEqual([])
    expect(new URLSearchParams(posts.at(-1)).get('email')).toBe('ada@example.com')
    await context.close()
  })
})
