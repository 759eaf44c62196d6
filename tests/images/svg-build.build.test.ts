import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { sanitizeSvg } from '../../src/config/checks/sanitize-svg.js'
import { headersForPath, parseHeadersFile } from '../../src/output/hosts/read-headers.js'
import { fixture, siteFrom } from '../helpers/site.js'

// The sanitized bytes are the only SVG bytes that reach the output, sharp, the
// favicon and the share image's logo.

/**
 * Adds to an SVG what the sanitizer removes but a renderer would draw: a red square inside a
 * prefixed group (with a script and an onload beside it). Drawn from the raw file, the icon and
 * the logo turn red; drawn from the sanitized text, they keep their colours.
 */
const tainted = (svg: string, size: string) =>
  svg
    .replace('<svg ', '<svg onload="alert(1)" ')
    .replace('</svg>', `<s:g xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script><rect ${size} fill="#ff0000"/></s:g></svg>`)

const post =
  '---\ntitle: Our new badge\ndate: 2026-03-01\nexcerpt: We are certified.\n---\n\nHere it is:\n\n![Certified arborist badge](images/badge.svg)\n'

let files: Record<string, string>
let output: (name: string) => Uint8Array | undefined
let names: string[]

beforeAll(async () => {
  const raw = (name: string) => readFile(path.join(fixture('brand'), 'images', name), 'utf8')
  files = {
    'images/icon.svg': tainted(await raw('icon.svg'), 'width="512" height="512"'),
    'images/logo-white.svg': tainted(await raw('logo-white.svg'), 'width="360" height="88"'),
    'images/badge.svg': tainted(await raw('logo.svg'), 'width="360" height="88"'),
    'blog/our-badge.md': post,
  }
  const result = await build({ site: await siteFrom('brand', files), write: false, cacheDir: false, imageCacheDir: false })
  names = result.files.map((f) => f.path)
  output = (name) => {
    const contents = result.files.find((f) => f.path === name)?.contents
    return typeof contents === 'string' ? Buffer.from(contents) : contents
  }
})

const text = (name: string) => Buffer.from(output(name)!).toString('utf8')
const only = (pattern: RegExp) => {
  const found = names.filter((n) => pattern.test(n))
  expect(found).toHaveLength(1)
  return found[0]!
}
/** The pixel at (x, y) is the red square's: the raw SVG was drawn. */
async function isRed(image: Uint8Array, x: number, y: number): Promise<boolean> {
  const [r, g, b] = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer()
  return r! > 200 && g! < 80 && b! < 80
}
/** The colour at (x, y) as `#rrggbb`, or 'transparent'. */
async function colourAt(image: Uint8Array, x: number, y: number): Promise<string> {
  const [r, g, b, a] = await sharp(image).ensureAlpha().extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer()
  return a === 0 ? 'transparent' : `#${[r!, g!, b!].map((c) => c.toString(16).padStart(2, '0')).join('')}`
}
/** Whether two `#rrggbb` colours differ by at most `tolerance` in each channel (JPEG shifts a colour a little). */
function isNear(colour: string, expected: string, tolerance = 12): boolean {
  if (!colour.startsWith('#')) return false
  return [1, 3, 5].every((i) => Math.abs(parseInt(colour.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= tolerance)
}

describe('a site whose SVGs carry scripts', () => {
  it("publishes the post's SVG and the favicon exactly as the sanitizer left them", async () => {
    expect(text(only(/^assets\/images\/badge-[0-9a-f]{10}\.svg$/))).toBe(await sanitizeSvg(files['images/badge.svg']!))
    expect(text(only(/^assets\/icons\/favicon-[0-9a-f]{10}\.svg$/))).toBe(await sanitizeSvg(files['images/icon.svg']!))
    for (const svg of names.filter((n) => n.endsWith('.svg'))) {
      expect(text(svg), svg).not.toMatch(/script|onload|#ff0000/)
    }
  })

  it("draws the touch icon, the manifest icons and the share image's logo from the sanitized text", async () => {
    // The icon is a green rounded square (#1f6f43) with a white arrow; the raw file's red square covers it.
    const touch = output(only(/^assets\/icons\/apple-touch-icon-/))!
    expect(await isRed(touch, 90, 30)).toBe(false)
    // 180 px on white: the square's corner, the arrow, and the white margin outside the square.
    expect([await colourAt(touch, 20, 20), await colourAt(touch, 90, 90), await colourAt(touch, 5, 5)]).toEqual([
      '#1f6f43',
      '#ffffff',
      '#ffffff',
    ])
    const icon = output(only(/^assets\/icons\/icon-512-/))!
    expect(await isRed(icon, 256, 30)).toBe(false)
    // 512 px, nothing behind it: the square, the arrow, and the see-through corner the rounding leaves.
    expect([await colourAt(icon, 90, 30), await colourAt(icon, 256, 256), await colourAt(icon, 5, 5)]).toEqual([
      '#1f6f43',
      '#ffffff',
      'transparent',
    ])
    // The dark background's logo (logo-white.svg) sits 72 px tall at (72, 64): its circle is white,
    // the arrow inside it and the background beside it dark green; the raw file's square red.
    const share = output(only(/^assets\/share\/blog-our-badge-[0-9a-f]{12}\.jpg$/))!
    expect(await isRed(share, 82, 100)).toBe(false)
    expect(await isRed(share, 300, 70)).toBe(false)
    const [circle, arrow, beside] = [await colourAt(share, 82, 100), await colourAt(share, 108, 100), await colourAt(share, 60, 100)]
    expect(isNear(circle, '#ffffff'), `circle ${circle}`).toBe(true)
    expect(isNear(arrow, '#14532d'), `arrow ${arrow}`).toBe(true)
    expect(isNear(beside, '#14532d'), `beside ${beside}`).toBe(true)
  })

  it('serves images on Netlify and Cloudflare with a policy that lets them run nothing', () => {
    const rules = parseHeadersFile(text('_headers'))
    expect(headersForPath(rules, '/assets/images/badge-0123456789.svg')['Content-Security-Policy']).toContain(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(headersForPath(rules, '/assets/icons/favicon-0123456789.svg')['Content-Security-Policy']).toContain(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(headersForPath(rules, '/contact')['Content-Security-Policy']).not.toContain("default-src 'none'")
  })
})
