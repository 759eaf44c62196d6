import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { matchWeight, stylesheetWeights } from '../../src/config/theme/font-weights.js'
import { UnknownFont } from '../../src/errors/catalogue.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, normalize, repoRoot, siteFrom, validationErrors } from '../helpers/site.js'

// Weights chosen in site.yaml, system stacks, and share images drawn whatever
// font packages are installed.

async function buildWith(fonts: string) {
  const yaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
  const site = await siteFrom('minimal', { 'site.yaml': `${yaml}theme:\n  fonts:\n${fonts}` })
  const result = await build({ site, write: false, cacheDir: false, imageCacheDir: false })
  const text = (name: string) => String(result.files.find((f) => f.path === name)!.contents)
  const home = text('index.html')
  // The whole stylesheet: a page inlines it, or its cut for the page's layout.
  const css = text(result.files.find((f) => /^assets\/site-\w+\.css$/.test(f.path))!.path)
  // A page a link can be shared from: every one but the 404, the form's thank-you page and the
  // forms file Netlify reads.
  const shareable = result.files.filter((f) => f.path.endsWith('.html') && !/404|thank|success|^__/.test(f.path))
  return {
    result,
    home,
    css,
    woff2: result.files
      .filter((f) => f.path.endsWith('.woff2'))
      .map((f) => path.basename(f.path).replace(/-\w+\.woff2$/, ''))
      .sort(),
    withoutImage: shareable
      .filter((f) => !/<meta property="og:image" content="https:\/\/tidy\.example\/assets\/share\/[^"]+\.jpg"/.test(String(f.contents)))
      .map((f) => f.path),
    pages: shareable.length,
    // As the CLI prints a warning (src/cli/commands/shared.ts).
    warnings: result.warnings.map((w) =>
      normalize(formatConfigError(w, { color: false }))
        .replace(/<tmp>\/site\//g, '')
        .replace(/^error\[/, 'warning['),
    ),
  }
}

/** `selector{…}` blocks of minified CSS, @font-face included, with their declarations. */
const rules = (css: string) =>
  [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }))
const values = (body: string, property: RegExp) => [...body.matchAll(property)].map((m) => Number(m[1]))

