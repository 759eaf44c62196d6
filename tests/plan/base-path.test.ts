import { describe, expect, it } from 'vitest'
import { checkLinks, checkStylesheetUrls } from '../../src/check/check-links.js'
import type { WatchedPage } from '../../src/check/watch-pages.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { headerRules, headersFile } from '../../src/output/hosts/headers.js'
import { headersForPath, parseHeadersFile } from '../../src/output/hosts/read-headers.js'
import { applyBasePath } from '../../templates/seo/body-markup.js'

describe('a site under a sub-path', () => {
  it('puts the base on every root-relative address of a page, srcset candidates included, and on nothing else', () => {
    const html =
      '<a href="/contact">c</a><a href="#top">t</a><a href="https://x.example/a">x</a><a href="//cdn.example/a">d</a>' +
      '<img src="/assets/a-480.jpg" srcset="/assets/a-480.jpg 480w, /assets/a-960.jpg 960w">' +
      '<form action="/thanks/quote" data-endpoint="/__forms.html"></form><a href="/repo/already">u</a>'
    expect(applyBasePath(html, '/repo')).toBe(
      '<a href="/repo/contact">c</a><a href="#top">t</a><a href="https://x.example/a">x</a><a href="//cdn.example/a">d</a>' +
        '<img src="/repo/assets/a-480.jpg" srcset="/repo/assets/a-480.jpg 480w, /repo/assets/a-960.jpg 960w">' +
        '<form action="/repo/thanks/quote" data-endpoint="/repo/__forms.html"></form><a href="/repo/already">u</a>',
    )
    expect(applyBasePath(html, '')).toBe(html)
  })

  it("puts the base on the srcset candidates React writes: a picture's srcSet and a preload's imageSrcSet", () => {
    const html =
      '<source type="image/avif" srcSet="/assets/images/a-480.avif 480w, /assets/images/a-960.avif 960w"/>' +
      '<link rel="preload" as="image" imageSrcSet="/assets/images/h-640.avif 640w, /assets/images/h-1280.avif 1280w"/>'
    expect(applyBasePath(html, '/green')).toBe(
      '<source type="image/avif" srcSet="/green/assets/images/a-480.avif 480w, /green/assets/images/a-960.avif 960w"/>' +
        '<link rel="preload" as="image" imageSrcSet="/green/assets/images/h-640.avif 640w, /green/assets/images/h-1280.avif 1280w"/>',
    )
  })

  it('has the link check read addresses under the base, and report one that misses it', () => {
    const page = (url: string, urls: string[]) =>
      ({ route: { url, origin: { file: 'site.yaml' } }, facts: { urls, sharedUrls: [], ids: [] } }) as unknown as WatchedPage
    const pages = [page('/', ['/repo/contact', '/repo/assets/site.css', 'contact', '/contact']), page('/contact', [])]
    const errors = checkLinks({ pages, files: new Set(['assets/site.css']), siteUrl: 'https://tidy.github.io/repo', basePath: '/repo' })
    expect(errors.map((e) => e.message)).toEqual(["The page / links to /contact, which is outside the site's base path /repo."])
  })

  it("has the link check read the stylesheet's url()s, and report a font that misses the base", () => {
    const css =
      '@font-face{src:url(/repo/assets/inter-1.woff2) format("woff2")}@font-face{src:url("/assets/inter-2.woff2")}.x{background:url(data:image/svg+xml,x)}'
    const errors = checkStylesheetUrls({
      stylesheets: [{ path: 'assets/site-1.css', text: css }],
      files: new Set(['assets/inter-1.woff2', 'assets/inter-2.woff2']),
      siteUrl: 'https://tidy.github.io/repo',
      basePath: '/repo',
    })
    expect(errors.map((e) => [e.file, e.message])).toEqual([
      [
        'assets/site-1.css',
        "The stylesheet assets/site-1.css links to /assets/inter-2.woff2, which is outside the site's base path /repo.",
      ],
    ])
  })

  it('has _headers rules that match the addresses the host serves under the base', () => {
    const site = { basePath: '/repo', forms: {} } as unknown as SiteMeta
    const rules = parseHeadersFile(
      headersFile(headerRules({ site, sources: { scriptHashes: [], styleHashes: [], styleAttributeHashes: [], imageOrigins: [] } }))[0]!
        .contents as string,
    )
    expect(headersForPath(rules, '/repo/assets/site.3f2a.css')['Cache-Control']).toBe('public, max-age=31536000, immutable')
    expect(headersForPath(rules, '/repo/contact')['Content-Security-Policy']).toMatch(/^default-src 'self'/)
    expect(headersForPath(rules, '/repo/assets/icons/phone.svg')['Content-Security-Policy']).toContain("default-src 'none'")
    expect(headersForPath(rules, '/assets/site.3f2a.css')).toEqual({})
  })
})
