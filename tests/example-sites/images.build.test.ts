import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatConfigError } from '../../src/errors/format.js'
import { normalize, siteFrom, tempDir } from '../helpers/site.js'
import { attribute, buildErrors, buildInMemory, writePhoto } from './helpers.js'

// Responsive, cached, never-shifting images.
const home = [
  'path: /',
  'title: Tidy offices',
  'sections:',
  '  - type: hero',
  '    title: Clean offices, every night',
  '    image: images/office.jpg',
  '    imageAlt: A clean office',
  '  - type: text',
  '    heading: Our team',
  '    body: Friendly people.',
  '    image: images/team.jpg',
  '    imageAlt: The team',
  '  - type: text',
  '    heading: Our van',
  '    body: It is blue.',
  '    image: https://cdn.example.com/van.jpg',
  '    imageAlt: The van',
  '',
].join('\n')

async function photoSite(): Promise<string> {
  const site = await siteFrom('minimal', { 'pages/home.yaml': home })
  await writePhoto(site, 'images/office.jpg', { width: 1200, height: 800 })
  await writePhoto(site, 'images/team.jpg', { width: 600, height: 400 })
  return site
}

/** A site with two photos, built once: its image cache then holds every variant. */
let site: string
let built: Awaited<ReturnType<typeof buildInMemory>>
beforeAll(async () => {
  site = await photoSite()
  built = await buildInMemory(site)
})

/** A copy of the built site with its image cache, as a site is after its first build. */
async function copyOfBuilt(): Promise<string> {
  const copy = path.join(await tempDir(), 'site')
  await cp(site, copy, { recursive: true })
  return copy
}

describe('images', () => {
  it('are encoded as AVIF, WebP and JPEG at every responsive width up to the source width', () => {
    const written = built.result.files
      .map((f) => f.path)
      .filter((p) => p.startsWith('assets/images/office-'))
      .map((p) => p.replace(/-[0-9a-f]{10}-/, '-#-'))
      .sort()
    expect(written).toEqual(
      ['avif', 'jpg', 'webp'].flatMap((ext) => [480, 768, 1024, 1200].map((w) => `assets/images/office-#-${w}.${ext}`)).sort(),
    )
    const team = built.result.files
      .filter((f) => f.path.startsWith('assets/images/team-'))
      .map((f) => f.path.replace(/^.*-(\d+)\.(\w+)$/, '$1.$2'))
      .sort()
    expect(team).toEqual(['480.avif', '480.jpg', '480.webp', '600.avif', '600.jpg', '600.webp'])
  })

  it('are shown as <picture> with srcset, sizes, width and height, so nothing shifts while they load', () => {
    const html = built.page('/')
    const picture = [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map((m) => m[0]).find((p) => p.includes('alt="The team"'))!
    expect(picture).toMatch(
      /<source type="image\/avif" srcSet="\/assets\/images\/team-[0-9a-f]{10}-480\.avif 480w, \/assets\/images\/team-[0-9a-f]{10}-600\.avif 600w" sizes="[^"]+"\/>/,
    )
    expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*-600\.webp 600w" sizes="[^"]+"\/>/)
    expect(attribute(picture, /<img [^>]*>/, 'width')).toBe('600')
    expect(attribute(picture, /<img [^>]*>/, 'height')).toBe('400')
    expect(attribute(picture, /<img [^>]*>/, 'srcSet')).toMatch(/-480\.jpg 480w, .*-600\.jpg 600w$/)
    expect(attribute(picture, /<img [^>]*>/, 'loading')).toBe('lazy')
  })

  it('load lazily, except the hero image, which is fetched early with high priority and preloaded from the head', () => {
    const html = built.page('/')
    const hero = /<img [^>]*alt="A clean office"[^>]*>/.exec(html)![0]
    expect(hero).toContain('fetchPriority="high"')
    expect(hero).not.toContain('loading=')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(attribute(head, /<link rel="preload" as="image"[^>]*office[^>]*>/, 'imageSrcSet')).toMatch(
      /office-[0-9a-f]{10}-480\.avif 480w,.*-1200\.avif 1200w$/,
    )
    expect(attribute(head, /<link rel="preload" as="image"[^>]*office[^>]*>/, 'fetchPriority')).toBe('high')
    expect(html.slice(html.indexOf('<body'))).not.toMatch(/<link rel="preload"/)
  })

  it('pass remote URLs through untouched', () => {
    expect(built.page('/')).toMatch(/<img src="https:\/\/cdn\.example\.com\/van\.jpg" alt="The van"[^>]* loading="lazy"/)
  })

  it('are not encoded again by a second build when nothing changed, and keep their bytes', async () => {
    const cold = built.result.images
    // Two photos (12 and 6 variants) and the share images of the five pages without a photo.
    expect(cold.encoded).toBe(12 + 6 + 5)
    const warm = await buildInMemory(site)
    expect(warm.result.images).toEqual({ encoded: 0, reused: 23 })
    const bytes = (files: typeof warm.result.files) =>
      files
        .filter((f) => f.path.startsWith('assets/images/'))
        .map((f) => [f.path, Buffer.from(f.contents).toString('base64')])
        .sort()
    expect(bytes(warm.result.files)).toEqual(bytes(built.result.files))
    expect((await readdir(path.join(site, '.citypress/cache/images'))).length).toBe(23)
  })

  it('are encoded again only for the image that changed, under a new URL', async () => {
    const changed = await copyOfBuilt()
    await writePhoto(changed, 'images/team.jpg', { width: 700, height: 400 })
    const second = await buildInMemory(changed)
    expect(second.result.images).toEqual({ encoded: 6, reused: 12 + 5 })
    const teamUrl = (html: string) => /team-([0-9a-f]{10})-/.exec(html)![1]
    expect(teamUrl(second.page('/'))).not.toBe(teamUrl(built.page('/')))
    // The replaced image's old variants are pruned from the cache.
    expect((await readdir(path.join(changed, '.citypress/cache/images'))).filter((n) => n.startsWith('team-'))).toHaveLength(6)
  })
})

