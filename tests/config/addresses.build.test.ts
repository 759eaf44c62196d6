import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { loadSite } from '../../src/config/load-site.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { redirectPages } from '../../src/output/hosts/redirect-pages.js'
import { redirectsFile } from '../../src/output/hosts/redirects.js'
import { sitemapFiles } from '../../src/output/hosts/sitemap.js'
import { fixture, memoryIo, normalize, siteFrom, tempDir } from '../helpers/site.js'

// Every path or address that reaches a host file, the sitemap or an output
// path is checked where it is read (src/config/checks/check-url.ts).
const baseSite = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
const injected = '/*  https://evil.example/:splat  200!'

/** The errors loading a site reports, each printed as the CLI prints it. */
async function loadErrors(site: string, options: { baseUrl?: string } = {}): Promise<string[]> {
  const failure = await loadSite(site, options).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error('the site loaded without errors')
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//, ''))
}

describe('addresses in site.yaml', () => {
  it('reports a redirect target holding a newline at its line, and the failed build writes no _redirects or robots.txt', async () => {
    const site = await siteFrom('minimal', {
      'site.yaml': `${baseSite}redirects:\n  - from: /old\n    to: "https://tidy.example/new\\n${injected}"\n`,
    })
    const [error, ...more] = await loadErrors(site)
    expect(more).toEqual([])
    expect(error).toBe(
      [
        `error[bad-address]: The redirect target \`to\` "https://tidy.example/new\\n${injected}" holds whitespace (U+000A), which would split the rule or line it is written into (_redirects, robots.txt).`,
        '  --> site.yaml:14:9',
        '   |',
        `14 |     to: "https://tidy.example/new\\n${injected}"`,
        `   |         ${'^'.repeat(injected.length + 28)}`,
        'hint: Remove it: a path or address holds no spaces, tabs or line breaks (write hyphens between words).',
      ].join('\n'),
    )

    const out = path.join(await tempDir(), 'out')
    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io)).toBe(1)
    expect(io.stderr).toContain('error[bad-address]')
    expect(existsSync(path.join(out, '_redirects')) || existsSync(path.join(out, 'robots.txt'))).toBe(false)
  })

  it('reports a NUL in a redirect on a static host at its line instead of crashing', async () => {
    const site = await siteFrom('minimal', {
      'site.yaml': `${baseSite}host: static\nredirects:\n  - { from: "/old\\0page", to: /contact }\n`,
    })
    const [error] = await loadErrors(site)
    expect(error).toContain(
      'error[bad-address]: The redirect source `from` "/old\\u0000page" holds an invisible or control character (U+0000).\n  --> site.yaml:14:13',
    )
  })

  it('refuses dot segments, empty segments, double encoding and malformed escapes in redirects, each at its value', async () => {
    const site = await siteFrom('minimal', {
      'site.yaml': `${baseSite}redirects:\n  - { from: /a/../b, to: /contact }\n  - { from: /c//d, to: /contact }\n  - { from: /e%2520f, to: /contact }\n  - { from: /g, to: "/%E0%A4%A" }\n`,
    })
    expect((await loadErrors(site)).map((e) => e.split('\n').slice(0, 2).join(' '))).toEqual([
      'error[bad-address]: The redirect source `from` "/a/../b" has a ".." segment, which browsers and hosts resolve away, so it would not be the address written.   --> site.yaml:13:13',
      'error[bad-address]: The redirect source `from` "/c//d" has an empty segment (//).   --> site.yaml:14:13',
      'error[bad-address]: The redirect source `from` "/e%2520f" is percent-encoded twice ("%2520" decodes to another escape).   --> site.yaml:15:13',
      'error[bad-address]: The redirect target `to` "/%E0%A4%A" has a malformed percent escape in "%E0%A4%A", which cannot be decoded.   --> site.yaml:16:21',
    ])
  })

  it('takes a url under a sub-path, warning once that crawlers will not read its robots.txt, and refuses a url with a newline', async () => {
    const sub = await siteFrom('minimal', {
      'site.yaml': baseSite.replace('url: https://tidy.example', 'url: https://tidy.github.io/site/'),
    })
    const loaded = await loadSite(sub)
    expect([loaded.site.url, loaded.site.basePath]).toEqual(['https://tidy.github.io/site', '/site'])
    const warnings = loaded.warnings
      .filter((w) => w.code === 'robots-under-sub-path')
      .map((w) => normalize(formatConfigError(w, { color: false })).split('\n'))
    expect(warnings).toEqual([
      [
        'error[robots-under-sub-path]: The site is served under /site, but crawlers read robots.txt only at the root of a host (https://tidy.github.io/robots.txt), so the robots.txt written at /site/robots.txt is never read and does not point them to the sitemap.',
        expect.stringMatching(/^ {2}--> .*site\.yaml:3:1$/),
        '  |',
        '3 | url: https://tidy.github.io/site/',
        '  | ^^^',
        'hint: Submit https://tidy.github.io/site/sitemap.xml in Google Search Console and Bing Webmaster Tools instead; or, if you own the site at https://tidy.github.io/, add "Sitemap: https://tidy.github.io/site/sitemap.xml" to its robots.txt.',
      ],
    ])
    const broken = await siteFrom('minimal', {
      'site.yaml': baseSite.replace('url: https://tidy.example', 'url: "https://tidy.example\\nSitemap: https://evil.example/x"'),
    })
    expect((await loadErrors(broken))[0]).toMatch(
      /^error\[bad-address\]: The site address `url` "https:\/\/tidy\.example\\nSitemap: https:\/\/evil\.example\/x" holds whitespace \(U\+000A\)/,
    )
  })

  it('refuses a url over plain http at its line, with the https hint', async () => {
    const site = await siteFrom('minimal', { 'site.yaml': baseSite.replace(/^url: https:/m, 'url: http:') })
    const [error, ...more] = await loadErrors(site)
    expect(more).toEqual([])
    expect(error).toMatch(/^error\[bad-address\]: .* is a plain http:\/\/ address: browsers mark its pages "Not secure"/)
    expect(error).toMatch(/--> site\.yaml:\d+:\d+/)
    expect(error).toContain('Write it with https://')
  })

  it('writes checked redirects encoded once, and the url without its trailing slash', async () => {
    const site = await siteFrom('minimal', {
      'site.yaml': `${baseSite.replace('url: https://tidy.example', 'url: https://tidy.example/')}redirects:\n  - { from: /café, to: "/contact?from=caf%C3%A9#form" }\n  - { from: /blog/*, to: "https://blog.tidy.example/:splat", status: 302 }\n`,
    })
    const loaded = await loadSite(site)
    expect(redirectsFile(loaded)[0]!.contents).toBe(
      '/caf%C3%A9 /contact?from=caf%C3%A9#form 301\n/blog/* https://blog.tidy.example/:splat 302\n',
    )
    expect(sitemapFiles(loaded, []).find((f) => f.path === 'robots.txt')!.contents).toContain(
      '\nSitemap: https://tidy.example/sitemap.xml\n',
    )
    expect(redirectPages({ ...loaded, site: { ...loaded.site, trailingSlash: 'always' } }, [], []).map((f) => f.path)).toEqual([
      'café/index.html',
    ])
  })
})

