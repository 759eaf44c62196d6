import { describe, expect, it } from 'vitest'
import { indexFiles, type Resolved, resolvePath } from '../../src/preview/static-files.js'

const files = indexFiles([
  { path: 'index.html', contents: '<h1>home</h1>' },
  { path: 'contact.html', contents: '<h1>contact</h1>' },
  { path: 'about/index.html', contents: '<h1>about</h1>' },
  { path: '404.html', contents: '<h1>not here</h1>' },
  { path: 'assets/site-0123456789.css', contents: 'body{}' },
  { path: 'assets/images/logo-0123456789.png', contents: new Uint8Array([137, 80, 78, 71]) },
  { path: 'sitemap.xml', contents: '<urlset/>' },
  { path: '_headers', contents: '/*\n  X-Frame-Options: DENY\n' },
])
/** What a visitor gets: the file served, a redirect target, or the 404 page. */
const served = (urlPath: string) => describeResolved(resolvePath(urlPath, files))

function describeResolved(r: Resolved): string {
  if (r.kind === 'file') return `${r.file.path} (${r.file.type})`
  if (r.kind === 'redirect') return `→ ${r.location}`
  return r.kind === 'not-found' ? `404 ${r.page?.path}` : '400'
}

describe('resolving a request path to a built file', () => {
  it('serves pretty URLs in both output layouts and redirects the other spelling, as static hosts do', () => {
    expect(served('/')).toBe('index.html (text/html; charset=utf-8)')
    expect(served('/contact')).toBe('contact.html (text/html; charset=utf-8)')
    expect(served('/contact/')).toBe('→ /contact')
    expect(served('/about/')).toBe('about/index.html (text/html; charset=utf-8)')
    expect(served('/about')).toBe('→ /about/')
    expect(served('/contact.html')).toBe('contact.html (text/html; charset=utf-8)')
  })

  it('gives each file its content type', () => {
    expect(served('/assets/site-0123456789.css')).toBe('assets/site-0123456789.css (text/css; charset=utf-8)')
    expect(served('/assets/images/logo-0123456789.png')).toBe('assets/images/logo-0123456789.png (image/png)')
    expect(served('/sitemap.xml')).toBe('sitemap.xml (application/xml; charset=utf-8)')
  })

  it('answers unknown paths and host configuration files with the 404 page', () => {
    expect(served('/nope')).toBe('404 404.html')
    expect(served('/_headers')).toBe('404 404.html')
  })

  it('never leaves the output, however the dots are written', () => {
    for (const attempt of [
      '/../contact.html',
      '/assets/../contact.html',
      '/%2e%2e/contact.html',
      '/%2e%2e%2fcontact.html',
      '/assets%2f..%2fcontact.html',
      '/%252e%252e%252fcontact.html',
      '/..%5ccontact.html',
      '/%00',
    ]) {
      expect(served(attempt), attempt).toBe('404 404.html')
    }
  })

  it('refuses paths that are not valid percent-encoded UTF-8', () => {
    expect(served('/%E0%A4%A')).toBe('400')
  })
})