describe("font weights, system stacks and the share images' face", () => {
  it('ships only the weights site.yaml lists, and the stylesheet asks each family only for those', async () => {
    const { woff2, css } = await buildWith(
      '    heading: Merriweather\n    body: Inter\n    weights:\n      heading: [800]\n      body: [400, 600]\n',
    )
    expect(woff2).toEqual(['inter-latin-wght-normal', 'merriweather-latin-800-normal'])
    const all = rules(css)
    const faces = all.filter((r) => r.selector.endsWith('@font-face') && r.body.includes('url('))
    expect(faces.map((f) => [/font-family:"?([^";]+)/.exec(f.body)![1], /font-weight:([\d ]+)/.exec(f.body)![1]])).toEqual([
      ['Inter Web', '400 600'],
      ['Merriweather Web', '800'],
    ])
    // Every weight of a rule is a token, and each token is a weight its family ships.
    const declared = all
      .filter((r) => !r.selector.endsWith('@font-face'))
      .flatMap((r) => [...r.body.matchAll(/font-weight:([^;}]+)/g)].map((m) => m[1]!))
    expect(declared.length).toBeGreaterThan(20)
    expect(declared.filter((d) => !/^var\(--weight-\d+,\s*\d+\)$/.test(d))).toEqual([])
    const tokens = (selector: string) => all.filter((r) => r.selector === selector).flatMap((r) => values(r.body, /--weight-\d+:(\d+)/g))
    expect(new Set(tokens(':root'))).toEqual(new Set([400, 600]))
    expect(new Set(tokens('h1,h2,h3,h4,.logo-text'))).toEqual(new Set([800]))
    expect(tokens(':root')).toHaveLength(stylesheetWeights.length)
  })

  it('takes a system stack with no package: no font file, no @font-face, no preload, and share images in the bundled face with a warning', async () => {
    const { woff2, home, css, withoutImage, pages, warnings } = await buildWith('    body: "system-ui, sans-serif"\n')
    expect(woff2).toEqual([])
    expect(css).not.toContain('@font-face')
    expect(home).not.toContain('rel="preload"')
    expect(css).toContain('--font-sans:system-ui,sans-serif;--font-heading:system-ui,sans-serif;')
    expect(pages).toBeGreaterThan(3)
    expect(withoutImage).toEqual([])
    expect(warnings).toMatchInlineSnapshot(`
      [
        "warning[share-image-font]: Share images are drawn in Inter (bundled with citypress), not in "system-ui, sans-serif": a system stack is the visitor's own fonts, which the build cannot read.
        --> site.yaml:14:11
         |
      14 |     body: "system-ui, sans-serif"
         |           ^^^^^^^^^^^^^^^^^^^^^^^
      hint: Name a fontsource family as the heading font to draw them in it, or keep Inter. The pages themselves are unaffected.",
      ]
    `)
  })

  it("draws every page's share image when only a variable package of the family is installed, and says in which face", async () => {
    // Source Sans 3 is installed as @fontsource-variable/source-sans-3 only: WOFF2, which satori cannot read.
    const { woff2, withoutImage, pages, warnings } = await buildWith('    body: Source Sans 3\n')
    expect(woff2).toEqual(['source-sans-3-latin-wght-normal'])
    expect(pages).toBeGreaterThan(3)
    expect(withoutImage).toEqual([])
    expect(warnings).toMatchInlineSnapshot(`
      [
        "warning[share-image-font]: Share images are drawn in Inter (bundled with citypress), not in "Source Sans 3": only its variable package is installed, and the image renderer reads no WOFF2 or variable font.
        --> site.yaml:14:11
         |
      14 |     body: Source Sans 3
         |           ^^^^^^^^^^^^^
      hint: Install the static package too (\`npm install @fontsource/source-sans-3\`) to draw them in the site's heading font. The pages themselves are unaffected.",
      ]
    `)
  })

  it('stops at the weights line when a listed weight is not in the package, naming those it has', async () => {
    const yaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
    const site = await siteFrom('minimal', {
      'site.yaml': `${yaml}theme:\n  fonts:\n    heading: Merriweather\n    weights: { heading: [550, 700] }\n`,
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))).toMatchInlineSnapshot(`
      [
        "error[font-weight-missing]: The font package @fontsource/merriweather has no weight 550 of "Merriweather", so the site cannot host it.
        --> site.yaml:15:25
         |
      15 |     weights: { heading: [550, 700] }
         |                         ^^^^^^^^^^
      hint: Choose among the weights it has: 300, 400, 500, 600, 700, 800, 900. Or leave \`theme.fonts.weights\` out to ship every weight the stylesheet uses.",
      ]
    `)
  })

  it('picks, for each weight the stylesheet asks, the face a browser would', () => {
    expect(stylesheetWeights.map((w) => matchWeight(w, [300, 400, 500, 600, 700, 800, 900]))).toEqual([
      400, 500, 600, 600, 700, 700, 800, 800,
    ])
    expect(stylesheetWeights.map((w) => matchWeight(w, [400, 700]))).toEqual([400, 400, 700, 700, 700, 700, 700, 700])
    expect(matchWeight(800, [400])).toBe(400)
    expect(matchWeight(300, [400, 700])).toBe(400)
  })

  it('lists every weight templates/styles asks for', () => {
    const styles = path.join(repoRoot, 'templates', 'styles')
    const used = readdirSync(styles)
      .filter((f) => f.endsWith('.css'))
      .flatMap((f) => values(readFileSync(path.join(styles, f), 'utf8'), /font-weight:\s*(\d+)/g))
    expect([...new Set([400, ...used])].sort()).toEqual([...stylesheetWeights])
  })

  it('names in the unknown-font hint only packages that exist', () => {
    const hint = UnknownFont.hint()
    const named = [...hint.matchAll(/@fontsource(?:-variable)?\/[a-z0-9-]+/g)].map((m) => m[0])
    expect(named.length).toBeGreaterThan(0)
    // Installed with citypress, so published: a name made from a typo or from `system-ui` is not.
    for (const pkg of named) expect(existsSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'))).toBe(true)
    expect(hint).toContain('system-ui, sans-serif')
  })
})
