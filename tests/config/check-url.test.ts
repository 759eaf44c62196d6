import { describe, expect, it } from 'vitest'
import { checkHost, checkSiteAddress, checkUrlPath, checkWebAddress } from '../../src/config/checks/check-url.js'

const problem = (checked: { ok: boolean; problem?: unknown }) => (checked.ok ? undefined : checked.problem)

describe('checkUrlPath', () => {
  it('refuses whitespace and control characters, raw or percent-encoded', () => {
    expect(problem(checkUrlPath('/old page'))).toEqual({ kind: 'whitespace', char: ' ' })
    expect(problem(checkUrlPath('/old\tpage'))).toEqual({ kind: 'whitespace', char: '\t' })
    expect(problem(checkUrlPath('/old\n/*  https://evil.example/:splat  200!'))).toEqual({ kind: 'whitespace', char: '\n' })
    expect(problem(checkUrlPath('/old\u0000page'))).toEqual({ kind: 'control', char: '\u0000' })
    expect(problem(checkUrlPath('/old\u00a0page'))).toEqual({ kind: 'whitespace', char: '\u00a0' })
    expect(problem(checkUrlPath('/old%0Apage'))).toEqual({ kind: 'whitespace', char: '\n' })
    expect(problem(checkUrlPath('/old%00page'))).toEqual({ kind: 'control', char: '\u0000' })
    expect(problem(checkUrlPath('/old\ud800'))).toEqual({ kind: 'control', char: '\ud800' })
  })

  it('refuses `.`, `..`, empty segments and escaped separators, also when encoded, but allows a trailing slash', () => {
    expect(problem(checkUrlPath('/a/./b'))).toEqual({ kind: 'dot-segment', segment: '.' })
    expect(problem(checkUrlPath('/../../etc/passwd'))).toEqual({ kind: 'dot-segment', segment: '..' })
    expect(problem(checkUrlPath('/a/%2E%2E/b'))).toEqual({ kind: 'dot-segment', segment: '%2E%2E' })
    expect(problem(checkUrlPath('/a//b'))).toEqual({ kind: 'empty-segment' })
    expect(problem(checkUrlPath('//evil.example/x'))).toEqual({ kind: 'empty-segment' })
    expect(problem(checkUrlPath('/..%2F..%2Fetc'))).toEqual({ kind: 'encoded-separator', segment: '..%2F..%2Fetc' })
    expect(problem(checkUrlPath('/a%5Cb'))).toEqual({ kind: 'encoded-separator', segment: 'a%5Cb' })
    expect(checkUrlPath('/old/')).toEqual({ ok: true, value: '/old/' })
    expect(checkUrlPath('/')).toEqual({ ok: true, value: '/' })
    expect(problem(checkUrlPath('old'))).toEqual({ kind: 'not-a-path' })
    expect(problem(checkUrlPath(''))).toEqual({ kind: 'not-a-path' })
  })

  it('encodes exactly once: raw characters are encoded, escapes are kept, a double encoding is refused', () => {
    expect(checkUrlPath('/café')).toEqual({ ok: true, value: '/caf%C3%A9' })
    expect(checkUrlPath('/caf%C3%A9')).toEqual({ ok: true, value: '/caf%C3%A9' })
    expect(checkUrlPath('/a%3Ab')).toEqual({ ok: true, value: '/a%3Ab' })
    expect(checkUrlPath('/100%25')).toEqual({ ok: true, value: '/100%25' })
    expect(problem(checkUrlPath('/a%2520b'))).toEqual({ kind: 'double-encoded', text: '%2520' })
  })

  it('refuses a malformed escape as a problem, never by throwing', () => {
    expect(problem(checkUrlPath('/%E0%A4%A'))).toEqual({ kind: 'bad-escape', text: '%E0%A4%A' })
    expect(problem(checkUrlPath('/100%'))).toEqual({ kind: 'bad-escape', text: '100%' })
    expect(problem(checkUrlPath('/a?q=%ZZ', { suffix: true }))).toEqual({ kind: 'bad-escape', text: '?q=%ZZ' })
  })

  it('allows Netlify patterns, a query and a fragment only where asked', () => {
    expect(checkUrlPath('/blog/*', { patterns: true })).toEqual({ ok: true, value: '/blog/*' })
    expect(checkUrlPath('/news/:year/:slug', { patterns: true })).toEqual({ ok: true, value: '/news/:year/:slug' })
    expect(problem(checkUrlPath('/lp/*'))).toEqual({ kind: 'pattern', char: '*' })
    expect(problem(checkUrlPath('/contact#form'))).toEqual({ kind: 'query-or-fragment' })
    expect(checkUrlPath('/contact?from=old#form', { suffix: true })).toEqual({ ok: true, value: '/contact?from=old#form' })
  })
})

