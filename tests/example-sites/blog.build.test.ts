import { cp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../src/config/messages/en.js'
import { formatMessage } from '../../src/config/messages/messages.js'
import { renderPostBody } from '../../templates/components/markdown-html.js'
import type { SiteText } from '../../templates/context.js'
import { tempDir } from '../helpers/site.js'
import { type BuiltSite, buildSite, outline, system4 } from './build-system4.js'
import { find, findAll, text, texts } from './html.js'

// The blog (its table of contents and share button) and what a marketer changes in YAML alone.
let site: BuiltSite
let variant: BuiltSite
beforeAll(async () => {
  site = await buildSite()
  // The same site with two posts per listing page and a service page whose sections were
  // reordered and trimmed in site.yaml: no template changes.
  const dir = path.join(await tempDir(), 'system4')
  await cp(system4, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  const siteYaml = await readFile(path.join(dir, 'site.yaml'), 'utf8')
  await writeFile(
    path.join(dir, 'site.yaml'),
    siteYaml.replace(/perPage: \d+/, 'perPage: 2').replace(/^servicePage:\n/m, 'servicePage:\n  order: [hero, faq, services, cta]\n'),
  )
  variant = await buildSite(dir)
})

describe('blog', () => {
  it('lists at least three posts, newest first', () => {
    const dates = findAll(site.main('/blog'), '.post-card time').map((t) => t.attrs.datetime!)
    expect(dates.length).toBeGreaterThanOrEqual(3)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('paginates past blog.perPage, linking newer and older pages', () => {
    expect(findAll(variant.main('/blog'), '.post-card')).toHaveLength(2)
    expect(findAll(variant.main('/blog/page/2'), '.post-card')).toHaveLength(2)
    expect(find(variant.main('/blog'), 'a[rel=next]').attrs.href).toBe('/blog/page/2')
    expect(find(variant.main('/blog/page/2'), 'a[rel=prev]').attrs.href).toBe('/blog')
  })

  it('gives every post a table of contents whose links reach its h2–h4 headings, and a share button', () => {
    const urls = findAll(site.main('/blog'), '.post-card-title a').map((a) => a.attrs.href!)
    for (const url of urls) {
      const main = site.main(url)
      const ids = findAll(main, '.post-body h2, .post-body h3, .post-body h4').map((h) => h.attrs.id!)
      expect(ids.length, url).toBeGreaterThanOrEqual(5)
      expect(new Set(ids).size, url).toBe(ids.length)
      expect(
        findAll(main, 'nav[data-widget=toc] a').map((a) => a.attrs.href),
        url,
      ).toEqual(ids.map((id) => `#${id}`))
      const share = find(main, 'button[data-widget=share]')
      expect(share.attrs['data-title']).toBe(text(find(main, 'h1')))
      expect(share.attrs['data-url']).toMatch(new RegExp(`^https://.+${url}$`))
    }
  })

  it('publishes posts of 600 to 1000 words', () => {
    for (const url of findAll(site.main('/blog'), '.post-card-title a').map((a) => a.attrs.href!)) {
      const words = text(find(site.main(url), '.post-body')).split(' ').length
      expect(words, url).toBeGreaterThanOrEqual(600)
      expect(words, url).toBeLessThanOrEqual(1000)
    }
  })
})

const english: SiteText = (key, values) => formatMessage(en, 'en', key, values)

describe('renderPostBody', () => {
  it('gives h2–h4 unique slug ids and lists them with their levels', () => {
    const { html, headings } = renderPostBody(
      '# Title\n\n## Why it matters\n\n### Step 1: Plan\n\n## Why it matters\n\n#### Notes & tips\n\n##### Too deep\n',
      { text: english },
    )
    expect(headings).toEqual([
      { id: 'why-it-matters', text: 'Why it matters', level: 2 },
      { id: 'step-1-plan', text: 'Step 1: Plan', level: 3 },
      { id: 'why-it-matters-2', text: 'Why it matters', level: 2 },
      { id: 'notes-tips', text: 'Notes & tips', level: 4 },
    ])
    expect(html).toContain('<h2 id="why-it-matters-2">')
    expect(html).not.toContain('<h1 id=')
  })

  it('returns no headings for a post without any, so the table of contents is left out', () => {
    expect(renderPostBody('Just a paragraph.', { text: english }).headings).toEqual([])
  })
})

describe('pages are composed in YAML', () => {
  it('reorders and drops service-page sections from site.yaml servicePage.order', () => {
    expect(outline(variant.main('/services/floor-care'))).toEqual(['hero', 'faq', 'services', 'cta'])
    expect(texts(variant.main('/services/floor-care'), 'h2')[0]).toMatch(/Frequently Asked Questions/)
  })
})
