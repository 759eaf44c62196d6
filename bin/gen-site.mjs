#!/usr/bin/env node
// Generates a synthetic site folder of any size from an example site, for tests (small) and the
// landing-page benchmark (large):
//
//   node bin/gen-site.mjs --cities 2500 --services 4 --out /tmp/big
//   node bin/citypress.cjs build /tmp/big --out /tmp/big-out
//
// It copies the source site (default sites/system4), adds `--cities` generated areas with
// coordinates and places (county, neighbourhoods, landmarks, a local paragraph) to areas.yaml,
// and a matrix rule pairing them with the first `--services` services of site.yaml (services
// are added, copied from the first one, when the site has fewer). The site's own landing pages
// stay, so its service pages' chips still link. `--thin N` leaves N generated cities without a
// local paragraph (their pages must fail the quality gate). `--second-language es` gives the site
// a second language with every landing page translated (src/bench/second-language.ts). Output is
// deterministic per `--seed`.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseDocument, stringify } from 'yaml'
import { compile, isStale, output } from './compile.mjs'
import { scriptOptions } from './script-options.mjs'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const usage =
  'usage: node bin/gen-site.mjs --cities <n> --services <n> --out <folder> [--from <site>] [--seed <n>] [--thin <n>] [--second-language <code>]'
const args = scriptOptions(
  {
    cities: { type: 'string', default: '100' },
    services: { type: 'string', default: '2' },
    out: { type: 'string' },
    from: { type: 'string', default: path.join(root, 'sites/system4') },
    seed: { type: 'string', default: '1' },
    thin: { type: 'string', default: '0' },
    'second-language': { type: 'string' },
  },
  usage,
)
if (!args.out) {
  console.error(usage)
  process.exit(2)
}
// Word pools for generated names and paragraphs.
const prefixes = [
  'Ash',
  'Beech',
  'Cedar',
  'Dover',
  'Elm',
  'Fair',
  'Glen',
  'Hazel',
  'Iron',
  'Juniper',
  'Kings',
  'Laurel',
  'Maple',
  'North',
  'Oak',
  'Pine',
  'Quarry',
  'River',
  'Stone',
  'Timber',
  'Union',
  'Vale',
  'Willow',
  'York',
  'Brook',
  'Clear',
  'Deer',
  'Eagle',
  'Fox',
  'Green',
  'Hill',
  'Lake',
  'Mill',
  'Red',
  'Silver',
  'Spring',
  'Sugar',
  'White',
  'Wolf',
  'Rose',
]
const suffixes = [
  'ton',
  'field',
  'ville',
  'burg',
  'wood',
  'dale',
  'ford',
  'port',
  'mont',
  'haven',
  'view',
  'crest',
  'ridge',
  'land',
  'bury',
  'stead',
  'side',
  'brook',
  'grove',
  'point',
  'wick',
  'chester',
  'more',
  'well',
  'mouth',
  'by',
  'ham',
  'shire',
  'ford Mills',
  'town',
  'worth',
  'ley',
  'bridge',
  'gate',
  'hurst',
  'lock',
  'marsh',
  'moor',
  'ness',
  'vale',
]
const directions = ['North', 'South', 'East', 'West', 'New', 'Upper', 'Lower', 'Old', 'Port', 'Mount']
const landmarkKinds = [
  'Business Park',
  'Medical Center',
  'Commons',
  'Industrial Park',
  'Square',
  'Station',
  'College',
  'Fairgrounds',
  'Depot',
  'Plaza',
]
const industries = [
  'logistics',
  'healthcare',
  'insurance',
  'steel',
  'paper',
  'food processing',
  'aerospace',
  'retail',
  'education',
  'printing',
  'plastics',
  'banking',
]

const cityCount = Number(args.cities)
const serviceCount = Number(args.services)
const thinCount = Number(args.thin)
const out = path.resolve(args.out)
const random = mulberry32(Number(args.seed))

await rm(out, { recursive: true, force: true })
await cp(path.resolve(args.from), out, {
  recursive: true,
  // A fresh site has published nothing yet; caches belong to the source site.
  filter: (source) => !/[/\\](\.citypress|published-urls\.json)$/.test(source) && !source.includes(`${path.sep}.citypress${path.sep}`),
})

