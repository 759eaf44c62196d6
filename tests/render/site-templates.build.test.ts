import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { siteFrom, tempDir } from '../helpers/site.js'

describe("a site's own templates", () => {
  it('replace the shared template of the same path and can import shared siblings', async () => {
    const site = await siteFrom('minimal', {
      'templates/sections/Text.tsx': [
        "import type { TextSection } from '../../src/config/site-input.generated.js'",
        "import { Markdown } from '../components/Markdown.js'",
        'export function Text(props: TextSection) {',
        '  return <section className="tidy-text"><Markdown text={props.body} /></section>',
        '}',
      ].join('\n'),
    })
    const result = await build({ site, outDir: path.join(await tempDir(), 'dist') })
    const contact = result.routes.find((r) => r.url === '/contact')!
    const html = await readFile(path.join(result.outDir, contact.outputPath), 'utf8')
    expect(html).toContain('<section class="tidy-text"><div class="prose"><p>Write to hello@tidy.example.</p>')
  })

  it('report a syntax error at its file, line and column', async () => {
    const site = await siteFrom('minimal', { 'templates/sections/Text.tsx': 'export function Text() {\n  return <p>unclosed\n}\n' })
    const failure = await build({ site, outDir: path.join(await tempDir(), 'dist') }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BuildFailure)
    const [error] = (failure as BuildFailure).errors
    expect(error!.code).toBe('template-error')
    expect(error!.file).toMatch(/site\/templates\/sections\/Text\.tsx$/)
    expect(error!.line).toBe(3)
  })
})
