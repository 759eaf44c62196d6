import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { fixture, memoryIo, siteFrom, tempDir } from '../helpers/site.js'

// Mistakes in different files never hide each other. One mistake of each kind,
// each in its own file of the landing fixture.
const original = (name: string) => readFile(path.join(fixture('landing'), name), 'utf8')

const mistakes = async (): Promise<Record<string, string>> => ({
  // 1. an unknown key
  'services/window-cleaning.yaml': `${await original('services/window-cleaning.yaml')}colour: blue\n`,
  // 2. an unknown form
  'pages/contact.yaml':
    'path: /contact\ntitle: Contact\nsections:\n  - type: hero\n    title: Contact\n  - type: form\n    heading: Ask us\n    form: quote\n',
  // 3. low contrast
  'site.yaml': (await original('site.yaml')).replace('services: [', 'theme:\n  colors:\n    onPrimary: "#a9c8ee"\nservices: ['),
  // 4. a broken link in YAML
  'pages/home.yaml':
    'path: /\ntitle: Brightside Cleaning\nsections:\n  - type: hero\n    title: Clean offices across central Illinois\n    actions:\n      - { label: Get a Quote, href: /contakt }\n',
  // 5. a broken link in Markdown
  'blog/first-post.md': '---\ntitle: Our first post\ndate: 2026-02-10\nexcerpt: Hello.\n---\n\nRead [our prices](/prices) first.\n',
  // 6. a heading skip (a warning)
  'pages/about.yaml':
    'path: /about\ntitle: About\nsections:\n  - type: hero\n    title: About us\n  - type: text\n    body: |\n      ### Our story\n\n      Since 1999.\n',
  // 7. an unresolved area
  'landing.yaml': (await original('landing.yaml')).replace('area: "Jacksonville, IL"', 'area: "Jaksonville, IL"'),
})

type Record_ = Record<string, unknown>
const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record_)
const brief = (p: Record_) => [p.type, p.code, p.file, p.line]

async function inSite<T>(site: string, run: () => Promise<T>): Promise<T> {
  const before = process.cwd()
  process.chdir(site)
  try {
    return await run()
  } finally {
    process.chdir(before)
  }
}

