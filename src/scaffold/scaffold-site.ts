import { existsSync, statSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PUBLISHED_URLS_FILE } from '../site/paths.js'
import { checkFacts, type Facts, type FactsInput, type ScaffoldHost, ScaffoldRefused } from './scaffold-facts.js'

export { ScaffoldRefused } from './scaffold-facts.js'

/**
 * The starter's own placeholder words. They are ordinary text in its files (so the starter
 * builds as it is) and are replaced by the facts given: "Your Service" in titles, "your service"
 * in sentences, "your-service" in addresses and file names; the towns, phone, email and address
 * likewise.
 */
export const starterWords = {
  name: 'Your Business',
  trade: 'Your Service',
  area: 'Springfield, IL',
  city: 'Springfield',
  phone: '(555) 010-0199',
  tel: '+15550100199',
  email: 'hello@example.com',
  url: 'https://www.example.com',
} as const

export interface ScaffoldOptions extends FactsInput {
  /** The new project folder; must not exist or be empty. */
  dir: string
  /** The starter site folder to copy (citypress's sites/starter, or create-citypress's copy of it). */
  starter: string
  /** The project's citypress dependency, e.g. `^0.2.0` or `file:../citypress-0.2.0.tgz`. */
  citypress: string
  /** How the user ran it, for its messages. @default 'citypress new' */
  invocation?: string
}

export interface ScaffoldResult {
  /** Absolute path of the new site folder. */
  readonly root: string
  /** Written files, relative to `root`, forward slashes. */
  readonly files: readonly string[]
  readonly facts: Facts
}

const modeline = /^# yaml-language-server: \$schema=\S*?([a-z-]+\.schema\.json)/

/**
 * The new project's folder, absolute: one that does not exist yet, or an empty one. Checked before
 * any question is asked, so no one answers them for a folder that is refused.
 */
export async function checkProjectFolder(dir: string, invocation = 'citypress new'): Promise<string> {
  const root = path.resolve(dir)
  if (!existsSync(root)) return root
  if (!statSync(root).isDirectory()) throw new ScaffoldRefused(`${dir} exists and is not a folder; choose another name.`)
  if ((await readdir(root)).length > 0)
    throw new ScaffoldRefused(`${dir} is not empty; ${invocation} never overwrites files. Choose a new or empty folder.`)
  return root
}

/**
 * Makes a project a business can commit: the starter site with the facts given, a package.json
 * that depends on citypress, a .gitignore, and the host's files (netlify.toml, or a CI workflow:
 * GitHub Pages' deploy workflow for `host: github-pages`). Each YAML file's `$schema` modeline
 * points through `node_modules/citypress/schemas/`, relative to the file, so it resolves for a
 * teammate or a CI as soon as `npm install` ran, wherever the folder lives.
 */
export async function scaffoldSite(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const facts = checkFacts(options)
  const root = await checkProjectFolder(options.dir, options.invocation)
  const words = starterReplacements(facts)
  const written: string[] = []
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    // Written, not copied: a copy would keep the modes of a read-only installed package.
    await writeFile(path.join(root, file), text)
    written.push(file)
  }
  const slug = toSlug(starterWords.trade)
  for (const file of await listFiles(options.starter)) {
    if (!isForHost(file, facts.host)) continue
    let text = await readFile(path.join(options.starter, file), 'utf8')
    // Where the site is published, and where its forms post there, under its address.
    const hosting = [
      ...(facts.host ? [`host: ${facts.host}`] : []),
      ...(facts.forms ? [`forms: { provider: ${facts.forms.provider}, endpoint: "${facts.forms.endpoint}" }`] : []),
    ]
    if (file === 'site.yaml' && hosting.length > 0) text = text.replace(/^(url: .*\n)/m, `$1${hosting.join('\n')}\n`)
    if (file === 'README.md') text = readmeForHost(text, facts.host ?? 'netlify')
    // The starter's record of published pages belongs to the starter: a new site has published nothing.
    if (file === PUBLISHED_URLS_FILE) text = `${JSON.stringify({ ...(JSON.parse(text) as object), pages: {} }, null, 2)}\n`
    const isYaml = /\.ya?ml$/.test(file) && !file.startsWith('.')
    const target = file.replace(slug, words.get(slug)!)
    text = isYaml ? linkSchemas(fillIn(text, words, 'yaml'), target) : fillIn(text, words, 'text')
    // After the words: a town given may itself hold a placeholder word ("Springfield, MO").
    await write(target, file === 'areas.yaml' ? withAreas(text, facts.areas) : text)
  }
  await write('package.json', projectManifest(root, options.citypress))
  await write(
    '.gitignore',
    "node_modules/\n# The built site; `npm run build` makes it again.\ndist/\n# citypress's cache and the preview's captured form posts: local, never content.\n.citypress/\n",
  )
  return { root, files: written.sort(), facts }
}

