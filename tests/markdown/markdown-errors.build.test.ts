import { beforeAll, describe, expect, it } from 'vitest'
import type { ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { buildInMemory, writePhoto } from '../example-sites/helpers.js'
import { normalize, siteFrom, validationErrors } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// A Markdown body's images and links are checked where they are written, at the .md file's own
// line and column (front matter included in the count).
const frontMatter = '---\ntitle: Spring checklist\ndate: 2026-03-01\nexcerpt: What to do before the busy season.\n---\n'

async function problems(files: Record<string, string>): Promise<ConfigError[]> {
  const dir = await siteFrom('minimal', files)
  await writePhoto(dir, 'images/team.jpg', { width: 900, height: 600 })
  return validationErrors(dir)
}

const where = (e: ConfigError) => `${normalize(e.file).replace(/^<tmp>\/site\//, '')}:${e.line}:${e.column}`
const printed = (e: ConfigError) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, '')

describe('Markdown images and links', () => {
  beforeAll(() => warmFixture('minimal'))

  it('reports a missing image and an image without alt text at their own line and column', async () => {
    const errors = await problems({
      'blog/spring.md': `${frontMatter}\nIntro with ![The team](team.jpg) inline.\n\n![Our van](images/van.jpg)\n\n![](images/team.jpg)\n`,
    })
    expect(errors.map((e) => `${e.code} ${where(e)}`)).toEqual(['file-not-found blog/spring.md:9:12', 'missing-alt blog/spring.md:11:5'])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[file-not-found]: The image images/van.jpg does not exist, so the page would show a broken image.
        --> blog/spring.md:9:12
        |
      9 | ![Our van](images/van.jpg)
        |            ^^^^^^^^^^^^^^
      hint: Looked for blog/images/van.jpg, images/van.jpg in the site folder. Put the file in images/ and write its name, e.g. images/team.jpg."
    `)
  })

  it('reports a link to an address no page has at its own line and column, with the nearest address', async () => {
    const errors = await problems({ 'blog/spring.md': `${frontMatter}\nSee [our prices](/contcat) or [the contact page](/contact).\n` })
    expect(errors.map((e) => `${e.code} ${where(e)}`)).toEqual(['broken-link blog/spring.md:7:18'])
    expect(errors[0]!.hint).toBe('Did you mean "/contact"?')
  })

  it("resolves relative links against the page's address: a broken one is an error at its line, a good one passes", async () => {
    const errors = await problems({
      'blog/spring.md': `${frontMatter}\nSee [prices](contact), [the list](./missing-page) and [home](../nope).\n\nOr [contact us](../contact) and [autumn](autumn?from=spring#top).\n`,
      'blog/autumn.md': frontMatter.replace('Spring checklist', 'Autumn checklist'),
      'pages/about.md': '---\ntitle: About\n---\n\nWrite to [us](contact) or see [the blog](blog/spring).\n',
    })
    expect(errors.map((e) => `${e.code} ${where(e)}`)).toEqual([
      'broken-link blog/spring.md:7:14',
      'broken-link blog/spring.md:7:35',
      'broken-link blog/spring.md:7:62',
    ])
    expect(errors.map((e) => e.message)).toEqual([
      'The relative link contact on the page /blog/spring leads to /blog/contact, and no page of this site has that address.',
      'The relative link ./missing-page on the page /blog/spring leads to /blog/missing-page, and no page of this site has that address.',
      'The relative link ../nope on the page /blog/spring leads to /nope, and no page of this site has that address.',
    ])
    expect(errors[0]!.hint).toMatch(/^Did you mean "\/contact"\? A relative link is resolved against the address of the page it is on/)
  })

  it('reports a #fragment link to a heading the post does not have, with the nearest heading', async () => {
    const [error, ...rest] = await problems({
      'blog/spring.md': `${frontMatter}\n## Before you start\n\nRead [the first step](#before-you-strat).\n`,
    })
    expect(rest).toEqual([])
    expect(error!.code).toBe('broken-link')
    expect(where(error!)).toBe('blog/spring.md:9:23')
    expect(error!.hint).toBe('Did you mean "#before-you-start"?')
  })

  it('reports an embed of an unknown provider at its line, with the nearest provider', async () => {
    const errors = await problems({ 'blog/spring.md': `${frontMatter}\nWatch this:\n\n::: youtub M7lc1UVf-VE\nA tour\n:::\n` })
    expect(errors.map((e) => `${e.code} ${where(e)}`)).toEqual(['unknown-embed blog/spring.md:9:1'])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[unknown-embed]: There is no embed provider "youtub", so this block cannot be shown.
        --> blog/spring.md:9:1
        |
      9 | ::: youtub M7lc1UVf-VE
        | ^^^^^^^^^^^^^^^^^^^^^^
      hint: Did you mean "youtube"? Write \`::: youtube\` and a YouTube video id (the 11 characters after watch?v=) or its address, with an optional start time (t=90 or start=90); or \`::: vimeo\` and a Vimeo video number (the digits after vimeo.com/); or \`::: map\` and an address or place to show on Google Maps, or a Google Maps address (google.com/maps/…; a maps.app.goo.gl short link cannot be embedded)."
    `)
  })

  it('checks the images and links of a Markdown field in YAML at their line in the YAML file', async () => {
    const errors = await problems({
      'pages/contact.yaml':
        'path: /contact\ntitle: Contact\nsections:\n  - type: text\n    body: |\n      Write to us.\n\n      ![Our desk](desk.jpg) and [prices](/contcat).\n',
    })
    expect(errors.map((e) => `${e.code} ${where(e)}`)).toEqual([
      'file-not-found pages/contact.yaml:8:19',
      'broken-link pages/contact.yaml:8:42',
    ])
  })

  it('renders an image of a Markdown field in YAML through the image pipeline', async () => {
    const dir = await warmSiteFrom('minimal', {
      'pages/contact.yaml':
        'path: /contact\ntitle: Contact\nsections:\n  - type: text\n    body: |\n      Write to us.\n\n      ![The team](team.jpg)\n',
    })
    await writePhoto(dir, 'images/team.jpg', { width: 900, height: 600 })
    const { page } = await buildInMemory(dir)
    expect(page('/contact')).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/team-\w+-480\.avif[^"]*"[^>]*>.*alt="The team" width="900" height="600" loading="lazy"/,
    )
  })

  it('renders a relative image as an optimised picture with its size, lazy, and a titled one as a figure', async () => {
    const dir = await warmSiteFrom('minimal', {
      'blog/spring.md': `${frontMatter}\n![The team](team.jpg)\n\n![The team again](../images/team.jpg "Our crew on a Monday")\n`,
    })
    await writePhoto(dir, 'images/team.jpg', { width: 900, height: 600 })
    const { page } = await buildInMemory(dir)
    const body = page('/blog/spring').split('class="prose post-body"')[1]!
    const pictures = [...body.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map((m) => m[0])
    expect(pictures).toHaveLength(2)
    expect(pictures[0]).toMatch(
      /^<picture><source type="image\/avif" srcset="\/assets\/images\/team-\w+-480\.avif 480w, \/assets\/images\/team-\w+-768\.avif 768w, \/assets\/images\/team-\w+-900\.avif 900w" sizes="[^"]+"><source type="image\/webp" [^>]+><img src="\/assets\/images\/team-\w+-900\.jpg" srcset="[^"]+" sizes="[^"]+" alt="The team" width="900" height="600" loading="lazy" decoding="async"><\/picture>$/,
    )
    expect(body).toContain('<p><picture>')
    expect(body).toMatch(/<figure class="md-figure"><picture>[\s\S]*?<\/picture><figcaption>Our crew on a Monday<\/figcaption><\/figure>/)
  })
})
