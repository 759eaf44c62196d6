import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { unseal } from '../../src/cache/sealed-file.js'
import { loadSite } from '../../src/config/load-site.js'
import { reassemble, splitMinimumLength, splitOf } from '../../src/config/read/split-yaml.js'
import type { BuildFailure } from '../../src/errors/config-error.js'
import { siteFrom } from '../helpers/site.js'
import { isOneByte } from '../helpers/string-width.js'

/** An areas.yaml shaped like a large real one: lists, regions, then many places. */
function areasYaml(count: number, edit: (name: string, entry: string) => string = (_, e) => e): string {
  const names = Array.from({ length: count }, (_, i) => `Town ${i}, IL`)
  const places = names
    .map((name, i) =>
      edit(
        name,
        [
          `  ${i % 7 === 0 ? `"${name}"` : name}:`,
          `    county: County ${i % 13}`,
          `    lat: ${(39 + i / 1000).toFixed(4)}`,
          `    lng: ${(-89 - i / 1000).toFixed(4)}`,
          ...(i % 5 === 0 ? [`    # landmark list to be checked`] : []),
          `    neighborhoods: [Downtown, "Mill District ${i}"]`,
          `    local: >-`,
          `      Town ${i} has a compact downtown of brick offices, two clinics and a ring of light-industrial`,
          `      parks, so most buildings need evening cleaning and weekend floor work (entry ${i}).`,
          ...(i % 9 === 0 ? ['', `  # — towns past ${i} —`] : []),
        ].join('\n'),
      ),
    )
    .join('\n')
  return `# yaml-language-server: $schema=../schemas/areas.schema.json\nlists:\n  main:\n${names.map((n) => `    - ${n}`).join('\n')}\nplaces:\n${places}\n`
}

const parsed = (text: string) => JSON.stringify(parseDocument(text).toJS())

