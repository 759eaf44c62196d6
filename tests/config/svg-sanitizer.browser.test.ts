import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { JSDOM } from 'jsdom'
import type { Browser } from 'playwright'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeSvg, sanitizeSvg, svgDeclaration } from '../../src/config/checks/sanitize-svg.js'
import { launchChromium } from '../helpers/browser.js'
import { legitimateSvg, svgPayloads } from './svg-corpus.js'

const svgNamespace = 'http://www.w3.org/2000/svg'

/**
 * What a published SVG may hold, written here rather than read from the sanitizer, so a change to
 * its configuration that lets more through fails this test.
 */
const allowedElements = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'a',
  'switch',
  'view',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feMerge',
  'feMergeNode',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feImage',
])
const allowedAttributes = new Set([
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'style',
  'transform',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'viewBox',
  'preserveAspectRatio',
  'fill',
  'stroke',
  'stroke-width',
  'opacity',
  'offset',
  'stop-color',
  'gradientUnits',
  'clip-path',
  'filter',
  'mask',
  'in',
  'result',
  'stdDeviation',
  'dx',
  'dy',
  'font-family',
  'font-size',
  'text-anchor',
  'href',
  'xlink:href',
])

/** Every element and attribute of a sanitized SVG that is outside the lists above, or a link out of the file. */
function outsideAllowList(svg: string): string[] {
  const document = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document
  const found: string[] = []
  for (const element of [document.documentElement, ...document.documentElement.querySelectorAll('*')]) {
    if (element.namespaceURI !== svgNamespace || !allowedElements.has(element.tagName))
      found.push(`<${element.tagName}> (${element.namespaceURI})`)
    for (const attribute of element.attributes) {
      if (!allowedAttributes.has(attribute.name)) found.push(`${element.tagName} ${attribute.name}`)
      if (/href$/.test(attribute.name) && element.tagName === 'use' && !attribute.value.startsWith('#'))
        found.push(`use ${attribute.name}=${attribute.value}`)
      if (/script:|^\s*data:text/i.test(attribute.value.replace(/\s/g, '')))
        found.push(`${element.tagName} ${attribute.name}=${attribute.value}`)
    }
  }
  return found
}

/** Each payload of the corpus as the sanitizer publishes it, by name: what both halves below examine. */
const clean = new Map<string, string>()
beforeAll(async () => {
  for (const { name, svg } of svgPayloads) clean.set(name, await sanitizeSvg(svg))
})

describe('the SVG sanitizer', () => {
  it('keeps no element or attribute outside the allow-list, whatever the payload', () => {
    const outside = Object.fromEntries(
      [...clean].map(([name, svg]) => [name, svg ? outsideAllowList(svg) : []]).filter(([, found]) => found!.length > 0),
    )
    expect(outside).toEqual({})
    // Each payload still leaves its drawing (or nothing): the sanitizer did not just give up.
    expect([...clean.values()].filter((svg) => svg === '')).toEqual([])
  })

  it('changes nothing when run on its own output, and sharp draws every result', async () => {
    for (const [name, svg] of clean) {
      expect(await sanitizeSvg(svg), name).toBe(svg)
      const png = await sharp(Buffer.from(svg)).png().toBuffer()
      expect((await sharp(png).metadata()).format, name).toBe('png')
    }
  })

  it('keeps a drawing as editors export it whole: mixed-case names, gradients, filters, local <use>', async () => {
    const svg = await sanitizeSvg(legitimateSvg)
    expect(outsideAllowList(svg)).toEqual([])
    for (const kept of [
      'viewBox="0 0 120 60"',
      'preserveAspectRatio=',
      '<linearGradient',
      'gradientUnits=',
      '<clipPath',
      '<feGaussianBlur',
      'stdDeviation=',
      '<feMergeNode',
      '<use href="#leaf"',
      'xlink:href="#leaf"',
      '<title>Greenway Lawn</title>',
      '>Greenway</text>',
    ]) {
      expect(svg).toContain(kept)
    }
    expect(svg.startsWith('<svg')).toBe(true)
    expect(await sanitizeSvg(svg)).toBe(svg)
  })

  it('reads a UTF-16 SVG with its byte order mark, and publishes it as UTF-8 without its script', async () => {
    const text = `<?xml version="1.0" encoding="UTF-16"?><svg xmlns="${svgNamespace}"><script>alert(1)</script><text>Café</text></svg>`
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const be = Buffer.from(le).swap16()
    for (const bytes of [le, be]) {
      const svg = await sanitizeSvg(decodeSvg(bytes))
      expect(svg).toBe(`<svg xmlns="${svgNamespace}"><text>Café</text></svg>`)
    }
  })

  it('leaves a DTD to be refused before parsing: a <!DOCTYPE>, and an entity that would expand into a script', () => {
    expect(
      svgDeclaration(`<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg xmlns="${svgNamespace}">&x;</svg>`),
    ).toBe('<!ENTITY')
    expect(
      svgDeclaration(
        `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="${svgNamespace}"/>`,
      ),
    ).toBe('<!DOCTYPE')
    expect(svgDeclaration(legitimateSvg)).toBeUndefined()
  })

  it('gives nothing for text that is not an SVG drawing: not well-formed, or without the SVG namespace', async () => {
    expect(await sanitizeSvg(`<svg xmlns="${svgNamespace}"><rect`)).toBe('')
    expect(await sanitizeSvg('<svg viewBox="0 0 1 1"><rect/></svg>')).toBe('')
    expect(await sanitizeSvg(`<h:html xmlns:h="http://www.w3.org/1999/xhtml"><svg xmlns="${svgNamespace}"/></h:html>`)).toBe('')
  })
})