describe('one round of errors', () => {
  it('reports all seven mistakes of seven files in one run of validate --json and of build --json', async () => {
    const site = await siteFrom('landing', await mistakes())
    const validate = memoryIo()
    expect(await inSite(site, () => main(['validate', '--json'], validate))).toBe(1)
    const expected = [
      ['error', 'unknown-area', 'landing.yaml', 6],
      ['error', 'missing-reference', 'pages/contact.yaml', 8],
      ['error', 'broken-link', 'blog/first-post.md', 7],
      ['error', 'broken-link', 'pages/home.yaml', 7],
      ['error', 'unknown-key', 'services/window-cleaning.yaml', 8],
      ['error', 'low-contrast', 'site.yaml', 14],
      ['warning', 'heading-skip', 'pages/about.yaml', 6],
    ]
    const found = lines(validate.stdout)
    expect(found.slice(0, -1).map(brief).sort()).toEqual(expected.sort())
    expect(found.at(-1)).toMatchObject({ type: 'summary', ok: false, errors: 6, warnings: 1 })

    const build = memoryIo()
    const out = path.join(await tempDir(), 'dist')
    expect(await inSite(site, () => main(['build', '--out', out, '--json'], build))).toBe(1)
    expect(lines(build.stdout).slice(0, -1).map(brief).sort()).toEqual(expected.sort())
  })

  it('tells each of the seven mistakes alone as exactly one problem', async () => {
    const all = await mistakes()
    const told = await Promise.all(
      Object.entries(all).map(async ([name, text]) => {
        const io = memoryIo()
        await inSite(await siteFrom('landing', { [name]: text }), () => main(['validate', '--json'], io))
        return [
          name,
          lines(io.stdout)
            .slice(0, -1)
            .filter((p) => p.type === 'error' || p.code === 'heading-skip').length,
        ]
      }),
    )
    expect(told).toEqual(Object.keys(all).map((name) => [name, 1]))
  })

  it('does not report references to a file left out for its errors as missing', async () => {
    // The service has a wrong type; landing.yaml, site.yaml and the areas section still name it.
    const site = await siteFrom('landing', {
      'services/window-cleaning.yaml': `${await original('services/window-cleaning.yaml')}badges: Insured\n`,
    })
    const io = memoryIo()
    expect(await inSite(site, () => main(['validate', '--json'], io))).toBe(1)
    expect(
      lines(io.stdout)
        .slice(0, -1)
        .filter((p) => p.type === 'error')
        .map(brief),
    ).toEqual([['error', 'wrong-type', 'services/window-cleaning.yaml', 8]])
  })

  it('still checks the other files when site.yaml itself cannot be used', async () => {
    const site = await siteFrom('landing', {
      'site.yaml': (await original('site.yaml')).replace('name: Brightside Cleaning', 'name: [Brightside]'),
      'landing.yaml': (await original('landing.yaml')).replace('form: lead', 'form: leed'),
    })
    const io = memoryIo()
    expect(await inSite(site, () => main(['validate', '--json'], io))).toBe(1)
    expect(lines(io.stdout).slice(0, -1).map(brief)).toEqual([
      ['error', 'missing-reference', 'landing.yaml', 13],
      ['error', 'wrong-type', 'site.yaml', 4],
    ])
  })

  it('does not report every area as unknown when areas.yaml has an error of its own', async () => {
    const site = await siteFrom('landing', { 'areas.yaml': (await original('areas.yaml')).replace('    lat: 39.7817', '    lat: north') })
    const io = memoryIo()
    expect(await inSite(site, () => main(['validate', '--json'], io))).toBe(1)
    expect(
      lines(io.stdout)
        .slice(0, -1)
        .filter((p) => p.type === 'error')
        .map((p) => p.code),
    ).toEqual(['wrong-type'])
  })

  it("gives every first-try mistake of a newcomer's site at its own line, in one validate and one build, alike", async () => {
    const minimal = (name: string) => readFile(path.join(fixture('minimal'), name), 'utf8')
    const site = await siteFrom('minimal', {
      'site.yaml': `${await minimal('site.yaml')}phone: 1-800-FLOWERS\nbusiness:\n  phones:\n    - { number: (555) 01 }\ntheme:\n  fonts:\n    body: No Such Font\n`,
      'landing.yaml': `${await minimal('landing.yaml')}content:\n  title: "{servce} in {city}"\n`,
      // NFC and NFD "Cañon City", a no-break space in "Salem Heights": one town each, no error.
      'areas.yaml': [
        'lists:',
        '  main:',
        '    - Springfield, IL',
        '    - Ft. Mill, SC',
        '    - Fort Mill, SC',
        `    - ${'Cañon City, CO'.normalize('NFC')}`,
        '    - Salem\u00a0Heights, OR',
        '    - Lonely, IL',
        'places:',
        '  Springfield, IL: {}',
        '  Ft. Mill, SC: {}',
        '  Fort Mill, SC: {}',
        `  ${'Cañon City, CO'.normalize('NFD')}: {}`,
        '  Salem Heights, OR: {}',
        '',
      ].join('\n'),
    })
    const expected = [
      ['error', 'bad-phone', 'site.yaml', 12],
      ['error', 'bad-phone', 'site.yaml', 15],
      ['error', 'bad-value', 'landing.yaml', 6],
      ['error', 'landing-without-place', 'areas.yaml', 8],
      ['error', 'same-area-slug', 'areas.yaml', 4],
      ['error', 'unknown-font', 'site.yaml', 18],
    ]
    const validate = memoryIo()
    expect(await inSite(site, () => main(['validate', '--json'], validate))).toBe(1)
    const errors = (io: { stdout: string }) =>
      lines(io.stdout)
        .slice(0, -1)
        .filter((p) => p.type === 'error')
        .map(brief)
        .sort()
    expect(errors(validate)).toEqual(expected.sort())
    const build = memoryIo()
    const out = path.join(await tempDir(), 'dist')
    expect(await inSite(site, () => main(['build', '--out', out, '--json'], build))).toBe(1)
    expect(errors(build)).toEqual(expected.sort())
  })
})