describe('an image that cannot be used', () => {
  it('fails the build at the YAML line that references a missing file', async () => {
    const site = await siteFrom('minimal', { 'pages/home.yaml': home })
    await writePhoto(site, 'images/office.jpg', { width: 800, height: 600 })
    const [error] = await buildErrors(site)
    expect(
      normalize(formatConfigError(error!, { color: false }))
        .replace(/<tmp>\/site\//g, '')
        .split('\n')
        .slice(0, 4),
    ).toEqual([
      'error[file-not-found]: The image "images/team.jpg" does not exist.',
      '  --> pages/home.yaml:11:12',
      '   |',
      '11 |     image: images/team.jpg',
    ])
  })

  it('fails the build at the YAML line that references a file that is not an image', async () => {
    const site = await siteFrom('minimal', { 'pages/home.yaml': home, 'images/team.jpg': 'not a picture\n' })
    await writePhoto(site, 'images/office.jpg', { width: 800, height: 600 })
    const [error] = await buildErrors(site)
    expect(error).toMatchObject({ code: 'bad-image', line: 11, lineText: '    image: images/team.jpg' })
  })

  it('fails the build at the YAML line that references a truncated photo, which only encoding reveals', async () => {
    // The other photo's variants come from the cache; the truncated one is new, so it is encoded.
    const damaged = await copyOfBuilt()
    const whole = await readFile(path.join(damaged, 'images/team.jpg'))
    await writeFile(path.join(damaged, 'images/team.jpg'), whole.subarray(0, Math.floor(whole.length / 2)))
    const errors = await buildErrors(damaged)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ code: 'bad-image', line: 11, column: 12, lineText: '    image: images/team.jpg' })
    expect(errors[0]!.message).toMatch(/^The image "images\/team\.jpg" cannot be decoded; the file is damaged or not an image/)
  })
})
