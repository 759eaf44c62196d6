import { describe, expect, it } from 'vitest'
import { type BuildResult, build } from '../../src/build/index.js'
import { siteFrom } from '../helpers/site.js'

// A page, post or service whose title is complete as written keeps it; the
// breadcrumbs name a page by its short name, not by its whole <title>.
const text = (result: BuildResult, file: string) => String(result.files.find((f) => f.path === file)?.contents)
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1]
function crumbs(html: string): string[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as { '@graph': { '@type': string; itemListElement?: { name: string }[] }[] },
  )
  const list = blocks.flatMap((b) => b['@graph']).find((thing) => thing['@type'] === 'BreadcrumbList')
  return list?.itemListElement?.map((item) => item.name) ?? []
}

async function buildWith(files: Record<string, string>): Promise<BuildResult> {
  return build({ site: await siteFrom('widgets', files), write: false, cacheDir: false })
}

describe('titles', () => {
  it('applies titleTemplate everywhere but on the page, service and post that opt out', async () => {
    const result = await buildWith({
      'pages/plain.yaml':
        'path: /plain\ntitle: Tidy Co – plain talk about clean offices\ntitleTemplate: false\nsections:\n  - { type: text, heading: Plain, body: Words. }\n',
      'services/window-washing.yaml':
        'title: Window Washing\ntitleTemplate: false\nsubtitle: Glass.\ndescription: Window washing inside and out.\n',
      'blog/short-note.md': '---\ntitle: Tidy Co notes\ntitleTemplate: false\ndate: 2025-02-01\nexcerpt: A note.\n---\n\nText.\n',
    })
    expect(titleOf(text(result, 'plain.html'))).toBe('Tidy Co – plain talk about clean offices')
    expect(titleOf(text(result, 'services/window-washing.html'))).toBe('Window Washing')
    expect(titleOf(text(result, 'blog/short-note.html'))).toBe('Tidy Co notes')
    expect(titleOf(text(result, 'about.html'))).toBe('About | Tidy Co')
    expect(titleOf(text(result, 'blog.html'))).toBe('Blog | Tidy Co')
    expect(titleOf(text(result, 'services/office-cleaning.html'))).toBe('Office Cleaning | Tidy Co')
  })

  it('names each breadcrumb by shortTitle, else the menu label, else the hero heading, never by the whole title', async () => {
    const result = await buildWith({
      'pages/plain.yaml':
        'path: /plain\ntitle: Plain talk about clean offices in Springfield and around\nshortTitle: Plain talk\nsections:\n  - { type: text, heading: Plain, body: Words. }\n',
      'pages/about.yaml':
        'path: /about\ntitle: About Tidy Co, office cleaners since 2001\nsections:\n  - { type: hero, title: About us, height: auto }\n',
      'pages/contact.yaml':
        'path: /contact\ntitle: Contact Tidy Co for a free quote today\nsections:\n  - { type: hero, title: Write to us, height: auto }\n',
      'services/window-washing.yaml':
        'title: Window Washing\nshortTitle: Windows\nsubtitle: Glass.\ndescription: Window washing inside and out.\n',
    })
    expect(crumbs(text(result, 'plain.html'))).toEqual(['Home', 'Plain talk'])
    expect(crumbs(text(result, 'about.html'))).toEqual(['Home', 'About us'])
    expect(crumbs(text(result, 'contact.html'))).toEqual(['Home', 'Contact'])
    expect(crumbs(text(result, 'services/window-washing.html'))).toEqual(['Home', 'Services', 'Windows'])
  })
})