describe('--base-url', () => {
  it('is checked as url is: a newline is an error (exit 1), and nothing is written', async () => {
    const out = path.join(await tempDir(), 'out')
    const io = memoryIo()
    expect(
      await main(
        ['build', await siteFrom('minimal'), '--out', out, '--base-url', 'https://tidy.example\nSitemap: https://evil.example/x'],
        io,
      ),
    ).toBe(1)
    expect(io.stderr).toContain(
      [
        'error[bad-address]: The address given with --base-url "https://tidy.example\\nSitemap: https://evil.example/x" holds whitespace (U+000A), which would split the rule or line it is written into (_redirects, robots.txt).',
        '  --> --base-url',
        'hint: Remove it: a path or address holds no spaces, tabs or line breaks (write hyphens between words).',
      ].join('\n'),
    )
    expect(existsSync(out)).toBe(false)
    const underBase = await loadSite(await siteFrom('minimal'), { baseUrl: 'https://tidy.github.io/site/' })
    expect([underBase.site.url, underBase.site.basePath]).toEqual(['https://tidy.github.io/site', '/site'])
    expect(underBase.warnings.filter((w) => w.code === 'robots-under-sub-path').map((w) => w.file)).toEqual(['--base-url'])
  })
})

describe('published-urls.json', () => {
  it('fails naming the file when a key is not a plain path', async () => {
    const record = {
      pages: {
        '/lp/a-office-cleaning': { area: 'A', service: 'office-cleaning', serviceTitle: 'Office Cleaning' },
        [`/lp/b\n${injected}`]: { area: 'B', service: 'office-cleaning', serviceTitle: 'Office Cleaning' },
        '/lp/*': { area: 'C', service: 'office-cleaning', serviceTitle: 'Office Cleaning' },
      },
    }
    const site = await siteFrom('minimal', { 'published-urls.json': JSON.stringify(record) })
    expect(await loadErrors(site)).toEqual([
      `error[bad-record]: published-urls.json records the address "/lp/b\\n${injected}", which cannot become a redirect: it holds whitespace (U+000A), which would split the rule or line it is written into (_redirects, robots.txt).\n  --> published-urls.json\nhint: Correct or remove that entry: the record holds landing-page addresses such as /lp/springfield-roof-repair, and a build writes it back in order.`,
      'error[bad-record]: published-urls.json records the address "/lp/*", which cannot become a redirect: it holds "*", which _redirects reads as a pattern.\n  --> published-urls.json\nhint: Correct or remove that entry: the record holds landing-page addresses such as /lp/springfield-roof-repair, and a build writes it back in order.',
    ])
  })
})

describe('Markdown page addresses', () => {
  it('checks an address made from a file name as it checks one written in YAML', async () => {
    const site = await siteFrom('markdown', { 'pages/100%.md': '---\ntitle: All of it\n---\n\nEverything.\n' })
    const errors = await loadErrors(site)
    expect(errors.map((e) => e.split('\n')[0])).toContain(
      'error[bad-address]: The page address made from this file\'s name "/100%" has a malformed percent escape in "100%", which cannot be decoded.',
    )
  })
})
