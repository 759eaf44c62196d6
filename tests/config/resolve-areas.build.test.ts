import { cp, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadAndPlan } from '../../src/build/index.js'
import { placeProblems } from '../../src/config/read/place-problems.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import type { LandingPageProps } from '../../src/plan/landing-model.js'
import { routeProps } from '../../src/plan/route-props.js'
import { fixture, normalize, repoRoot, siteFrom, tempDir } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// Every area reference resolves to exactly one area, or the build stops.
const areasYaml = await readFile(path.join(fixture('landing'), 'areas.yaml'), 'utf8')
const landingYaml = await readFile(path.join(fixture('landing'), 'landing.yaml'), 'utf8')

/** What `citypress validate` finds (no rendering): the plan, its warnings, or the printed errors. */
async function check(dir: string) {
  try {
    const { site, plan } = await loadAndPlan(dir)
    const warnings = await placeProblems([...site.warnings, ...plan.warnings])
    return { plan, warnings: warnings.map(print), errors: [] as string[] }
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error
    return { plan: undefined, warnings: [], errors: (await placeProblems(error.errors)).map(print) }
  }
}
const print = (problem: Parameters<typeof formatConfigError>[0]) =>
  normalize(formatConfigError(problem, { color: false })).replace(/<tmp>\/site\//g, '')
const withLanding = async (files: Record<string, string>) => check(await siteFrom('landing', files))
const landingUrls = (plan: { routes: readonly { template: string; url: string }[] } | undefined) =>
  plan!.routes.filter((r) => r.template === 'landing').map((r) => r.url)

/** A copy of sites/greenway with its areas.yaml edited. */
async function greenway(edit: (areas: string) => string) {
  const dir = path.join(await tempDir(), 'site')
  await cp(path.join(repoRoot, 'sites/greenway'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  const file = path.join(dir, 'areas.yaml')
  const { writeFile } = await import('node:fs/promises')
  await writeFile(file, edit(await readFile(file, 'utf8')))
  return check(dir)
}
/** The second `Tigard, OR` / `Lake Oswego, OR` of greenway's areas.yaml: the entries of its `landing` list. */
const inLandingList = (areas: string, from: string, to: string) =>
  areas.replace(new RegExp(`(\\n  landing:\\n(?:    - .*\\n)*?)    - ${from}\\n`), `$1    - ${to}\n`)

describe('area references', () => {
  it('reads "Tigard" and a "Lake Oswego, OR" typed with a no-break space as the areas the other list names', async () => {
    const { plan, errors, warnings } = await greenway((areas) =>
      inLandingList(inLandingList(areas, 'Tigard, OR', 'Tigard'), 'Lake Oswego, OR', 'Lake\u00A0Oswego, OR'),
    )
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    const urls = landingUrls(plan)
    expect(urls).toHaveLength(45)
    expect(urls.filter((u) => /tigard|oswego/.test(u)).sort()).toEqual([
      '/lp/lake-oswego-irrigation',
      '/lp/lake-oswego-landscape-design',
      '/lp/lake-oswego-lawn-care',
      '/lp/tigard-irrigation',
      '/lp/tigard-landscape-design',
      '/lp/tigard-lawn-care',
    ])
    const tigard = routeProps(plan!.routes.find((r) => r.url === '/lp/tigard-lawn-care')!) as LandingPageProps
    expect(plan!.routes.find((r) => r.url === '/lp/tigard-lawn-care')!.title).toMatch(/^Lawn Care in Tigard, OR /)
    expect(tigard.local?.text).toContain('Bull Mountain')
  })

  it('stops at a places key whose area the lists name without a state, with what to write', async () => {
    const { errors, warnings } = await greenway((areas) => areas.replaceAll('    - Tigard, OR\n', '    - Tigard\n'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(
      'error[unknown-place]: The place "Tigard, OR" matches no area of the lists in areas.yaml, so its facts would reach no page.',
    )
    expect(errors[0]).toMatch(/--> .*areas\.yaml:93:3\n/)
    expect(errors[0]).toContain(
      'hint: The lists have "Tigard" without a state: write it "Tigard, OR" there, or key this place "Tigard" with `state: OR`.',
    )
    expect(warnings).toEqual([])
  })

  it('matches case, spaces, no-break spaces and apostrophes alike: one area, one page', async () => {
    const areas = areasYaml
      .replace('    - Jacksonville, IL\n', '    - Jacksonville, IL\n    - sHERMAN ,IL\n    - Rochester\u00A0 , IL\n')
      .replace('    - Decatur, IL\n', '    - Decatur, IL\n    - O\u2019Fallon, IL\n')
      .concat('  o\'fallon, il:\n    county: St. Clair County\n  "rochester":\n    state: IL\n')
      .replace('  Rochester, IL:\n', '  Rochester Hills, IL:\n')
    const landing = landingYaml.replace('matrix:\n', 'matrix:\n  - { areas: west, services: [office-cleaning] }\n')
    const { errors } = await withLanding({ 'areas.yaml': areas, 'landing.yaml': landing })
    // "Rochester Hills, IL" is now a place of no area; everything else is one area each.
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      'error[unknown-place]: The place "Rochester Hills, IL" matches no area of the lists in areas.yaml, so its facts would reach no page.',
    ])
    const fixed = await withLanding({
      'areas.yaml': areas.replace(/^ {2}Rochester Hills, IL:\n(?: {4}.*\n)*/m, ''),
      'landing.yaml': landing,
    })
    expect(fixed.errors).toEqual([])
    const urls = landingUrls(fixed.plan)
    expect(urls.filter((u) => u.startsWith('/lp/sherman-office'))).toEqual(['/lp/sherman-office-cleaning'])
    expect(urls.filter((u) => u.startsWith('/lp/rochester-office'))).toEqual(['/lp/rochester-office-cleaning'])
    expect(urls).toContain('/lp/ofallon-office-cleaning')
    expect(urls).toHaveLength(13) // the fixture's 10, Jacksonville's office cleaning, O'Fallon's two
    expect(fixed.plan!.routes.find((r) => r.url === '/lp/ofallon-office-cleaning')!.title).toBe(
      "Office Cleaning in O'Fallon, IL | Brightside Cleaning",
    )
  })

  it('stops at a list entry without its state when two states have that city, naming both', async () => {
    const areas = areasYaml.replace(
      '    - Jacksonville, IL\n',
      '    - Jacksonville, IL\n    - Springfield\n  missouri:\n    - Springfield, MO\n',
    )
    const { errors } = await withLanding({ 'areas.yaml': areas })
    expect(errors).toEqual([
      [
        'error[ambiguous-area]: The list entry "Springfield" could be "Springfield, IL" or "Springfield, MO": more than one area has that city, so the name needs its state.',
        '  --> areas.yaml:11:7',
        '   |',
        '11 |     - Springfield',
        '   |       ^^^^^^^^^^^',
        'hint: Write the state after a comma: "Springfield, IL" or "Springfield, MO".',
      ].join('\n'),
    ])
  })

  it('reads a list entry without its state as the one area of that city, and builds its page', async () => {
    const areas = areasYaml.replace('    - Jacksonville, IL\n', '    - Jacksonville, IL\n    - Springfield\n')
    const landing = landingYaml.replace('matrix:\n', 'matrix:\n  - { areas: west, services: [office-cleaning] }\n')
    const { plan, errors, warnings } = await withLanding({ 'areas.yaml': areas, 'landing.yaml': landing })
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    const springfield = plan!.routes.filter((r) => r.url.startsWith('/lp/springfield-office'))
    expect(springfield.map((r) => r.url)).toEqual(['/lp/springfield-office-cleaning'])
    expect(springfield[0]!.title).toBe('Office Cleaning in Springfield, IL | Brightside Cleaning')
  })

  it('stops at a state field that disagrees with the name, and warns of an area whose state cannot be known', async () => {
    const areas = areasYaml
      .replace('    - Jacksonville, IL\n', '    - Jacksonville, IL\n    - Quincy IL\n    - Peoria\n')
      .replace('  Chatham, IL:\n', '  Chatham, IL:\n    state: MO\n')
      .concat('  Peoria:\n    state: IL\n')
    const result = await withLanding({ 'areas.yaml': areas })
    expect(result.errors).toEqual([
      [
        'error[state-mismatch]: The place "Chatham, IL" says `state: MO`, but its area is in IL.',
        '  --> areas.yaml:34:12',
        '   |',
        '34 |     state: MO',
        '   |            ^^',
        'hint: Make them agree: `state: IL`, or fix the state in the name. The name\'s ", ST" is a shorthand for `state`.',
      ].join('\n'),
    ])
    const { warnings } = await withLanding({ 'areas.yaml': areas.replace('    state: MO\n', '') })
    // Peoria has its state from its place; "Quincy IL" has none. (The CLI prints warnings as warning[…].)
    expect(warnings).toEqual([
      [
        'error[area-without-state]: The area "Quincy IL" has no state: its name has no ", ST" and its place no `state`, so its pages name no state and the locations page lists it under "Other areas".',
        '  --> areas.yaml:11:7',
        '   |',
        '11 |     - Quincy IL',
        '   |       ^^^^^^^^^',
        'hint: Did you mean "Quincy, IL"? Write the state after a comma in the list ("City, ST"), or give its place `state: ST`.',
      ].join('\n'),
    ])
  })

  it('stops at a matrix area without a place, naming the list and the entry', async () => {
    const { errors } = await withLanding({ 'areas.yaml': areasYaml.replace('    - Decatur, IL\n', '    - Decatur, IL\n    - Pana, IL\n') })
    expect(errors.map((e) => e.split('\n').slice(0, 2).join('\n'))).toEqual([
      'error[landing-without-place]: The list "central" makes landing pages for "Pana, IL", but areas.yaml `places` has no entry for it, so they would have no local facts.\n  --> areas.yaml:9:7',
    ])
  })

  it('stops at a landing.yaml page or exclusion whose area is in no list, with the likely spelling', async () => {
    const landing = landingYaml
      .replace('area: "Decatur, IL"', 'area: "Decatir, IL"')
      .replace('area: "Jacksonville, IL"', 'area: "jacksonville"')
    const { errors } = await withLanding({ 'landing.yaml': landing })
    expect(errors).toEqual([
      [
        'error[unknown-area]: The exclusion "Decatir, IL" matches no area of the lists in areas.yaml, so citypress would have to invent one.',
        '  --> landing.yaml:8:13',
        '  |',
        '8 |   - { area: "Decatir, IL", service: window-cleaning }',
        '  |             ^^^^^^^^^^^^^',
        'hint: Did you mean "Decatur, IL"? Area names match whatever their case, spaces and apostrophe style, and the state may be left out when only one area has that city. A new area goes in a list first.',
      ].join('\n'),
    ])
  })

  it('stops at an exclusion that removes no page, and at a pages entry the matrix already makes', async () => {
    const landing = landingYaml
      .replace('exclude:\n', 'exclude:\n  - { area: "Jacksonville, IL", service: office-cleaning }\n')
      .replace(
        'pages:\n',
        'pages:\n  - { area: "Chatham, IL", service: office-cleaning }\n  - { area: "Sherman, IL", service: office-cleaning, index: true }\n',
      )
    const { errors } = await withLanding({ 'landing.yaml': landing })
    expect(errors.map((e) => e.split('\n').slice(0, 2).join('\n'))).toEqual([
      'error[redundant-landing-page]: The page for "Chatham, IL" and office-cleaning is already made by the matrix rule of the list "central", and this entry sets neither `index` nor `content`, so it changes nothing.\n  --> landing.yaml:6:5',
      'error[useless-exclusion]: The exclusion of "Jacksonville, IL" for office-cleaning removes no page: landing.yaml makes no office-cleaning page for that area.\n  --> landing.yaml:10:5',
    ])
  })
})

describe('names that are also names of Object.prototype', () => {
  it('builds a site whose form, area list and areas are called constructor, toString and hasOwnProperty', async () => {
    const { build } = await import('../../src/build/index.js')
    const site = await warmSiteFrom('minimal', {
      'forms.yaml': [
        'forms:',
        '  constructor:',
        '    fields:',
        '      - { name: name, label: Name, type: text, required: true }',
        '  toString:',
        '    fields:',
        '      - { name: email, label: Email, type: email, required: true }',
        '',
      ].join('\n'),
      'pages/contact.yaml':
        'path: /contact\ntitle: Contact\nsections:\n  - type: hero\n    title: Contact\n  - type: form\n    form: toString\n',
      'areas.yaml':
        'lists:\n  constructor:\n    - toString\n    - hasOwnProperty, IL\n  main:\n    - Springfield, IL\nplaces:\n  tostring:\n    state: IL\n  hasOwnProperty, IL: {}\n  Springfield, IL: {}\n',
      'landing.yaml': 'matrix:\n  - areas: constructor\n    services: [office-cleaning]\nvariant:\n  form: constructor\n',
    })
    const result = await build({ site, write: false, cacheDir: false }).catch(async (error: unknown) => {
      if (error instanceof BuildFailure) throw new Error(error.errors.map(print).join('\n\n'))
      throw error
    })
    const urls = result.routes.map((r) => r.url)
    expect(urls).toEqual(expect.arrayContaining(['/lp/tostring-office-cleaning', '/lp/hasownproperty-office-cleaning']))
    expect(result.routes.find((r) => r.url === '/lp/tostring-office-cleaning')!.title).toMatch(/^Office Cleaning in toString, IL /)
    const contact = String(result.files.find((f) => f.path === 'contact.html')?.contents)
    expect(contact).toContain('name="form-name" value="toString"')
    expect(result.warnings.map((w) => w.code)).toEqual([])
  })
})

describe('names missing under a name of Object.prototype', () => {
  it('reports a form, a region and a list called toString or constructor that do not exist, rather than crashing', async () => {
    const page = 'path: /contact\ntitle: Contact\nsections:\n  - type: hero\n    title: Contact\n  - type: form\n    form: toString\n'
    const { errors } = await withLanding({
      'pages/contact.yaml': page,
      'areas.yaml': areasYaml.replace('    region: central-illinois\n', '    region: constructor\n'),
      'landing.yaml': landingYaml.replace('matrix:\n', 'matrix:\n  - { areas: constructor, services: [office-cleaning] }\n'),
    })
    // Three mistakes in three files, told in one round.
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      expect.stringMatching(/^error\[missing-reference\]: .*"constructor"/),
      expect.stringMatching(/^error\[missing-reference\]: .*"toString"/),
      expect.stringMatching(/^error\[missing-reference\]: The place "Springfield, IL" names the region "constructor"/),
    ])
    const region = await withLanding({ 'areas.yaml': areasYaml.replace('    region: central-illinois\n', '    region: constructor\n') })
    expect(region.errors.map((e) => e.split('\n')[0])).toEqual([expect.stringMatching(/^error\[missing-reference\]: .*constructor/)])
  })
})
