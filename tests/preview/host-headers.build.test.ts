import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headersForPath, parseHeadersFile } from '../../src/output/hosts/read-headers.js'
import { fixture, siteFrom } from '../helpers/site.js'
import { type StartedPreview, startOn } from './helpers.js'

/** What preview sends of its own on every answer, or about the transport; the rest is the host's. */
const ownHeaders = new Set([
  'content-type',
  'content-length',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'cache-control',
  'transfer-encoding',
])
/** The host's headers preview leaves out on purpose (src/preview/host-headers.ts). */
const leftOut = new Set(['cache-control', 'strict-transport-security'])

let site: string
let yaml: string

beforeAll(async () => {
  site = await siteFrom('minimal')
  await mkdir(path.join(site, 'images'))
  await copyFile(path.join(fixture('brand'), 'images', 'logo.svg'), path.join(site, 'images', 'logo.svg'))
  yaml = (await readFile(path.join(site, 'site.yaml'), 'utf8')).replace(
    'url: https://tidy.example',
    'url: https://tidy.github.io/x\nlogo: { src: images/logo.svg, alt: Tidy Co, width: 180 }',
  )
})

/** What the host sends at `urlPath`, read from the `_headers` the build wrote (none on hosts that read none). */
function fromHost(preview: StartedPreview, urlPath: string): Record<string, string> {
  const state = preview.session.state
  const text = state.kind === 'ok' ? state.build.files.get('_headers')?.body.toString('utf8') : undefined
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' }
  for (const [name, value] of Object.entries(headersForPath(parseHeadersFile(text ?? ''), urlPath))) {
    if (!leftOut.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  }
  return headers
}

/** What preview sent at `urlPath` beyond its own headers; a page's policy without the reload client's hash. */
async function fromPreview(
  origin: string,
  urlPath: string,
  hostPolicy?: string,
): Promise<{ headers: Record<string, string>; cache: string | null }> {
  const response = await fetch(origin + urlPath)
  expect(response.status, urlPath).toBe(200)
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!ownHeaders.has(name)) headers[name] = value
  })
  const policy = headers['content-security-policy']
  if (policy)
    headers['content-security-policy'] = policy.replace(/ '(sha256-[^']+)'/g, (token) => (hostPolicy?.includes(token.trim()) ? token : ''))
  return { headers, cache: response.headers.get('cache-control') }
}

describe('preview sends the headers the host file gives', () => {
  let preview: StartedPreview | undefined
  afterAll(async () => preview?.close())

  for (const host of ['netlify', 'cloudflare-pages', 'github-pages', 'static'] as const) {
    it(`on ${host}, for a page, an SVG image and a content-named asset of a site under a sub-path`, async () => {
      await preview?.close()
      await writeFile(path.join(site, 'site.yaml'), `${yaml}host: ${host}\n`)
      preview = await startOn(site)
      const state = preview.session.state
      if (state.kind !== 'ok') throw new Error(`the site did not build: ${String(state.kind === 'failed' ? state.error : state.kind)}`)
      const files = [...state.build.files.keys()]
      const svg = files.find((f) => /^assets\/images\/logo-[0-9a-f]+\.svg$/.test(f))
      const share = files.find((f) => /^assets\/share\/.+-[0-9a-f]{12}\.jpg$/.test(f))
      expect([svg, share]).not.toContain(undefined)
      const origin = new URL(preview.url).origin
      expect(preview.url).toBe(`${origin}/x/`)
      for (const urlPath of ['/x/', `/x/${svg}`, `/x/${share}`]) {
        const host = fromHost(preview, urlPath)
        const sent = await fromPreview(origin, urlPath, host['content-security-policy'])
        expect(sent.headers, urlPath).toEqual(host)
      }
      // The host's image policy, on top of the site's, where the host reads _headers.
      const svgPolicy = fromHost(preview, `/x/${svg}`)['content-security-policy']
      if (host === 'netlify' || host === 'cloudflare-pages') expect(svgPolicy).toMatch(/, default-src 'none'; style-src 'unsafe-inline'$/)
      else expect(svgPolicy).toBeUndefined()
      // A share image is named by its content (12 hex digits): kept by the browser as the host lets it.
      expect((await fromPreview(origin, `/x/${share}`)).cache).toBe('public, max-age=31536000, immutable')
      // The fonts the page preloads are the ones its stylesheet names, and preview serves them under the base.
      const html = await (await fetch(`${origin}/x/`)).text()
      const named = [...html.matchAll(/url\("?([^")]+\.woff2)"?\)/g)].map((m) => m[1]!)
      const preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+\.woff2)"/g)].map((m) => m[1]!)
      expect(preloaded.length).toBeGreaterThan(0)
      for (const url of preloaded) expect(named).toContain(url)
      for (const url of new Set(named)) expect((await fetch(origin + url)).status, url).toBe(200)
    }, 60_000)
  }
})
