import { readFileSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './helpers/site.js'

/**
 * The tool serves any local business: the first customer, its towns and its
 * trade live in sites/system4/ only. A default, hint, example or comment that names them makes
 * every other site look like a copy of that one (the footer once said "Commercial Cleaning
 * Locations" on a landscaper's site).
 */
const firstCustomerWords = [
  'system4',
  'system 4',
  'cincinnati',
  'dayton',
  'covington',
  'florence',
  'mason',
  'fort mitchell',
  'ft. mitchell',
  'columbus',
  'fairfield',
  'west chester',
  'blue ash',
  'erlanger',
  'newport',
  'walton',
  'alexandria',
  'hamilton',
  'northern kentucky',
  'southwest ohio',
  'ohio',
  'kentucky',
  'cleaning',
  'janitorial',
  'custodial',
  'disinfect',
  'facility',
  'facilities',
  'carpet',
  'floor care',
]

/**
 * Where a word may stand for a reason other than the first customer. Each entry names one file and
 * the words it may contain, never a folder, so a new file gets no pass.
 */
const allowed: Readonly<Record<string, readonly string[]>> = {
  // The table of all fifty state names behind "{state}" in landing texts.
  'src/config/areas/us-states.ts': ['ohio', 'kentucky'],
}

/** Every whole-word (or whole-phrase) use of a guarded word in a text, lower-cased. */
function findWords(text: string): string[] {
  const found: string[] = []
  for (const word of firstCustomerWords) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s_-]+')
    // Word starts only, so "disinfect" also finds "disinfection" but "mason" does not find "masonry"
    // ends: a trade word's derivatives are the same trade.
    const pattern = new RegExp(`(?<![a-z0-9])${escaped}${word.length > 6 ? '' : '(?![a-z0-9])'}`, 'gi')
    if (pattern.test(text)) found.push(word)
  }
  return found
}

describe('the tool names no business', () => {
  it('finds no first-customer name, town or trade word in src/, templates/ or schemas/', async () => {
    const files = await fg(['src/**/*', 'templates/**/*', 'schemas/**/*'], { cwd: repoRoot, dot: false })
    expect(files.length).toBeGreaterThan(50)
    const offenders: string[] = []
    for (const file of files.sort()) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8')
      const words = findWords(text).filter((w) => !allowed[file]?.includes(w))
      if (words.length > 0) offenders.push(`${file}: ${words.join(', ')}`)
    }
    expect(offenders).toEqual([])
  })

  it.each(['greenway', 'brightline'])(
    'finds none of them in the example site %s, which has no templates/ folder of its own',
    async (name) => {
      const files = await fg([`sites/${name}/**/*.{yaml,md,svg,json}`], { cwd: repoRoot })
      expect(files.length).toBeGreaterThan(10)
      const offenders = files.sort().flatMap((file) => {
        const words = findWords(readFileSync(path.join(repoRoot, file), 'utf8'))
        return words.length > 0 ? [`${file}: ${words.join(', ')}`] : []
      })
      expect(offenders).toEqual([])
      expect(await fg(`sites/${name}/templates/**`, { cwd: repoRoot })).toEqual([])
    },
  )

  it('finds no trade word of the example sites, in Spanish, in citypress’s Spanish table', () => {
    // Written once by a translator for all sites, the table must not carry one business's
    // vocabulary into another's pages. Word starts, as above: "eléctric" finds "eléctrico".
    const spanishTradeWords = [
      ...['limpieza', 'limpiar', 'conserje', 'desinfec', 'alfombra', 'pisos'],
      ...['jardín', 'jardiner', 'paisaj', 'césped', 'riego', 'poda'],
      ...['eléctric', 'electricista', 'panel', 'cargador', 'generador', 'cableado'],
    ]
    const table = readFileSync(path.join(repoRoot, 'src/config/messages/es.ts'), 'utf8').toLowerCase()
    expect(spanishTradeWords.filter((word) => new RegExp(`(?<![\\p{L}])${word}`, 'u').test(table))).toEqual([])
    expect(spanishTradeWords.filter((word) => new RegExp(`(?<![\\p{L}])${word}`, 'u').test('Un panel eléctrico y el césped'))).toEqual([
      'césped',
      'eléctric',
      'panel',
    ])
  })

  it('recognises every guarded word, also in other cases and with other separators', () => {
    expect(findWords('Welcome to System4 in Ft. Mitchell')).toEqual(['system4', 'ft. mitchell'])
    expect(findWords('Fort-Mitchell floor_care Disinfection')).toEqual(['fort mitchell', 'disinfect', 'floor care'])
    expect(findWords('masonry, Ohioan, Daytona, dryclean')).toEqual([])
  })
})
