import { beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, build } from '../../src/build/index.js'
import { typesetHtml, typesetText } from '../../templates/typeset.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// One typographer for every field, so a name is spelled one way on a page.
const page = `path: /plain
title: Plain
sections:
  - type: text
    heading: O'Brien's "fresh" start
    body: |
      Markdown says **O'Brien's** too, and "quotes" -- as written...
  - type: faq
    heading: Questions
    items:
      - { question: Is O'Brien's open late?, answer: "Yes. \`don't\` is code." }
`
/** The site with the typographer on and off, each built once: the tests only read the pages. */
const builds = new Map<boolean, Promise<BuildResult>>()
async function buildWith(typographer: boolean): Promise<BuildResult> {
  const site = await warmSiteFrom('widgets', { 'pages/plain.yaml': page })
  const { readFile, writeFile } = await import('node:fs/promises')
  await writeFile(`${site}/site.yaml`, `${await readFile(`${site}/site.yaml`, 'utf8')}typographer: ${typographer}\n`)
  return build({ site, write: false, cacheDir: false })
}
async function bodyOf(typographer: boolean, file = 'plain.html'): Promise<string> {
  if (!builds.has(typographer)) builds.set(typographer, buildWith(typographer))
  const result = await builds.get(typographer)!
  const html = String(result.files.find((f) => f.path === file)!.contents)
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'))
}
/** How each O'Brien's on the page reads (React writes ' as &#x27;, markdown-it as is: the same character). */
const spellings = (html: string) => [...html.replaceAll('&#x27;', "'").matchAll(/O['’]Brien['’]s/g)].map((m) => m[0])

describe('typography', () => {
  beforeAll(() => warmFixture('widgets'))

  it('spells a name the same in a plain heading, Markdown and a plain question, with the typographer on', async () => {
    const main = await bodyOf(true)
    expect(spellings(main)).toEqual(['O’Brien’s', 'O’Brien’s', 'O’Brien’s'])
    expect(main).toContain('<h2>O’Brien’s “fresh” start</h2>')
    expect(main).toContain('and “quotes” – as written…')
    expect(main).toContain("<code>don't</code>")
  })

  it('sets the texts the form widget shows later (the submitting label, the error) the same way', async () => {
    expect(await bodyOf(true, 'contact.html')).toContain('data-submitting-label="Sending…"')
    expect(await bodyOf(false, 'contact.html')).toContain('data-submitting-label="Sending..."')
  })

  it('prints every field exactly as written with the typographer off (the default), Markdown included', async () => {
    const main = await bodyOf(false)
    expect(spellings(main)).toEqual(["O'Brien's", "O'Brien's", "O'Brien's"])
    expect(main).toContain('and &quot;quotes&quot; -- as written...')
  })

  it('opens quotes after space or brackets and closes them after words, across inline tags', () => {
    expect(typesetText(`'Tis the "best" crew's work ('90s) -- and 'fresh'.`)).toBe('‘Tis the “best” crew’s work (’90s) – and ‘fresh’.')
    expect(typesetHtml('<p>"<em>Spotless</em>," she said.</p><p>"Next"</p>')).toBe('<p>“<em>Spotless</em>,” she said.</p><p>“Next”</p>')
    expect(typesetHtml('<script>a = "b"</script><pre>"x"</pre><p title="a \'b\'">it\'s</p>')).toBe(
      '<script>a = "b"</script><pre>"x"</pre><p title="a \'b\'">it’s</p>',
    )
  })

  it('typesets text before the first tag and after the last, around a lone "<", a self-closed code element and a stray closing one', () => {
    expect(typesetHtml('1 < 2 &quot;ok&quot;')).toBe('1 < 2 “ok”')
    expect(typesetHtml('<br/><code/>&#x27;x&#x27; and --')).toBe('<br/><code/>‘x’ and –')
    expect(typesetHtml('<p>a</p>tail &quot;x&quot;...')).toBe('<p>a</p>tail “x”…')
    expect(typesetHtml('<p>it&#x27;s unclosed <b')).toBe('<p>it’s unclosed <b')
    expect(typesetHtml('<pre>&quot;a&quot;</pre><p>&quot;b&quot;</p>')).toBe('<pre>&quot;a&quot;</pre><p>“b”</p>')
    expect(typesetHtml('x</code>&quot;y&quot;')).toBe('x</code>“y”')
  })
})