describe('checkSiteAddress', () => {
  it('splits a sub-path site into its origin and base path', () => {
    expect(checkSiteAddress('https://user.github.io/repo')).toEqual({
      ok: true,
      value: { origin: 'https://user.github.io', basePath: '/repo' },
    })
    expect(checkSiteAddress('https://user.github.io/repo/docs/')).toEqual({
      ok: true,
      value: { origin: 'https://user.github.io', basePath: '/repo/docs' },
    })
    expect(checkSiteAddress('https://www.example.com/')).toEqual({ ok: true, value: { origin: 'https://www.example.com', basePath: '' } })
    expect(checkSiteAddress('http://127.0.0.1:8080')).toEqual({ ok: true, value: { origin: 'http://127.0.0.1:8080', basePath: '' } })
    expect(checkSiteAddress('http://localhost:4321/x')).toEqual({ ok: true, value: { origin: 'http://localhost:4321', basePath: '/x' } })
  })

  it('refuses a public address over plain http, which browsers mark "Not secure"', () => {
    expect(problem(checkSiteAddress('http://www.example.com'))).toEqual({ kind: 'plain-http' })
    expect(problem(checkSiteAddress('HTTP://192.168.1.20:8080/site'))).toEqual({ kind: 'plain-http' })
  })

  it('refuses what is not an http(s) origin with checked segments', () => {
    expect(problem(checkSiteAddress('https://www.example.com\n/x'))).toEqual({ kind: 'whitespace', char: '\n' })
    expect(problem(checkSiteAddress('ftp://example.com'))).toEqual({ kind: 'not-web', httpsOnly: false })
    expect(problem(checkSiteAddress('www.example.com'))).toEqual({ kind: 'not-web', httpsOnly: false })
    expect(problem(checkSiteAddress('https://'))).toEqual({ kind: 'bad-host' })
    expect(problem(checkSiteAddress('https://exa[mple.com'))).toEqual({ kind: 'bad-host' })
    expect(problem(checkSiteAddress('https://me@example.com'))).toEqual({ kind: 'userinfo' })
    expect(problem(checkSiteAddress('https://example.com/?x=1'))).toEqual({ kind: 'query-or-fragment' })
    expect(problem(checkSiteAddress('https://example.com/a/../b'))).toEqual({ kind: 'dot-segment', segment: '..' })
  })
})

describe('checkWebAddress', () => {
  it('takes no whitespace, so a redirect target cannot carry a rule of its own', () => {
    expect(problem(checkWebAddress('https://example.com/x\n/*  https://evil.example/:splat  200!'))).toEqual({
      kind: 'whitespace',
      char: '\n',
    })
    expect(problem(checkWebAddress('https://example.com/a b'))).toEqual({ kind: 'whitespace', char: ' ' })
    expect(checkWebAddress('https://example.com/a?b=1#c')).toEqual({ ok: true, value: 'https://example.com/a?b=1#c' })
    expect(checkWebAddress('https://example.com/My%20File.pdf')).toEqual({ ok: true, value: 'https://example.com/My%20File.pdf' })
    expect(checkWebAddress('https://bücher.example/ä')).toEqual({ ok: true, value: 'https://xn--bcher-kva.example/%C3%A4' })
    expect(problem(checkWebAddress('http://example.com', { httpsOnly: true }))).toEqual({ kind: 'not-web', httpsOnly: true })
    expect(problem(checkWebAddress('https://example.com/%E0%A4%A'))).toEqual({ kind: 'bad-escape', text: 'https://example.com/%E0%A4%A' })
  })
})

describe('checkHost', () => {
  const host = (value: string) => {
    const checked = checkHost(value)
    return checked.ok ? checked.value.host : checked.problem
  }

  it('takes a host of letters, digits, hyphens and dots with an optional port, an international name as punycode', () => {
    expect(host('https://cdn.example.com/x.js')).toBe('cdn.example.com')
    expect(host('https://CDN.Example.com:8443/x.js?a=*;b#\'"')).toBe('cdn.example.com:8443')
    expect(host('https://bücher.example/')).toBe('xn--bcher-kva.example')
    expect(host('http://127.0.0.1:4321/')).toBe('127.0.0.1:4321')
    expect(host('https://xn--bcher-kva.example/')).toBe('xn--bcher-kva.example')
  })

  it('refuses a wildcard, quotes, a semicolon and a comma in the host, written or escaped, since a policy reads them as syntax', () => {
    expect(host('https://*/x.js')).toEqual({ kind: 'host-char', char: '*' })
    expect(host('https://*.example.com/x.js')).toEqual({ kind: 'host-char', char: '*' })
    expect(host('https://%2A.example.com/x.js')).toEqual({ kind: 'host-char', char: '*' })
    expect(host('https://a;b.example/')).toEqual({ kind: 'host-char', char: ';' })
    expect(host('https://a%3Bb.example/')).toEqual({ kind: 'host-char', char: ';' })
    expect(host('https://a,b.example/')).toEqual({ kind: 'host-char', char: ',' })
    expect(host("https://a'b.example/")).toEqual({ kind: 'host-char', char: "'" })
    expect(host('https://a"b.example/')).toEqual({ kind: 'host-char', char: '"' })
    expect(host("https://user';@cdn.example.com/")).toEqual({ kind: 'host-char', char: "'" })
  })

  it('refuses whitespace, other characters and empty labels in the host', () => {
    expect(host('https://a b.example/')).toEqual({ kind: 'whitespace', char: ' ' })
    expect(host('https://a%20b.example/')).toEqual({ kind: 'bad-host' })
    expect(host('https://a_b.example/')).toEqual({ kind: 'host-char', char: '_' })
    expect(host('https://[::1]/')).toEqual({ kind: 'host-char', char: '[' })
    expect(host('https://a..b/')).toEqual({ kind: 'bad-host' })
    expect(host('https://-a.example/')).toEqual({ kind: 'bad-host' })
    expect(host('https://example.com./')).toEqual({ kind: 'bad-host' })
  })

  it('is the check of every address whose origin reaches a policy or a host file', () => {
    expect(problem(checkWebAddress('https://*/x.js', { httpsOnly: true }))).toEqual({ kind: 'host-char', char: '*' })
    expect(problem(checkWebAddress('https://cal.example;script-src/x'))).toEqual({ kind: 'host-char', char: ';' })
    expect(problem(checkSiteAddress('https://*.example.com'))).toEqual({ kind: 'host-char', char: '*' })
    expect(problem(checkSiteAddress("https://tidy'.example/repo"))).toEqual({ kind: 'host-char', char: "'" })
  })
})