describe('each sanitized SVG opened in Chromium as a page of its own', () => {
  let browser: Browser
  let server: Server
  let origin: string
  const files = new Map<string, string>()
  beforeAll(async () => {
    server = createServer((request, response) => {
      const body = files.get(decodeURIComponent(request.url!.slice(1)))
      // As a static host without a CSP serves it (github-pages): nothing but the sanitizer protects it.
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'image/svg+xml' }).end(body ?? '')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    server?.close()
  })

  /** Opens each file in one tab, clicks every link in it, and returns the payloads that ran (by file). */
  async function payloadsThatRan(named: ReadonlyMap<string, string>): Promise<Record<string, string[]>> {
    const page = await browser.newPage()
    const ran: Record<string, string[]> = {}
    let dialogs: string[] = []
    page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()))
    try {
      for (const [name, svg] of named) {
        files.set(name, svg)
        dialogs = []
        await page.goto(`${origin}/${encodeURIComponent(name)}`, { waitUntil: 'load' })
        // SMIL begins and image errors come after load; a click runs a link's javascript: URL.
        await page.waitForTimeout(100)
        await page.evaluate(() => {
          for (const a of document.querySelectorAll('a')) a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
        })
        await page.waitForTimeout(30)
        const pwned = await page.evaluate(() => (window as { __pwned?: string[] }).__pwned ?? []).catch(() => ['(page navigated away)'])
        // A file Chromium could not parse shows an error page, where nothing runs either: not a pass.
        const isDrawing = await page.evaluate(
          () => document.documentElement.namespaceURI === 'http://www.w3.org/2000/svg' && !document.querySelector('parsererror'),
        )
        if (!isDrawing) pwned.push('(not drawn as an SVG)')
        if (pwned.length + dialogs.length > 0) ran[name] = [...pwned, ...dialogs]
      }
    } finally {
      await page.close()
    }
    return ran
  }

  it('runs no script, while the raw payloads marked live do run (the harness sees a script that runs)', async () => {
    const raw = new Map(svgPayloads.filter((p) => p.live).map((p) => [`raw ${p.name}`, p.svg]))
    const sanitized = new Map([...clean].map(([name, svg]) => [`clean ${name}`, svg] as const))
    const ran = await payloadsThatRan(new Map([...raw, ...sanitized]))
    expect(Object.keys(ran).filter((name) => name.startsWith('clean '))).toEqual([])
    expect([...raw.keys()].filter((name) => !ran[name])).toEqual([])
  }, 60_000)
})