const services = await chooseServices(serviceCount)
const sourceAreas = parseDocument(await readFile(path.join(out, 'areas.yaml'), 'utf8')).toJS()
const regions = Object.keys(sourceAreas.regions ?? {})
const cities = generateCities(cityCount)
await writeAreas(cities)
await writeLanding(services)
if (args['second-language']) {
  if (isStale()) await compile()
  const { writeSecondLanguage } = await import(pathToFileURL(output).href)
  await writeSecondLanguage(out, args['second-language'])
}
console.log(
  `Generated ${out}: ${cities.length} cities × ${services.length} services = ${cities.length * services.length} landing pages (plus the example site's own)${args['second-language'] ? `, each also in ${args['second-language']}` : ''}.`,
)

/** The first `count` featured services of site.yaml, adding copies when there are too few. */
async function chooseServices(count) {
  const site = parseDocument(await readFile(path.join(out, 'site.yaml'), 'utf8')).toJS()
  const existing = (await readdir(path.join(out, 'services'))).filter((f) => f.endsWith('.yaml')).map((f) => f.replace('.yaml', ''))
  const featured = [...(site.services ?? []), ...existing.filter((s) => !(site.services ?? []).includes(s))]
  const chosen = featured.slice(0, count)
  const base = await readFile(path.join(out, 'services', `${featured[0]}.yaml`), 'utf8')
  for (let i = chosen.length; i < count; i++) {
    const slug = `generated-service-${i + 1}`
    const doc = parseDocument(base)
    doc.set('title', `Generated Service ${i + 1}`)
    doc.delete('areas') // its chips would need landing pages for the example site's own list
    await writeFile(path.join(out, 'services', `${slug}.yaml`), doc.toString())
    chosen.push(slug)
  }
  return chosen
}

function generateCities(count) {
  // Landing-page addresses leave out the state, so a generated name must not repeat a city the
  // example site already has (Fair + field would collide with Fairfield, OH).
  const names = new Set(
    Object.values(sourceAreas.lists ?? {})
      .flat()
      .map((a) => a.split(',')[0].trim()),
  )
  const cities = []
  let attempt = 0
  while (cities.length < count) {
    const base = cityName(attempt++)
    if (names.has(base)) continue
    names.add(base)
    const state = pick(['OH', 'KY', 'IN'])
    cities.push({
      name: base,
      area: `${base}, ${state}`,
      // Southwest Ohio, Northern Kentucky and eastern Indiana, where the example business works.
      lat: round(38.2 + random() * 2.2, 4),
      lng: round(-86.2 + random() * 3, 4),
      county: `${pick(prefixes)}${pick(suffixes)} County`,
      region: regions.length ? pick(regions) : undefined,
      neighborhoods: unique(4, () => `${pick(directions)} ${pick(prefixes)}${pick(suffixes)}`),
      landmarks: unique(3, () => `${pick(prefixes)}${pick(suffixes)} ${pick(landmarkKinds)}`),
      thin: cities.length < thinCount,
    })
  }
  return cities
}

async function writeAreas(cities) {
  const file = path.join(out, 'areas.yaml')
  const doc = parseDocument(await readFile(file, 'utf8'))
  doc.setIn(
    ['lists', 'generated'],
    cities.map((c) => c.area),
  )
  for (const c of cities) {
    const place = { county: c.county, lat: c.lat, lng: c.lng, neighborhoods: c.neighborhoods, landmarks: c.landmarks }
    if (c.region) place.region = c.region
    if (!c.thin) place.local = localParagraph(c)
    doc.setIn(['places', c.area], doc.createNode(place))
  }
  await writeFile(file, doc.toString({ lineWidth: 0 }))
}

