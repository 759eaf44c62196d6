import { describe, expect, it } from 'vitest'
import { checkLinks } from '../../src/check/check-links.js'
import type { WatchedPage } from '../../src/check/watch-pages.js'
import { collectPageFacts } from '../../src/html/page-facts.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'

// Relative links a template or a Markdown field renders are checked as a browser resolves them:
// against the address the page is served at, which the URL form decides.

const page = (url: string, html: string): WatchedPage => ({
  route: {
    url,
    outputPath: `${url.slice(1) || 'index'}.html`,
    template: 'not-found',
    title: url,
    description: '',
    noindex: false,
    props: {},
    origin: { file: `pages${url}.yaml`, path: '' },
  } as RoutePlan,
  facts: collectPageFacts(html),
  unexpected: [],
})

describe('relative links in rendered pages', () => {
  const pages = [
    page('/', '<a href="contact">Contact</a>'),
    page('/contact', '<a href="services/roofs">Roofs</a> <a href="./">Back</a>'),
    page('/services/roofs', '<a href="../contact">Contact</a> <a href="gutters#top">Gutters</a> <a href="mailto:a@b.example">Mail</a>'),
  ]

  it('resolves each against its page, and reports the one that leads nowhere', () => {
    const errors = checkLinks({ pages, files: new Set(), siteUrl: 'https://x.example' })
    expect(errors.map((e) => e.message)).toEqual([
      'The page /services/roofs links to /services/gutters#top, which is neither a page nor a file of this site.',
    ])
  })

  it("resolves them from the page's folder when pages end in a slash", () => {
    const errors = checkLinks({ pages, files: new Set(), siteUrl: 'https://x.example', trailingSlash: 'always' })
    // On /contact/, services/roofs is /contact/services/roofs; on /services/roofs/, ../contact is /services/contact.
    expect(errors.map((e) => e.message.split(',')[0])).toEqual([
      'The page /contact links to /contact/services/roofs',
      'The page /services/roofs links to /services/contact',
      'The page /services/roofs links to /services/roofs/gutters#top',
    ])
  })
})
