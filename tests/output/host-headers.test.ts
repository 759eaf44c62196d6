import { describe, expect, it } from 'vitest'
import { headersForPath, parseHeadersFile } from '../../src/output/hosts/read-headers.js'

const rules = parseHeadersFile(
  [
    '# comment',
    '/*',
    "  Content-Security-Policy: default-src 'self'",
    '  X-Frame-Options: DENY',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/blog/:slug',
    '  X-Robots-Tag: noindex',
    '  X-Frame-Options: SAMEORIGIN',
  ].join('\n'),
)

describe('headersForPath', () => {
  it('applies every rule whose pattern matches, * across slashes', () => {
    expect(headersForPath(rules, '/assets/fonts/inter.woff2')).toEqual({
      'Content-Security-Policy': "default-src 'self'",
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })

  it('matches a :placeholder to one path segment only, and joins a header two rules set', () => {
    expect(headersForPath(rules, '/blog/first-post')['X-Frame-Options']).toBe('DENY, SAMEORIGIN')
    expect(headersForPath(rules, '/blog/2024/first-post')['X-Robots-Tag']).toBeUndefined()
  })
})
