import { existsSync, statSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { citypressVersion, packageRoot } from '../paths.js'

/** The starter site `citypress new` copies; a real site folder, so the build tests cover it. */
export const starterSite = path.join(packageRoot, 'sites', 'starter')

/**
 * The starter's own business name and trade. They are ordinary text in its files (so the starter
 * builds as it is) and are replaced by `--name` and `--trade`: "Your Service" in titles, "your
 * service" in sentences, "your-service" in addresses and file names.
 */
export const starterWords = { name: 'Your Business', trade: 'Your Service' } as const

/** A reason `new` refuses to write; the CLI prints it as a command-line error. */
export class ScaffoldRefused extends Error {
  override readonly name = 'ScaffoldRefused'
}

export interface ScaffoldOptions {
  /** The new project folder; must not exist or be empty. */
  dir: string
  /** The business name, e.g. `Greenway Landscapes`. @default starterWords.name */
  name?: string
  /** What the business does, as a title, e.g. `Landscaping`. @default starterWords.trade */
  trade?: string
}

export interface ScaffoldResult {
  /** Absolute path of the new site folder. */
  readonly root: string
  /** Written files, relative to `root`, forward slashes. */
  readonly files: readonly string[]
}

const modeline = /^# yaml-language-server: \$schema=\S*?([a-z-]+\.schema\.json)/

/**
 * Makes a project a business can commit: the starter site, a package.json that depends on this
 * citypress, a .gitignore, and the host examples (netlify.toml, a CI workflow). Each YAML file's
 * `$schema` modeline points through `node_modules/citypress/schemas/`, relative to the file, so
 * it resolves for a teammate or a CI as soon as `npm install` ran, wherever the folder lives.
 */
export async function scaffoldSite(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const root = path.resolve(options.dir)
  if (existsSync(root)) {
    if (!statSync(root).isDirectory()) throw new ScaffoldRefused(`${options.dir} exists and is not a folder; choose another name.`)
    if ((await readdir(root)).length > 0) throw new ScaffoldRefused(`${options.dir} is not empty; citypress new never overwrites files. Choose a new or empty folder.`)
  }
  const words = starterReplacements(options)
  const written: string[] = []
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    // Written, not copied: a copy would keep the modes of a read-only installed package.
    await writeFile(path.join(root, file), text)
    written.push(file)
  }
  for (const file of await listFiles(starterSite)) {
    const text = await readFile(path.join(starterSite, file), 'utf8')
    const isYaml = /\.ya?ml$/.test(file) && !file.startsWith('.')
    const target = file.replace(toSlug(starterWords.trade), words.get(toSlug(starterWords.trade))!)
    await write(target, isYaml ? linkSchemas(fillIn(text, words, 'yaml'), target) : fillIn(text, words, 'text'))
  }
  await write('package.json', projectManifest(root))
  await write('.gitignore', 'node_modules/\n# The built site; `npm run build` makes it again.\ndist/\n# citypress\'s cache and the preview\'s captured form posts: local, never content.\n.citypress/\n')
  return { root, files: written.sort() }
}

/** Starter text → its replacement; the address form also renames the service's file. */
function starterReplacements(options: ScaffoldOptions): Map<string, string> {
  const name = oneLine(options.name, 'name') ?? starterWords.name
  const given = oneLine(options.trade, 'trade')
  const trade = given ? given[0]!.toLocaleUpperCase('en') + given.slice(1) : starterWords.trade
  return new Map([
    [starterWords.name, name],
    [starterWords.trade, trade],
    [starterWords.trade.toLowerCase(), given ? given.toLocaleLowerCase('en') : starterWords.trade.toLowerCase()],
    [toSlug(starterWords.trade), toSlug(trade) || 'services'],
  ])
}

function oneLine(value: string | undefined, flag: string): string | undefined {
  const text = value?.trim().normalize('NFC')
  if (value !== undefined && !text) throw new ScaffoldRefused(`--${flag} is empty; give a few words, e.g. --${flag} "${flag === 'name' ? 'Greenway Landscapes' : 'Landscaping'}".`)
  if (text && /[\r\n]/.test(text)) throw new ScaffoldRefused(`--${flag} has a line break; give it on one line.`)
  return text
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

function projectManifest(root: string): string {
  const manifest = {
    name: toSlug(path.basename(root)) || 'website',
    private: true,
    description: 'A website built with citypress.',
    type: 'module',
    scripts: { build: 'citypress build', preview: 'citypress preview', validate: 'citypress validate' },
    engines: { node: '>=20.19' },
    dependencies: { citypress: `^${citypressVersion}` },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * Every file under `dir`, relative, sorted; dot folders left out except `.github` (the CI
 * example), and `.citypress` (a build's cache of the starter itself) always.
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
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}