describe('reading a large YAML file again after an edit', () => {
  const before = areasYaml(60)
  const doc = parseDocument(before)
  const split = splitOf(before, doc)!
  const previous = { data: doc.toJS(), split }

  it('cuts the largest mapping into one entry per place, agreeing with the parser', () => {
    expect(split.key).toBe('places')
    expect(split.entries.map(([, name]) => name)).toEqual(Object.keys(previous.data.places))
  })

  it('gives exactly what parsing the whole file gives, keys in order, whatever was edited', () => {
    const edits = {
      'one place': areasYaml(60, (name, e) => (name === 'Town 7, IL' ? e.replace('two clinics', 'three clinics') : e)),
      'a place added': areasYaml(60, (name, e) => (name === 'Town 30, IL' ? `${e}\n  New Town, IL:\n    county: New County` : e)),
      'a place removed': areasYaml(60, (name, e) => (name === 'Town 12, IL' ? '  # removed' : e)),
      'a place renamed': areasYaml(60, (_name, e) => e.replace('Town 40, IL:', 'Town Forty, IL:')),
      'the lists': before.replace('    - Town 3, IL\n', ''),
      'a comment': before.replace('places:\n', 'places: # every town\n'),
    }
    for (const [what, text] of Object.entries(edits)) {
      const again = reassemble(text, previous)
      expect(again, what).toBeDefined()
      expect(JSON.stringify(again!.data), what).toBe(parsed(text))
    }
  })

  it('gives up, so the file is parsed whole, on an alias, a duplicate, tabs or a broken entry', () => {
    const withAnchor = before.replace('    county: County 3\n', '    county: &shared County 3\n')
    const anchored = parseDocument(withAnchor)
    const aliased = withAnchor.replace('    county: County 8\n', '    county: *shared\n')
    expect(reassemble(aliased, { data: anchored.toJS(), split: splitOf(withAnchor, anchored)! })).toBeUndefined()
    expect(splitOf(aliased, parseDocument(aliased))).toBeUndefined()
    expect(reassemble(before.replace('  Town 9, IL:', '  Town 8, IL:'), previous)).toBeUndefined()
    expect(reassemble(before.replace('    county: County 2\n', '\tcounty: County 2\n'), previous)).toBeUndefined()
    expect(reassemble(before.replace('    lat: 39.0050\n', '    lat: [39.005\n'), previous)).toBeUndefined()
  })

  it('reads a file entry by entry the first time, giving exactly what parsing it whole gives, and the same cut', () => {
    const texts = {
      'the file': before,
      'an anchor and its alias in one entry': before.replace('    county: County 3\n', '    county: &own County 3\n    seat: *own\n'),
      'a block scalar ended by the next entry': before.replace(
        '    county: County 4\n',
        '    note: |\n      kept as written\n    county: County 4\n',
      ),
      'a comment between entries': before.replace('  Town 20, IL:', '  # twenty\n  Town 20, IL:'),
    }
    for (const [what, text] of Object.entries(texts)) {
      const first = reassemble(text)
      expect(first, what).toBeDefined()
      expect(JSON.stringify(first!.data), what).toBe(parsed(text))
      if (what !== 'an anchor and its alias in one entry') expect(first!.split, what).toEqual(splitOf(text, parseDocument(text)))
    }
  })

  it('keeps names and values one byte a character when another entry holds a character past Latin-1', () => {
    const text = before.replace('two clinics', 'two clinics – and a depot')
    const { places } = reassemble(text)!.data as { places: Record<string, { county: string; neighborhoods: string[] }> }
    const name = 'Town 12, IL'
    const [key] = Object.keys(places).filter((k) => k === name)
    expect([key!, places[name]!.county, places[name]!.neighborhoods[0]!].map(isOneByte)).toEqual([true, true, true])
  })

  it('gives up on a first read, so the file is parsed whole, on an alias to another entry, a duplicate or anything left open', () => {
    const open = {
      'an alias to another entry': before
        .replace('    county: County 3\n', '    county: &shared County 3\n')
        .replace('    county: County 8\n', '    county: *shared\n'),
      'an alias to the rest of the file': before
        .replace('lists:\n', 'base: &base County 1\nlists:\n')
        .replace('    county: County 8\n', '    county: *base\n'),
      'a duplicate place': before.replace('  Town 9, IL:', '  Town 8, IL:'),
      'a quote left open': before.replace('    county: County 5\n', '    county: "County 5\n'),
      'a bracket left open': before.replace('    lat: 39.0050\n', '    lat: [39.005\n'),
      'a place that is not a mapping': before.replace(/ {2}Town 11, IL:\n( {4}.*\n)+/, '  Town 11, IL\n'),
      tabs: before.replace('    county: County 2\n', '\tcounty: County 2\n'),
    }
    for (const [what, text] of Object.entries(open)) {
      expect(text, what).not.toBe(before)
      expect(reassemble(text), what).toBeUndefined()
    }
  })

  it('loads a large site the same from the cache after an edit as without it, and still reports errors at their lines', async () => {
    const site = await siteFrom('landing')
    const cache = { file: path.join(site, '.citypress/cache/config.json'), version: 'test' }
    const big = areasYaml(800)
    expect(big.length).toBeGreaterThan(splitMinimumLength)
    // Every place is an area of a list: the towns get a list of their own.
    const towns = big.slice(big.indexOf('lists:\n') + 7, big.indexOf('places:\n')).replace('  main:', '  towns:')
    await writeFile(
      path.join(site, 'areas.yaml'),
      (await readFile(path.join(site, 'areas.yaml'), 'utf8'))
        .replace(/^places:\n/m, `places:\n${big.slice(big.indexOf('places:\n') + 8)}`)
        .replace(/^lists:\n/m, `lists:\n${towns}`),
    )
    await mkdir(path.dirname(cache.file), { recursive: true })
    await loadSite(site, { cache })
    expect(JSON.parse(unseal(await readFile(cache.file))!.toString('utf8')).files['areas.yaml'].split.entries.length).toBeGreaterThan(800)
    const areasFile = path.join(site, 'areas.yaml')
    const text = await readFile(areasFile, 'utf8')
    await writeFile(areasFile, text.replace('(entry 350)', '(entry 350, edited)'))
    const cached = await loadSite(site, { cache })
    const fresh = await loadSite(site)
    expect(JSON.stringify(cached.areas)).toBe(JSON.stringify(fresh.areas))
    expect(JSON.stringify(cached.areas)).toContain('entry 350, edited')

    await writeFile(areasFile, text.replace('    lat: 39.3500\n', '    lat: north\n'))
    // From the cache's entries, and on a first read.
    for (const options of [{ cache }, {}]) {
      const error = await loadSite(site, options).then(
        () => undefined,
        (e: unknown) => (e as BuildFailure).errors[0],
      )
      expect(error?.code).toBe('wrong-type')
      expect(error?.lineText).toBe('    lat: north')
    }
  })
})
