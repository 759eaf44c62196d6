import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { watchPages } from '../../src/check/watch-pages.js'
import { resolveAnalytics } from '../../src/config/presets/analytics-providers.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { contentSecurityPolicy, policyText } from '../../src/output/csp.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'
import { declaredInlineCode } from '../../src/render/inline-code.js'
import { discardingOutput } from '../helpers/discarding-output.js'
import { fixture, normalize, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// The Content-Security-Policy allows only the inline code citypress wrote, and
// the checks stop a build at any other.

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A site template that writes an inline script (with a terminal escape in it) and a style attribute. */
const textTemplate = [
  "import type { TextSection } from '../../src/config/site-input.generated.js'",
  "import { Markdown } from '../components/Markdown.js'",
  'export function Text(props: TextSection) {',
  '  return <section style={{ color: "teal" }}><Markdown text={props.body} />',
  '    <script dangerouslySetInnerHTML={{ __html: "window.chat = true // \\u001b[2Jcleared" }} /></section>',
  '}',
].join('\n')
const script = 'window.chat = true // \u001b[2Jcleared'

const buildInMemory = (site: string) => build({ site, write: false, cacheDir: false })

describe('inline code in the pages', () => {
  beforeAll(() => warmFixture('minimal'))

  it('stops the build at inline code a site template writes without declaring it, naming the page', async () => {
    const site = await warmSiteFrom('minimal', { 'templates/sections/Text.tsx': textTemplate })
    const failure = await buildInMemory(site).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BuildFailure)
    const errors = (failure as BuildFailure).errors
    expect(errors.map((e) => [e.code, e.message.split(':')[0]])).toEqual([
      ['unexpected-inline-code', 'The page /contact holds an inline script that citypress did not write'],
      ['unexpected-inline-code', 'The page /contact holds an inline style attribute that citypress did not write'],
    ])
    expect(normalize(formatConfigError(errors[0]!, { color: false }))).toMatchInlineSnapshot(`
      "error[unexpected-inline-code]: The page /contact holds an inline script that citypress did not write: "window.chat = true // [2Jcleared".
        --> <tmp>/site/pages/contact.yaml:2:1
        |
      2 | path: /contact
        | ^^^^
      hint: The site's Content-Security-Policy allows only the inline code citypress writes, so browsers would block it. If a template in the site's templates/ writes it on purpose, declare it in site.yaml: \`csp: { inlineScripts: ["sha256-4flSsuQl6GRnVI/faNz6Q4q6V6DS6OT6Q71GqUzdces="] }\`; otherwise find what puts it there."
    `)
    expect(errors[1]!.message).toContain('"color:teal"')
  })

  it('builds when site.yaml declares that code, and allows it by its hash in _headers', async () => {
    const yaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
    const site = await warmSiteFrom('minimal', {
      'templates/sections/Text.tsx': textTemplate,
      'site.yaml': `${yaml}csp:\n  inlineScripts: ["window.chat = true // \\e[2Jcleared"]\n  styleAttributes: ["${cspHash('color:teal').slice(1, -1)}"]\n`,
    })
    const result = await buildInMemory(site)
    const headers = String(result.files.find((f) => f.path === '_headers')!.contents)
    const policy = /Content-Security-Policy: (.*)/.exec(headers)![1]!
    expect(policy).toMatch(new RegExp(`script-src 'self' [^;]*${escapeRegExp(cspHash(script))}`))
    expect(policy).toMatch(new RegExp(`style-src 'self' [^;]*'unsafe-hashes' ${escapeRegExp(cspHash('color:teal'))}`))
    expect(policy).not.toContain('unsafe-inline')
  })

  it('quotes the code of a page reused from the cache, read back from its file', async () => {
    const file = path.join(await tempDir(), 'page.html')
    await writeFile(file, '<html><head><style>b{}</style></head><body><script>steal()</script></body></html>')
    const route = { outputPath: 'index.html', url: '/' } as RoutePlan
    const watch = watchPages({
      routes: [route],
      output: discardingOutput,
      inlineCode: declaredInlineCode({ assets: { inlineCss: 'b{}' }, csp: undefined }),
    })
    await watch.output.link('index.html', { source: file })
    const [page] = await watch.pages()
    expect(page!.unexpected).toEqual([{ kind: 'script', hash: cspHash('steal()'), text: 'steal()' }])
  })
})

describe('the declared inline code', () => {
  it('holds the templates’ own script, the inlined stylesheet and site.yaml’s entries, as text or as hash', () => {
    const declared = declaredInlineCode({
      assets: { inlineCss: 'body{margin:0}' },
      csp: { inlineScripts: ['go()', `'${cspHash('x').slice(1, -1)}'`], inlineStyles: [cspHash('p{}').slice(1, -1)] },
    })
    expect(declared).toEqual({
      scripts: [cspHash("document.documentElement.classList.add('js')"), cspHash('go()'), cspHash('x')].sort(),
      styles: [cspHash('body{margin:0}'), cspHash('p{}')].sort(),
      styleAttributes: [],
    })
  })

  it('is the one policy, as data, that the header line is written from', () => {
    const site = { analytics: resolveAnalytics({ src: 'https://stats.example/s.js' }) } as unknown as SiteMeta
    const policy = contentSecurityPolicy({
      site,
      sources: { scriptHashes: ["'sha256-a'"], styleHashes: [], styleAttributeHashes: [], imageOrigins: [] },
    })
    expect(policy.find(([name]) => name === 'script-src')).toEqual(['script-src', "'self'", 'https://stats.example', "'sha256-a'"])
    expect(policyText(policy)).toMatch(/^default-src 'self'; script-src 'self' https:\/\/stats\.example 'sha256-a'; style-src 'self'; /)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