/**
 * The starter's README with only its host's steps: a block between `<!-- host: a b -->` and
 * `<!-- /host -->` stays (without its markers) when it names the host, so the README names only
 * the files this project has.
 */
function readmeForHost(text: string, host: ScaffoldHost): string {
  return text.replace(/<!-- host: ([^>]*?) -->\n([\s\S]*?)<!-- \/host -->\n/g, (_, hosts: string, block: string) =>
    hosts.split(/\s+/).includes(host) ? block : '',
  )
}

/** Which of the starter's host files a project on `host` gets: one CI workflow, and netlify.toml on Netlify. */
function isForHost(file: string, host: Facts['host']): boolean {
  if (file === 'netlify.toml') return host === undefined || host === 'netlify'
  if (file === '.github/workflows/pages.yml') return host === 'github-pages'
  if (file === '.github/workflows/build.yml') return host !== 'github-pages'
  return true
}

/** The starter's areas.yaml with the towns given: the main list, and an empty place for each. */
function withAreas(text: string, areas: readonly string[]): string {
  const quoted = areas.map((a) => JSON.stringify(a))
  return text
    .replace(/^ {2}main:\n( {4}- .*\n)+/m, `  main:\n${quoted.map((a) => `    - ${a}\n`).join('')}`)
    .replace(/^places:\n( {2}.*\n?)+/m, `places:\n${quoted.map((a) => `  ${a}: {}\n`).join('')}`)
}

/** Starter text → its replacement; the address form also renames the service's files. */
function starterReplacements(facts: Facts): Map<string, string> {
  const s = starterWords
  const trade = facts.trade
  const first = facts.areas[0]!
  return new Map([
    [s.name, facts.name],
    [s.trade, trade],
    [s.trade.toLowerCase(), trade.toLocaleLowerCase('en')],
    [toSlug(s.trade), toSlug(trade) || 'services'],
    // The longer form first: a regular expression's alternatives are tried in order.
    [s.area, first],
    [s.city, first.slice(0, first.lastIndexOf(','))],
    ...(facts.phone
      ? ([
          [s.phone, facts.phone.text],
          [s.tel, facts.phone.tel],
        ] as const)
      : []),
    ...(facts.email ? ([[s.email, facts.email]] as const) : []),
    ...(facts.url ? ([[s.url, facts.url]] as const) : []),
  ])
}

/**
 * Puts the words in, in one pass (a name that contains the trade's words stays as given). The
 * starter writes every YAML string that holds one in double quotes, so escaping as JSON (which
 * YAML's double-quoted strings read the same way) keeps a name with a colon, a quote or a `#`
 * one valid string.
 */
function fillIn(text: string, words: ReadonlyMap<string, string>, as: 'yaml' | 'text'): string {
  const pattern = new RegExp([...words.keys()].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  return text.replace(pattern, (found) => (as === 'yaml' ? JSON.stringify(words.get(found)).slice(1, -1) : words.get(found)!))
}

/** The modeline, pointed at the installed package's schemas/, relative to the file. */
function linkSchemas(text: string, file: string): string {
  const up = '../'.repeat(file.split('/').length - 1)
  return text.replace(modeline, (_line, schema: string) => `# yaml-language-server: $schema=${up}node_modules/citypress/schemas/${schema}`)
}

function projectManifest(root: string, citypress: string): string {
  const manifest = {
    name: toSlug(path.basename(root)) || 'website',
    private: true,
    description: 'A website built with citypress.',
    type: 'module',
    scripts: { build: 'citypress build', preview: 'citypress preview', validate: 'citypress validate' },
    engines: { node: '>=20.19' },
    dependencies: { citypress },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * Every file under `dir`, relative, sorted; dot folders left out except `.github` (the CI
 * workflows), and `.citypress` (a build's cache of the starter itself) always.
 */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.split('/').some((s) => s.startsWith('.') && s !== '.github'))
    .sort()
}

/** "Roof Repair & Gutters" → "roof-repair-gutters": a file name and an address segment. */
function toSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
