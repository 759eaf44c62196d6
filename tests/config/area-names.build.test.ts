import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BuildFailure, type BuildResult, build } from '../../src/build/index.js'
import { parseAreaName } from '../../src/config/areas/area-names.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, normalize } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// One area however its apostrophe or its accents were typed; chips that link whenever their page
// exists; one warning for those that cannot; places keys that match an area.
const areasYaml = await readFile(path.join(fixture('landing'), 'areas.yaml'), 'utf8')
const homeYaml = await readFile(path.join(fixture('landing'), 'pages/home.yaml'), 'utf8')
const text = (result: BuildResult, file: string) => String(result.files.find((f) => f.path === file)?.contents)

const chipsSection = (list: string, extra = '') =>
  `  - type: areas\n    heading: Where we work\n    groups: [{ list: ${list} }]\n    landingService: office-cleaning\n${extra}`
const local =
  'A river town of brick warehouses turned into offices, dental practices and a small college campus, where most clients want a weekly visit, spotless entrances in the winter months, and a crew that knows which doors lock at six and which stay open until the evening classes end.'

async function buildWith(files: Record<string, string>): Promise<BuildResult> {
  return build({ site: await warmSiteFrom('landing', files), write: false, cacheDir: false })
}

async function errorsWith(files: Record<string, string>): Promise<string[]> {
  const failure = await buildWith(files).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected a BuildFailure, got ${String(failure)}`)
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))
}

describe('area names', () => {
  beforeAll(() => warmFixture('landing'))

  it('folds apostrophes and Unicode forms into one area: one page, chips that link, facts that arrive', async () => {
    const areas = areasYaml
      .replace('    - Decatur, IL\n', '    - Decatur, IL\n    - O\u2019Fallon, IL\n    - Piqu\u00e9, IL\n')
      .replace('  west:\n', "  nearby:\n    - O'Fallon, IL\n    - Pique\u0301, IL\n  west:\n")
      .concat(`  O'Fallon, IL:\n    local: ${local}\n  Piqu\u00e9, IL:\n    county: Sangamon County\n`)
    const result = await buildWith({ 'areas.yaml': areas, 'pages/home.yaml': homeYaml + chipsSection('nearby') })
    const home = text(result, 'index.html')
    expect(home).toContain('<a href="/lp/ofallon-office-cleaning">')
    expect(home).toContain('<a href="/lp/pique-office-cleaning">')
    expect(home.match(/<li class="chip">/g)).toHaveLength(2)
    expect(result.routes.filter((r) => r.url.startsWith('/lp/ofallon-')).map((r) => r.url)).toEqual([
      '/lp/ofallon-office-cleaning',
      '/lp/ofallon-window-cleaning',
    ])
    expect(text(result, 'lp/ofallon-office-cleaning.html')).toContain('A river town of brick warehouses')
    expect(result.warnings.filter((w) => w.code === 'chip-without-page')).toEqual([])
  })

  it('reads a places key with stray spaces as its area, and reports one that matches none with the area it likely means', async () => {
    const errors = await errorsWith({
      'areas.yaml': areasYaml.replace('  Chatham, IL:\n', '  "Chatham,  IL ":\n').replace('  Rochester, IL:\n', '  Rochestr, IL:\n'),
    })
    expect(errors).toEqual([
      [
        'error[unknown-place]: The place "Rochestr, IL" matches no area of the lists in areas.yaml, so its facts would reach no page.',
        '  --> areas.yaml:41:3',
        '   |',
        '41 |   Rochestr, IL:',
        '   |   ^^^^^^^^^^^^',
        'hint: Did you mean "Rochester, IL"? Area names match whatever their case, spaces and apostrophe style, and the state may be left out when only one area has that city. A new area goes in a list first.',
      ].join('\n'),
    ])
  })

  it('reports two places keys that are one area typed two ways', async () => {
    const errors = await errorsWith({
      'areas.yaml': areasYaml
        .replace('    - Decatur, IL\n', "    - Decatur, IL\n    - O'Fallon, IL\n")
        .concat("  O'Fallon, IL:\n    county: St. Clair County\n  O\u2019Fallon, IL:\n    county: St. Clair\n"),
    })
    expect(errors.map((e) => e.split('\n').filter((line) => /^(error|note)|-->/.test(line)))).toEqual([
      [
        'error[duplicate-place]: The places "O\'Fallon, IL" and "O\u2019Fallon, IL" are one area (names match whatever their case, spaces, apostrophes or accent encoding), so one would hide the other\'s facts.',
        '  --> areas.yaml:76:3',
        'note: "O\'Fallon, IL" is here.',
        '  --> areas.yaml:74:3',
      ],
    ])
  })

  it("lists every chip without a page in one warning at the area list's line", async () => {
    const areas = areasYaml.replace('    - Jacksonville, IL\n', '    - Jacksonville, IL\n    - Quincy, IL\n')
    const result = await buildWith({ 'areas.yaml': areas, 'pages/home.yaml': homeYaml + chipsSection('west') })
    const warnings = result.warnings
      .filter((w) => w.code === 'chip-without-page')
      .map((w) => normalize(formatConfigError(w, { color: false })).replace(/<tmp>\/site\//g, ''))
    expect(warnings).toEqual([
      [
        'error[chip-without-page]: 2 area chips of the list "west" show as plain text, because landing.yaml makes no page for them: Jacksonville (office-cleaning), Quincy (office-cleaning).',
        '  --> areas.yaml:9:3',
        '  |',
        '9 |   west:',
        '  |   ^^^^',
        'hint: Add these areas to a landing.yaml matrix rule (or `pages`) for the service in brackets, or take them out of the list; where plain chips are meant, say so with `allowPlainChips: true` on the areas section.',
      ].join('\n'),
    ])
    const quiet = await buildWith({
      'areas.yaml': areas,
      'pages/home.yaml': homeYaml + chipsSection('west', '    allowPlainChips: true\n'),
    })
    expect(quiet.warnings.filter((w) => w.code === 'chip-without-page')).toEqual([])
  })

  it('keeps a service page quiet about its plain chips when it says they are meant', async () => {
    const areas = areasYaml.replace('    - Jacksonville, IL\n', '    - Jacksonville, IL\n    - Quincy, IL\n')
    const service = await readFile(path.join(fixture('landing'), 'services/office-cleaning.yaml'), 'utf8')
    // Without landingService the chips aim at the service's own pages, which only some areas have.
    const wider = service.replace('  list: central\n  landingService: office-cleaning\n', '  list: west\n')
    const loud = await buildWith({ 'areas.yaml': areas, 'services/office-cleaning.yaml': wider })
    expect(loud.warnings.filter((w) => w.code === 'chip-without-page').map((w) => w.path)).toEqual(['lists.west'])
    const quiet = await buildWith({
      'areas.yaml': areas,
      'services/office-cleaning.yaml': wider.replace('  list: west\n', '  list: west\n  allowPlainChips: true\n'),
    })
    expect(quiet.warnings.filter((w) => w.code === 'chip-without-page')).toEqual([])
  })

  it('spells every apostrophe-like mark as one and composes accents', () => {
    expect(['O\u2019Fallon', 'O\u2018Fallon', 'O\u02BCFallon', "O'Fallon"].map((name) => parseAreaName(name).city)).toEqual(
      Array(4).fill("O'Fallon"),
    )
    expect(parseAreaName('Pique\u0301 ,  oh')).toEqual({ city: 'Piqu\u00e9', cityKey: 'piqu\u00e9', state: 'OH' })
  })
})
