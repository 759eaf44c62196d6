import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSummary } from '../../src/build/index.js'
import { familyPattern } from '../../src/config/theme/font-metadata.js'
import { formatConfigError } from '../../src/errors/format.js'
import { normalize, repoRoot, siteFrom, tempDir, validationErrors } from '../helpers/site.js'

// A font package is input like site.yaml. Its values are checked before they
// reach the stylesheet (inlined in every page), and its files are part of what a build reads.

const inter = path.join(repoRoot, 'node_modules', '@fontsource-variable', 'inter')

/** A copy of the Inter package in the site's own node_modules (what the site's body font resolves to first). */
async function installInter(
  site: string,
  { metadata, files = true }: { metadata?: (text: string) => string; files?: boolean } = {},
): Promise<string> {
  const dir = path.join(site, 'node_modules', '@fontsource-variable', 'inter')
  await mkdir(path.join(dir, files ? 'files' : ''), { recursive: true })
  const text = await readFile(path.join(inter, 'metadata.json'), 'utf8')
  await writeFile(path.join(dir, 'metadata.json'), metadata ? metadata(text) : text)
  await cp(path.join(inter, 'unicode.json'), path.join(dir, 'unicode.json'))
  if (files) await cp(path.join(inter, 'files', 'inter-latin-wght-normal.woff2'), path.join(dir, 'files', 'inter-latin-wght-normal.woff2'))
  return dir
}

const printed = (error: Parameters<typeof formatConfigError>[0]) => normalize(formatConfigError(error, { color: false }))

describe('font packages', () => {
  it('stops at the line of a package file whose family would write markup into the stylesheet', async () => {
    const site = await siteFrom('minimal')
    await installInter(site, {
      metadata: (text) => text.replace('"family": "Inter"', '"family": "X\\";}</style><script>alert(1)</script><style>a{b:\\""'),
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => e.code)).toEqual(['bad-font-package'])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[bad-font-package]: The font package @fontsource-variable/inter gives metadata.json family as "X\\";}</style><script>alert(1)</script><style>a{b:\\"", which is not a family name of letters, digits, spaces and . ' -.
        --> <tmp>/site/node_modules/@fontsource-variable/inter/metadata.json:3:13
        |
      3 |   "family": "X\\";}</style><script>alert(1)</script><style>a{b:\\"",
        |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
      hint: citypress writes this value into the site's stylesheet, so it takes only what fontsource publishes. The package is damaged or not a fontsource package: reinstall it (\`npm install @fontsource-variable/inter\`), or remove it."
    `)
  })

  it('checks a package family as strictly as site.yaml checks one', async () => {
    const schema = JSON.parse(await readFile(path.join(repoRoot, 'schemas', 'site.schema.json'), 'utf8')) as {
      properties: { theme: { properties: { fonts: { properties: { body: { pattern: string } } } } } }
    }
    // The schema's takes a system stack too: the same names, each after an optional `-`, separated by commas.
    const name = `-?${familyPattern.source.slice(1, -1)}`
    expect(schema.properties.theme.properties.fonts.properties.body.pattern).toBe(`^${name}(?:, *${name})*$`)
  })

  it('reports a package without its files/ folder at the site.yaml line that names the family', async () => {
    const yaml = await readFile(path.join(await siteFrom('minimal'), 'site.yaml'), 'utf8')
    const site = await siteFrom('minimal', { 'site.yaml': `${yaml}theme:\n  fonts:\n    body: Inter\n` })
    await installInter(site, { files: false })
    const errors = await validationErrors(site)
    expect(errors.map((e) => e.code)).toEqual(['bad-font-package'])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[bad-font-package]: The font package @fontsource-variable/inter has no files/inter-latin-wght-normal.woff2, which the family "Inter" needs, so the site cannot host it.
        --> <tmp>/site/site.yaml:14:11
         |
      14 |     body: Inter
         |           ^^^^^
      hint: The package is incomplete (an installed fontsource package holds metadata.json, unicode.json and a files/ folder of .woff2 files): reinstall it (\`npm install @fontsource-variable/inter\`), or remove it."
    `)
  })

  it('reports a face file that is not a font at the same line, instead of failing inside the font reader', async () => {
    const site = await siteFrom('minimal')
    const dir = await installInter(site)
    await writeFile(path.join(dir, 'files', 'inter-latin-wght-normal.woff2'), 'not a font')
    const errors = await validationErrors(site)
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      [
        'bad-font-package',
        'The font package @fontsource-variable/inter holds a files/inter-latin-wght-normal.woff2 that is not a font file citypress can read, so the family "Inter" cannot be measured for its fallback.',
      ],
    ])
  })

  it('builds again when a font package the site uses is installed, changed or removed', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const again = () => buildSummary({ site, outDir: out })
    const css = async () => {
      const home = await readFile(path.join(out, 'index.html'), 'utf8')
      // esbuild drops the quotes of a family name that needs none.
      return home.match(/@font-face\{font-family:"?([^";]+?) Web"?;/)?.[1]
    }
    expect((await again()).replayed).toBe(false)
    expect((await again()).replayed).toBe(true)

    // Installed in the site: it is found before citypress's own copy.
    const dir = await installInter(site)
    expect((await again()).replayed).toBe(false)

    await writeFile(
      path.join(dir, 'metadata.json'),
      (await readFile(path.join(dir, 'metadata.json'), 'utf8')).replace('"family": "Inter"', '"family": "Inter Site"'),
    )
    expect((await again()).replayed).toBe(false)
    expect(await css()).toBe('Inter Site')

    await rm(path.join(site, 'node_modules'), { recursive: true })
    expect((await again()).replayed).toBe(false)
    expect(await css()).toBe('Inter')
  })
})
