import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BuildFailure, build } from '../../src/build/index.js'
import type { ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, normalize } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// Fonts by family name from installed @fontsource packages.
async function buildInMemory(files: Record<string, string> = {}) {
  const site = await warmSiteFrom('brand', files)
  const result = await build({ site, write: false, cacheDir: false })
  const text = (name: string) => String(result.files.find((f) => f.path === name)!.contents)
  return {
    result,
    home: text('index.html'),
    fonts: result.files
      .filter((f) => f.path.endsWith('.woff2'))
      .map((f) => f.path)
      .sort(),
  }
}

const brandYaml = () => readFile(path.join(fixture('brand'), 'site.yaml'), 'utf8')

/** The unchanged fixture's build, which the first two tests only read. */
let unchanged: ReturnType<typeof buildInMemory>

describe('fonts by family name', () => {
  beforeAll(async () => {
    await warmFixture('brand')
    unchanged = buildInMemory()
    // Built here, where a hook has more time than a test; a failure is reported by the tests that await it.
    await unchanged.catch(() => undefined)
  })

  it('self-hosts the Latin subset of each family, preloads the body font and stretches a local fallback to its metrics', async () => {
    const { home, fonts } = await unchanged
    // The heading's static package: a face for each weight the stylesheet asks (550 → 600, 650 →
    // 700, 750 → 800), each downloaded only by a page that shows it; the body's one variable file.
    expect(fonts.map((f) => f.replace(/-\w+\.woff2$/, ''))).toEqual([
      ...[400, 500, 600, 700, 800].map((w) => `assets/merriweather-latin-${w}-normal`),
      'assets/source-sans-3-latin-wght-normal',
    ])
    expect(home).toMatch(
      /<link rel="preload" href="\/assets\/source-sans-3-latin-wght-normal-\w+\.woff2" as="font" type="font\/woff2" crossorigin="anonymous"\/>/,
    )
    expect(home).not.toMatch(/rel="preload" href="\/assets\/merriweather/)
    const faces = home.match(/@font-face\{[^}]*\}/g)!
    expect(faces.every((f) => f.includes('font-display:swap') || f.includes('local('))).toBe(true)
    // Merriweather is a serif: its fallback is Times New Roman, scaled by the font file's own metrics.
    expect(faces.find((f) => f.includes('Merriweather Fallback'))).toMatch(
      /local\("?Times New Roman"?\).*ascent-override:\d+(\.\d+)?%;descent-override:\d+(\.\d+)?%;line-gap-override:\d+(\.\d+)?%;size-adjust:1\d\d(\.\d+)?%/,
    )
    expect(faces.find((f) => f.includes('Source Sans 3 Fallback'))).toMatch(/local\("?Arial"?\)/)
    expect(home).toContain('--font-sans:"Source Sans 3 Web","Source Sans 3 Fallback"')
    expect(home).toContain('--font-heading:"Merriweather Web","Merriweather Fallback"')
    expect(home).not.toMatch(/fonts\.(googleapis|gstatic)|https:\/\/[^"]*\.woff/)
  })

  it("scales the fallbacks the same when the fonts' metrics come from the build cache", async () => {
    const faces = (html: string) => html.match(/@font-face\{[^}]*Fallback[^}]*\}/g)
    const { home } = await unchanged
    const site = await warmSiteFrom('brand')
    const cached = async () => {
      const result = await build({ site, write: false })
      return String(result.files.find((f) => f.path === 'index.html')!.contents)
    }
    const first = await cached()
    expect(await readFile(path.join(site, '.citypress', 'cache', 'config.json'), 'utf8')).toContain('"fonts":{"')
    expect(faces(first)).toEqual(faces(home))
    expect(faces(await cached())).toEqual(faces(home))
  })

  it("adds the subset of another script only when the site's text has characters of it", async () => {
    const home = await readFile(path.join(fixture('brand'), 'pages', 'home.yaml'), 'utf8')
    const { fonts } = await buildInMemory({ 'pages/home.yaml': home.replace('Certified arborists', 'Certified arborists (Łódź office)') })
    expect(fonts.map((f) => f.replace(/-\w+\.woff2$/, '')).filter((f) => !/merriweather-.*-[45680]00-/.test(f))).toEqual([
      'assets/merriweather-latin-700-normal',
      'assets/merriweather-latin-ext-700-normal',
      'assets/source-sans-3-latin-ext-wght-normal',
      'assets/source-sans-3-latin-wght-normal',
    ])
  })

  it('stops at the line of a family no package provides, naming no package that may not exist', async () => {
    const yaml = (await brandYaml()).replace('heading: Merriweather', 'heading: Merriwether')
    const error = await buildInMemory({ 'site.yaml': yaml }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(BuildFailure)
    const [first, ...rest] = (error as BuildFailure).errors as ConfigError[]
    expect(rest).toEqual([])
    expect(normalize(formatConfigError(first!, { color: false })).replace(/<tmp>\/site\//g, '')).toMatchInlineSnapshot(`
      "error[unknown-font]: No installed font package provides the family "Merriwether", so the site cannot host it.
        --> site.yaml:27:14
         |
      27 |     heading: Merriwether
         |              ^^^^^^^^^^^
      hint: Install the family's fontsource package where the site is built (its name is on fontsource.org: "Source Sans 3" is \`npm install @fontsource-variable/source-sans-3\`), or name a system stack that needs no package, such as "system-ui, sans-serif"."
    `)
  })
})