async function writeLanding(services) {
  const file = path.join(out, 'landing.yaml')
  const doc = parseDocument(await readFile(file, 'utf8'))
  const matrix = doc.get('matrix')?.toJSON() ?? []
  doc.set('matrix', doc.createNode([...matrix, { areas: 'generated', services }]))
  // A service the site gave no landing pages showed its chips as plain text on purpose; with
  // generated pages it has some, and its own chips would warn (chip-without-page) on every build.
  const hadPages = new Set([...matrix.flatMap((rule) => rule.services ?? []), ...(doc.get('pages')?.toJSON() ?? []).map((p) => p.service)])
  for (const slug of services.filter((s) => !hadPages.has(s))) {
    const serviceFile = path.join(out, 'services', `${slug}.yaml`)
    const service = parseDocument(await readFile(serviceFile, 'utf8'))
    if (!service.has('areas')) continue
    service.setIn(['areas', 'allowPlainChips'], true)
    await writeFile(serviceFile, service.toString())
  }
  await writeFile(
    file,
    `# yaml-language-server: $schema=${path.relative(out, path.join(root, 'schemas/landing.schema.json'))}\n${stringify(doc.toJS(), { lineWidth: 0 })}`,
  )
}

/** A local paragraph of 60–90 words from varied sentences, so generated pages differ as real ones do. */
function localParagraph(c) {
  const [n1, n2] = c.neighborhoods
  const [l1, l2] = c.landmarks
  const openers = [
    `${c.name} grew up around ${l1}, and ${pick(industries)} and ${pick(industries)} now employ much of ${c.county}.`,
    `Businesses in ${c.name} cluster between ${n1} and ${n2}, a short drive from ${l1}.`,
    `${c.name} is the ${pick(['largest', 'oldest', 'fastest-growing', 'busiest'])} town in ${c.county}, known for ${l1} and its ${pick(industries)} employers.`,
    `Founded in ${1790 + Math.floor(random() * 120)}, ${c.name} keeps a ${pick(['brick', 'stone', 'riverside', 'railroad'])} downtown near ${n1}.`,
  ]
  const middles = [
    `Offices along ${n1} and ${pick(['warehouses', 'clinics', 'plants', 'schools', 'showrooms'])} near ${l2} keep ${pick(['long', 'early', 'late', 'round-the-clock'])} hours, so cleaning has to fit around ${pick(['shift changes', 'patient schedules', 'school days', 'store openings'])}.`,
    `The ${n2} district mixes ${pick(['historic storefronts', 'new office parks', 'medical buildings', 'light industry'])} with ${pick(['restaurants', 'distribution centres', 'churches', 'banks'])}, and ${l2} draws ${pick(['visitors', 'commuters', 'students', 'event crowds'])} every ${pick(['weekend', 'season', 'morning', 'evening'])}.`,
    `Most ${c.name} clients run ${pick(['small professional offices', 'multi-tenant buildings', 'manufacturing plants', 'medical practices'])} within ${2 + Math.floor(random() * 9)} miles of ${l1}.`,
  ]
  const closers = [
    `We schedule ${pick(['evening', 'overnight', 'early-morning', 'weekend'])} crews for ${c.name} and inspect every building ${pick(['monthly', 'every two weeks', 'quarterly'])} with the ${pick(['facility manager', 'office manager', 'owner', 'property manager'])}.`,
    `Our ${c.name} crews know the ${pick(['older floors', 'secure areas', 'busy lobbies', 'loading docks'])} of ${n2} and plan ${pick(['floor care', 'disinfection', 'window work', 'deep cleans'])} around local ${pick(['events', 'holidays', 'school calendars', 'production runs'])}.`,
  ]
  // Distinct sentences until the paragraph is comfortably over the gate's 40 words.
  const sentences = [pick(openers)]
  const pool = [...middles, ...closers]
  while (sentences.join(' ').split(' ').length < 60 && pool.length > 0)
    sentences.push(...pool.splice(Math.floor(random() * pool.length), 1))
  return sentences.join(' ')
}

function cityName(i) {
  const first = prefixes[i % prefixes.length]
  const second = suffixes[Math.floor(i / prefixes.length) % suffixes.length]
  const lap = Math.floor(i / (prefixes.length * suffixes.length))
  return lap === 0 ? `${first}${second}` : `${directions[(lap - 1) % directions.length]} ${first}${second}`
}

function unique(count, make) {
  const set = new Set()
  for (let guard = 0; set.size < count && guard < 50; guard++) set.add(make())
  return [...set]
}

function pick(list) {
  return list[Math.floor(random() * list.length)]
}

function round(n, digits) {
  return Number(n.toFixed(digits))
}

/** Small seeded PRNG (public domain), so the same seed makes the same site. */
function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
