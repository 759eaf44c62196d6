import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { main } from '../../src/cli/main.js'
import { fixture, memoryIo, siteFrom, tempDir, validationErrors } from '../helpers/site.js'

// Every address whose origin a site can put into the Content-Security-Policy (analytics, a form
// endpoint, a scheduler, an image in YAML or Markdown) or a host file (url, a redirect) has a host
// of letters, digits, hyphens and dots (src/config/checks/check-url.ts checkHost): `https://*` in
// script-src would run a script from any host, and a `;` would end the directive.

const siteYaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
const serviceYaml = await readFile(path.join(fixture('minimal'), 'services/office-cleaning.yaml'), 'utf8')

/** The minimal fixture with these site.yaml keys and this service image and Markdown body. */
function siteWith(options: { url?: string; site: string; image: string; body: string }): Promise<string> {
  const site = options.url ? siteYaml.replace(/^url: .*$/m, `url: ${options.url}`) : siteYaml
  return siteFrom('minimal', {
    'site.yaml': `${site}${options.site}`,
    'services/office-cleaning.yaml': `${serviceYaml}image: ${options.image}\nbody: ${options.body}\n`,
  })
}

describe('hosts of the addresses a policy is made from', () => {
  it('refuses a wildcard, a quote, a semicolon or a comma in the host of each, at its value, and the build writes no policy', async () => {
    const site = await siteWith({
      url: '"https://tidy\'.example"',
      site: [
        'analytics: { src: "https://*/x.js" }',
        'schedulers: { walkthrough: "https://cal.example;script-src/tidy" }',
        'forms: { provider: endpoint, endpoint: "https://forms.example,evil.example/f/1" }',
        'redirects:',
        '  - { from: /old, to: "https://%2A.example/new" }',
        '',
      ].join('\n'),
      image: "'https://img\"x.example/hero.jpg'",
      body: '"Our team.\\n\\n![The team](https://*.example.org/team.jpg)"',
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => [e.code, path.relative(site, e.file), e.line, e.column, e.message])).toEqual([
      [
        'bad-address',
        'services/office-cleaning.yaml',
        5,
        8,
        'The image address "https://img\\"x.example/hero.jpg" holds \'"\' in its host, where only letters, digits, hyphens and dots may stand (a Content-Security-Policy or host file would read anything else as syntax).',
      ],
      [
        'bad-address',
        'services/office-cleaning.yaml',
        6,
        7,
        'The image address "https://*.example.org/team.jpg" has a wildcard (*) in its host, which a Content-Security-Policy reads as any host.',
      ],
      [
        'bad-address',
        'site.yaml',
        3,
        6,
        'The site address `url` "https://tidy\'.example" holds "\'" in its host, where only letters, digits, hyphens and dots may stand (a Content-Security-Policy or host file would read anything else as syntax).',
      ],
      [
        'bad-address',
        'site.yaml',
        12,
        19,
        'The analytics script address "https://*/x.js" has a wildcard (*) in its host, which a Content-Security-Policy reads as any host.',
      ],
      [
        'bad-address',
        'site.yaml',
        13,
        28,
        'The scheduler address "https://cal.example;script-src/tidy" holds ";" in its host, where only letters, digits, hyphens and dots may stand (a Content-Security-Policy or host file would read anything else as syntax).',
      ],
      [
        'bad-address',
        'site.yaml',
        14,
        40,
        'The form endpoint "https://forms.example,evil.example/f/1" holds "," in its host, where only letters, digits, hyphens and dots may stand (a Content-Security-Policy or host file would read anything else as syntax).',
      ],
      [
        'bad-address',
        'site.yaml',
        16,
        23,
        'The redirect target `to` "https://%2A.example/new" has a wildcard (*) in its host, which a Content-Security-Policy reads as any host.',
      ],
    ])
    const out = path.join(await tempDir(), 'out')
    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io)).toBe(1)
    expect(io.stderr).toContain('Build failed with 7 errors.')
    expect(existsSync(path.join(out, '_headers'))).toBe(false)
  })

  it("writes each checked origin into the policy as one source, beside the analytics preset's own wildcards", async () => {
    const site = await siteWith({
      site: [
        'analytics: { provider: ga4, id: G-TEST123 }',
        'schedulers: { walkthrough: "https://cal.example.com/tidy" }',
        'forms: { provider: endpoint, endpoint: "https://forms.example.net/f/1" }',
        '',
      ].join('\n'),
      image: 'https://img.example.org/hero.jpg',
      body: '"Our team.\\n\\n![The team](https://photos.example.org/team.jpg)"',
    })
    // In memory: the policy is the same text _headers would hold.
    const result = await build({ site, write: false, cacheDir: false, imageCacheDir: false })
    const headers = result.files.find((f) => f.path === '_headers')!
    const text = typeof headers.contents === 'string' ? headers.contents : Buffer.from(headers.contents).toString('utf8')
    const policy = /^ {2}Content-Security-Policy: (.*)$/m.exec(text)![1]!
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]))
    // No value of the site's ended a directive or began one of its own.
    expect([...directives.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'frame-src',
      'form-action',
      'base-uri',
      'object-src',
      'frame-ancestors',
    ])
    const preset = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    for (const source of [...directives.values()].flat()) {
      if (preset.includes(source)) continue
      expect(source).toMatch(/^(?:'(?:self|none|unsafe-hashes|sha256-[A-Za-z0-9+/]+=*)'|data:|https:\/\/[a-z0-9.-]+(?::\d+)?)$/)
    }
    expect(directives.get('img-src')).toEqual(expect.arrayContaining(['https://img.example.org', 'https://photos.example.org']))
    expect(directives.get('frame-src')).toEqual(['https://cal.example.com'])
    expect(directives.get('connect-src')).toContain('https://forms.example.net')
    expect(directives.get('form-action')).toEqual(["'self'", 'https://forms.example.net'])
    expect(directives.get('script-src')).toContain('https://*.googletagmanager.com')
  })
})
