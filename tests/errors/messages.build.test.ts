import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build, loadAndPlan } from '../../src/build/index.js'
import { placeProblems } from '../../src/config/read/place-problems.js'
import { BuildFailure, type ConfigError } from '../../src/errors/config-error.js'
import { closestIconName } from '../../src/errors/did-you-mean.js'
import { fixture, siteFrom } from '../helpers/site.js'

// Messages that misled, each pinned to what it says now.
const original = (name: string) => readFile(path.join(fixture('landing'), name), 'utf8')

async function failureOf(run: () => Promise<unknown>): Promise<BuildFailure> {
  try {
    await run()
  } catch (error) {
    if (error instanceof BuildFailure) return error
    throw error
  }
  throw new Error('expected the site to fail')
}

const brief = (e: ConfigError) => ({ code: e.code, file: path.basename(e.file), line: e.line, message: e.message, hint: e.hint })

describe('misleading messages', () => {
  it('suggests the Lucide name one word off, not an unrelated short icon', async () => {
    const service = `${await original('services/window-cleaning.yaml')}icon: wrench-tool\n`
    const site = await siteFrom('landing', { 'services/window-cleaning.yaml': service })
    const failure = await failureOf(() => loadAndPlan(site))
    expect(failure.errors.map(brief)).toEqual([
      {
        code: 'missing-reference',
        file: 'window-cleaning.yaml',
        line: 8,
        message: 'There is no icon named "wrench-tool" in the Lucide icon set.',
        hint: 'Did you mean "wrench"?',
      },
    ])
  })

  it('finds the meant icon for a word too many, too few, another word or a typo', async () => {
    const { readdirSync } = await import('node:fs')
    const { createRequire } = await import('node:module')
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/icons')
    const names = new Set(
      readdirSync(dir)
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => f.slice(0, -4)),
    )
    const meant = Object.fromEntries(
      [
        'chart',
        'air',
        'alarm-clock-big',
        'sheild-check',
        'ShieldCheck',
        'shield-checkmark',
        'hard-hat-worker',
        'mail-envelope',
        'zzzz',
      ].map((w) => [w, closestIconName(w, names)]),
    )
    expect(meant).toEqual({
      chart: 'bar-chart',
      air: 'air-vent',
      'alarm-clock-big': 'alarm-clock',
      'sheild-check': 'shield-check',
      ShieldCheck: 'shield-check',
      'shield-checkmark': 'shield-check',
      'hard-hat-worker': 'hard-hat',
      'mail-envelope': 'mail',
      zzzz: undefined,
    })
  })

  it("names a heading skip of service cards by the first card's title", async () => {
    const page = 'path: /about\ntitle: About\nsections:\n  - type: hero\n    title: About us\n  - type: services\n'
    const { plan } = await loadAndPlan(await siteFrom('landing', { 'pages/about.yaml': page }))
    const skips = (await placeProblems(plan.warnings)).filter((w) => w.code === 'heading-skip').map(brief)
    expect(skips).toEqual([
      {
        code: 'heading-skip',
        file: 'about.yaml',
        line: 6,
        message: 'The heading "Office Cleaning" is an h3 right after an h1, so the page skips a heading level.',
        hint: 'Give this services section a `heading` (its h2), or move it below a section that has one.',
      },
    ])
  })

  it("places a broken link found in the built pages at the line that writes it, not at the page's path", async () => {
    const home =
      'path: /\ntitle: Brightside Cleaning\nsections:\n  - type: hero\n    title: Clean offices\n    actions:\n      - { label: Our brochure, href: /assets/brochure.pdf }\n'
    const site = await siteFrom('landing', { 'pages/home.yaml': home })
    const failure = await failureOf(() => build({ site, outDir: path.join(site, '..', 'dist'), cacheDir: false, imageCacheDir: false }))
    expect(failure.errors.map(brief)).toEqual([
      {
        code: 'broken-link',
        file: 'home.yaml',
        line: 7,
        message: 'The page / links to /assets/brochure.pdf, which is neither a page nor a file of this site.',
        hint: 'Fix the link in the YAML (or the template) that writes it; run `citypress routes` to list every address.',
      },
    ])
  })
})

describe('pattern errors', () => {
  it('say what a value must look like instead of quoting the regular expression', async () => {
    const post = '---\ntitle: Spring checklist\ndate: 2026-3-1\nexcerpt: What to do in March.\n---\n\nMow high.\n'
    const forms = (await original('forms.yaml')).replace('name: email,', 'name: 2nd-email,')
    const site = await siteFrom('landing', { 'blog/spring.md': post, 'forms.yaml': forms })
    const failure = await failureOf(() => loadAndPlan(site))
    expect(failure.errors.map(brief)).toEqual([
      {
        code: 'bad-value',
        file: 'spring.md',
        line: 3,
        message: '`date` must be a date written YYYY-MM-DD (e.g. "2026-03-02").',
        hint: 'Publication date, YYYY-MM-DD.',
      },
      {
        code: 'bad-value',
        file: 'forms.yaml',
        line: 7,
        message: '`forms.lead.fields[1].name` must start with a letter and hold only letters, digits, "_" and "-".',
        hint: 'Field name as submitted.',
      },
    ])
  })

  it('have words for every pattern of the schemas', async () => {
    const { readdirSync, readFileSync } = await import('node:fs')
    const { patternRules } = await import('../../src/errors/catalogue.js')
    const dir = path.join(fixture('landing'), '../../../../schemas')
    const files = [
      ...readdirSync(dir).map((f) => path.join(dir, f)),
      ...readdirSync(path.join(dir, 'sections')).map((f) => path.join(dir, 'sections', f)),
    ]
    const patterns = new Set<string>()
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(item)
        return
      }
      if (!node || typeof node !== 'object') return
      const pattern = (node as { pattern?: unknown }).pattern
      if (typeof pattern === 'string') patterns.add(pattern)
      Object.values(node).forEach(walk)
    }
    for (const file of files.filter((f) => f.endsWith('.schema.json'))) walk(JSON.parse(readFileSync(file, 'utf8')))
    expect([...patterns].filter((p) => !(p in patternRules))).toEqual([])
  })
})
