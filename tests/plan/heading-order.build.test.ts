import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { loadSite } from '../../src/config/load-site.js'
import { placeProblems } from '../../src/config/read/place-problems.js'
import type { ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { planSite } from '../../src/plan/plan-site.js'
import { normalize, siteFrom } from '../helpers/site.js'

// Where content would make a page skip a heading level, the build warns at
// the Markdown or YAML line that causes it (a warning: the page is still built).
const warningsOf = async (files: Record<string, string>) =>
  placeProblems(planSite(await loadSite(await siteFrom('landing', files))).warnings)
/** As the CLI prints a warning (src/cli/commands/shared.ts), with the temporary folder named site/. */
const printed = (warnings: readonly ConfigError[]) =>
  warnings.map((w) =>
    normalize(formatConfigError(w, { color: false }))
      .replace(/^error\[/, 'warning[')
      .replace(/--> .*\/site\//, '--> site/'),
  )
const landingYaml = readFileSync(new URL('../fixtures/sites/landing/landing.yaml', import.meta.url), 'utf8')

const post = (body: string) => `---\ntitle: Spring checklist\ndate: 2026-03-01\nexcerpt: What to do in March.\n---\n\n${body}`

describe('heading-level skips', () => {
  it('are warned at the Markdown line of a post whose body jumps from h2 to h4', async () => {
    const warnings = await warningsOf({ 'blog/spring.md': post('## Lawns\n\nMow high.\n\n#### Edges\n\nKeep them crisp.\n') })
    expect(printed(warnings)).toEqual([
      [
        'warning[heading-skip]: The heading "Edges" is an h4 right after an h2, so the page skips a heading level.',
        '  --> site/blog/spring.md:11:1',
        '   |',
        '11 | #### Edges',
        '   | ^^^^^^^^^^',
        'hint: Write it as ### (an h3), or add the missing level above it.',
      ].join('\n'),
    ])
  })

  it('are warned at a post body that starts at h3 under the title', async () => {
    const warnings = await warningsOf({ 'blog/spring.md': post('### Lawns\n\nMow high.\n') })
    expect(warnings.map((w) => [w.code, w.line, w.hint])).toEqual([
      ['heading-skip', 7, 'Write it as ## (an h2), or add the missing level above it.'],
    ])
  })

  it('are warned at the YAML section without a heading whose items are h3s right after the h1', async () => {
    const page =
      'path: /why\ntitle: Why us\nsections:\n  - type: hero\n    title: Why us\n  - type: features\n    items:\n      - { title: Insured }\n'
    const [warning, ...rest] = await warningsOf({ 'pages/why.yaml': page })
    expect(rest).toEqual([])
    expect([warning!.code, warning!.message, warning!.line, warning!.lineText, warning!.hint]).toEqual([
      'heading-skip',
      'The heading "Insured" is an h3 right after an h1, so the page skips a heading level.',
      6,
      '  - type: features',
      'Give this features section a `heading` (its h2), or move it below a section that has one.',
    ])
  })

  it('are warned at landing.yaml when a layout puts a grid without a heading right after the hero', async () => {
    const landing = landingYaml.replace('  office-cleaning:\n', '  office-cleaning:\n    layout: [hero, highlights, form]\n')
    const warnings = await warningsOf({ 'landing.yaml': landing })
    expect(warnings.map((w) => [w.code, w.path, w.lineText, w.hint])).toEqual([
      [
        'heading-skip',
        'services.office-cleaning',
        '  office-cleaning:',
        'Give the section a heading: `highlightsHeading` in landing.yaml `content` or `services.office-cleaning`.',
      ],
    ])
  })

  it('are warned at a service whose cards follow the h1 when site.yaml gives that part no heading', async () => {
    const site = readFileSync(new URL('../fixtures/sites/landing/site.yaml', import.meta.url), 'utf8')
    const warnings = await warningsOf({ 'site.yaml': site.replace(/^servicePage:\n.*\n/m, '') })
    expect(warnings.map((w) => [w.file.replace(/.*\/site\//, ''), w.message, w.hint])).toEqual(
      ['office-cleaning', 'window-cleaning'].map((slug) => [
        `services/${slug}.yaml`,
        `The heading "${slug === 'office-cleaning' ? 'Desks and Workstations' : 'Storefront Glass'}" is an h3 right after an h1, so the page skips a heading level.`,
        'Give the services section a heading: site.yaml `servicePage.services.heading`, or `page.services.heading` in this service.',
      ]),
    )
  })

  it('are not warned when every level is there, and a warning does not stop the build', async () => {
    expect(await warningsOf({ 'blog/spring.md': post('## Lawns\n\n### Edges\n\n#### Tools\n\n## Beds\n') })).toEqual([])
    const site = await siteFrom('landing', { 'blog/spring.md': post('#### Tools\n') })
    const result = await build({ site, write: false, cacheDir: false })
    expect(result.warnings.map((w) => w.code)).toEqual(['heading-skip'])
    expect(result.routes.some((r) => r.url === '/blog/spring')).toBe(true)
  })
})

describe('a page without a main heading', () => {
  it('is warned at its first section, where the hero would go', async () => {
    const page = 'path: /why\ntitle: Why us\nsections:\n  - type: features\n    heading: Why us\n    items:\n      - { title: Insured }\n'
    const warnings = await warningsOf({ 'pages/why.yaml': page })
    expect(printed(warnings)).toEqual([
      [
        'warning[missing-h1]: The page /why has no main heading (h1), so search engines and screen reader users cannot tell what the page is about.',
        '  --> site/pages/why.yaml:4:5',
        '  |',
        '4 |   - type: features',
        '  |     ^^^^^^^^^^^^^^',
        "hint: Start it with a `hero` section: its `title` is the page's h1.",
      ].join('\n'),
    ])
  })

  it('is warned at a service that leaves its hero out', async () => {
    const service = readFileSync(new URL('../fixtures/sites/landing/services/window-cleaning.yaml', import.meta.url), 'utf8')
    const warnings = await warningsOf({ 'services/window-cleaning.yaml': `${service.trimEnd()}\nskipHero: true\n` })
    expect(warnings.map((w) => [w.code, w.file.replace(/.*\/site\//, ''), w.message, w.hint])).toEqual([
      [
        'missing-h1',
        'services/window-cleaning.yaml',
        'The service page of "Window Cleaning" has no main heading (h1), so search engines and screen reader users cannot tell what the page is about.',
        "Leave its hero in (remove `skipHero`): the hero's headline is the page's h1.",
      ],
    ])
  })
})
