import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { defineNewCommand } from '../../src/cli/commands/new.js'
import { askForFacts } from '../../src/cli/commands/new-prompts.js'
import { main } from '../../src/cli/main.js'
import { paragraphsToWrite } from '../../src/plan/landing-quality.js'
import { citypressVersion } from '../../src/tool/package.js'
import { exampleBuild } from '../helpers/example-build.js'
import { memoryIo, repoRoot, tempDir } from '../helpers/site.js'

/** Every `$schema=` modeline of a site folder, with the file it names in this package's schemas/. */
async function schemaLinks(site: string): Promise<{ file: string; link: string; inPackage: string }[]> {
  const links = []
  for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.yaml') || entry.parentPath.includes('.github')) continue
    const file = path.join(entry.parentPath, entry.name)
    const link = (await readFile(file, 'utf8')).match(/^# yaml-language-server: \$schema=(\S+)/)?.[1] ?? ''
    // Where the link lands once `npm install` put this package at <site>/node_modules/citypress.
    const target = path.relative(path.join(site, 'node_modules', 'citypress'), path.resolve(path.dirname(file), link))
    links.push({ file: path.relative(site, file), link, inPackage: path.join(repoRoot, target) })
  }
  return links.sort((a, b) => a.file.localeCompare(b.file))
}

/** Every file of a folder with its text. */
async function readAll(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      out[path.relative(dir, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8')
  }
  return out
}

/** The facts a project cannot be made without, as options. */
const facts = ['--name', 'Acme Services', '--trade', 'Landscaping', '--areas', 'Salem, OR; Keizer, OR']

/**
 * A local paragraph of 40+ words of each town's own: the gate reads the town's name as one word,
 * so two paragraphs that differ only by it are one text.
 */
const localParagraphs: Record<string, string> = {
  Salem:
    'We have worked in Salem for twelve years, mostly on the older streets near the river where the lots are narrow and the soil stays wet into June. Our crew lives nearby, so a visit starts on time and ends with the site swept clean before we leave.',
  Keizer:
    'Keizer yards are newer and wider, many of them built in the nineties on former orchard ground, with sprinkler systems that have seen better days. Most of our calls there are spring clean-ups, tired lawns and hedges that have outgrown the front windows.',
}
const localParagraph = (town: string) => localParagraphs[town]!

/** Words of trades; the starter is every business's, so none may appear in it. */
const tradeWords = /clean|landscap|lawn|plumb|roof|paint|electric|hvac|janitor|maid|garden|pest|mov(ing|ers)/i

describe('citypress new', () => {
  it('makes a project to commit: the site, a package.json on this citypress, .gitignore, README and host examples', async () => {
    const dir = path.join(await tempDir(), 'acme')
    const io = memoryIo()
    expect(await main(['new', dir, ...facts], io), io.stderr).toBe(0)
    expect(io.stdout).toContain('Next steps:')
    expect(io.stdout).toMatch(/npm install +installs citypress into the project \(once\); commit package-lock.json/)
    expect(io.stdout).toContain('write a local paragraph for each of your 2 towns\nin areas.yaml')

    const files = await readAll(dir)
    expect(Object.keys(files).sort()).toEqual([
      '.github/workflows/build.yml',
      '.gitignore',
      'README.md',
      'areas.yaml',
      'forms.yaml',
      'landing.yaml',
      'netlify.toml',
      'package.json',
      'pages/contact.yaml',
      'pages/home.yaml',
      'published-urls.json',
      'services/landscaping-for-businesses.yaml',
      'services/landscaping.yaml',
      'site.yaml',
    ])
    const manifest = JSON.parse(files['package.json']!) as {
      name: string
      private: boolean
      scripts: Record<string, string>
      dependencies: Record<string, string>
    }
    expect(manifest).toMatchObject({ name: 'acme', private: true, dependencies: { citypress: `^${citypressVersion}` } })
    expect(manifest.scripts).toEqual({ build: 'citypress build', preview: 'citypress preview', validate: 'citypress validate' })
    expect(files['.gitignore']!.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['node_modules/', 'dist/', '.citypress/'])
    // The site's cache and the tool store whose key seals it, kept together.
    expect(files['netlify.toml']).toContain('paths = [".citypress/cache", "node_modules/.cache/citypress"]')
    expect(files['.github/workflows/build.yml']).toContain(
      'path: |\n            .citypress/cache\n            node_modules/.cache/citypress\n',
    )
    expect(files['README.md']).toMatch(
      /## Edit[\s\S]*## Landing pages[\s\S]*quality gate[\s\S]*Add a town[\s\S]*## Preview[\s\S]*Commit the `package-lock.json`[\s\S]*## Publish/,
    )
    // Only the towns given: none of the starter's own.
    expect(`${files['areas.yaml']}${files['site.yaml']}${files['pages/home.yaml']}`).not.toMatch(/Springfield|Shelbyville|Ogdenville/)
    expect(JSON.parse(files['published-urls.json']!)).toMatchObject({ pages: {} })

    const links = await schemaLinks(dir)
    expect(links.map((l) => [l.file, l.link])).toEqual([
      ['areas.yaml', 'node_modules/citypress/schemas/areas.schema.json'],
      ['forms.yaml', 'node_modules/citypress/schemas/forms.schema.json'],
      ['landing.yaml', 'node_modules/citypress/schemas/landing.schema.json'],
      ['pages/contact.yaml', '../node_modules/citypress/schemas/page.schema.json'],
      ['pages/home.yaml', '../node_modules/citypress/schemas/page.schema.json'],
      ['services/landscaping-for-businesses.yaml', '../node_modules/citypress/schemas/service.schema.json'],
      ['services/landscaping.yaml', '../node_modules/citypress/schemas/service.schema.json'],
      ['site.yaml', 'node_modules/citypress/schemas/site.schema.json'],
    ])
    for (const { file, inPackage } of links) expect(existsSync(inPackage), file).toBe(true)
  })

  it("keeps each town's landing pages noindex until its local paragraph is written, says which to write, then lets them into the sitemap", async () => {
    const dir = path.join(await tempDir(), 'grid')
    expect(await main(['new', dir, ...facts], memoryIo())).toBe(0)
    const landing = [
      '/lp/salem-landscaping',
      '/lp/keizer-landscaping',
      '/lp/salem-landscaping-for-businesses',
      '/lp/keizer-landscaping-for-businesses',
    ]
    const sitemapOf = (result: Awaited<ReturnType<typeof build>>) => String(result.files.find((f) => f.path === 'sitemap.xml')!.contents)

    // The site's own cache: the second build reuses the first one's images.
    const before = await build({ site: dir, write: false })
    expect(before.routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/', '/contact', '/services/landscaping', ...landing]))
    expect(before.landing.quality.pages.filter((p) => p.indexable)).toEqual([])
    expect(paragraphsToWrite(before.landing.quality.pages, 40)).toEqual([
      { area: 'Keizer, OR', pages: 2, words: 0 },
      { area: 'Salem, OR', pages: 2, words: 0 },
    ])
    for (const url of landing) expect(sitemapOf(before)).not.toContain(url)

    const areas = await readFile(path.join(dir, 'areas.yaml'), 'utf8')
    await writeFile(
      path.join(dir, 'areas.yaml'),
      areas
        .replace('"Salem, OR": {}', `"Salem, OR":\n    local: "${localParagraph('Salem')}"`)
        .replace('"Keizer, OR": {}', `"Keizer, OR":\n    local: "${localParagraph('Keizer')}"`),
    )
    const after = await build({ site: dir, write: false })
    expect(after.landing.quality.pages.filter((p) => !p.indexable).map((p) => [p.url, p.reasons])).toEqual([])
    expect(paragraphsToWrite(after.landing.quality.pages, 40)).toEqual([])
    for (const url of landing) expect(sitemapOf(after)).toContain(`https://www.example.com${url}<`)
  })

  it('writes the facts given, a GitHub Pages deploy workflow for --host github-pages, and the --citypress spec', async () => {
    const dir = path.join(await tempDir(), 'harbor')
    const io = memoryIo()
    const args = [
      'new',
      dir,
      ...facts,
      '--phone',
      '(503) 555-0142',
      '--email',
      'office@harbor.example',
      '--url',
      'https://harbor.github.io',
      '--host',
      'github-pages',
      '--citypress',
      'file:../citypress.tgz',
    ]
    expect(await main(args, io), io.stderr).toBe(0)
    const files = await readAll(dir)
    expect(Object.keys(files)).toContain('.github/workflows/pages.yml')
    expect(Object.keys(files)).not.toContain('.github/workflows/build.yml')
    expect(Object.keys(files)).not.toContain('netlify.toml')
    expect(files['.github/workflows/pages.yml']).toMatch(
      /actions\/upload-pages-artifact@v3[\s\S]*path: dist[\s\S]*actions\/deploy-pages@v4/,
    )
    expect(files['site.yaml']).toMatch(
      /^url: https:\/\/harbor\.github\.io\nhost: github-pages\nemail: office@harbor\.example\nphone: \(503\) 555-0142$/m,
    )
    expect(files['pages/contact.yaml']).toContain('[(503) 555-0142](tel:+15035550142)')
    expect(files['pages/contact.yaml']).toContain('[office@harbor.example](mailto:office@harbor.example)')
    expect(JSON.parse(files['package.json']!)).toMatchObject({ dependencies: { citypress: 'file:../citypress.tgz' } })
    // Its README names the files written and GitHub's own steps, none of another host's.
    expect(files['README.md']).toContain('Settings → Pages')
    expect(files['README.md']).not.toMatch(/netlify\.toml|build\.yml|<!--/)
    // GitHub Pages receives no form posts: said once, with what to do.
    expect(io.stdout).toContain('github-pages does not receive form posts, so the quote form shows your phone and email')
  })

  it('writes a form service given with --form-endpoint, whose forms then post there on any host', async () => {
    const dir = path.join(await tempDir(), 'harbor')
    const io = memoryIo()
    const args = ['new', dir, ...facts, '--host', 'static', '--form-endpoint', 'https://formspree.io/f/xyzabcde']
    expect(await main(args, io), io.stderr).toBe(0)
    expect(io.stdout).not.toContain('does not receive form posts')
    expect(await readFile(path.join(dir, 'README.md'), 'utf8')).not.toMatch(/netlify\.toml|pages\.yml|<!--/)
    const siteYaml = await readFile(path.join(dir, 'site.yaml'), 'utf8')
    expect(siteYaml).toMatch(/^host: static\nforms: \{ provider: formspree, endpoint: "https:\/\/formspree\.io\/f\/xyzabcde" \}$/m)
    const result = await build({ site: dir, write: false, cacheDir: false })
    const contact = String(result.files.find((f) => f.path === 'contact/index.html')?.contents)
    expect(contact).toContain('data-endpoint="https://formspree.io/f/xyzabcde"')
    const refused = memoryIo()
    expect(await main(['new', path.join(await tempDir(), 'x'), ...facts, '--form-endpoint', 'http://forms.example/f'], refused)).toBe(2)
    expect(refused.stderr).toContain('--form-endpoint "http://forms.example/f" is not an https:// address')
  })

  it('asks for the missing facts on a terminal, again for a required one left empty or a mistyped one, and skips an optional one', async () => {
    const answers = ['', 'Roofing', 'Erie', 'Erie, PA', '', 'office@harbor.example', '', '']
    const asked: string[] = []
    const io = memoryIo()
    const got = await askForFacts(
      { name: 'Harbor Roofing' },
      async (q) => {
        asked.push(q.trim().split(' ')[0]!)
        return answers.shift() ?? ''
      },
      io,
    )
    expect(got).toEqual({ name: 'Harbor Roofing', trade: 'Roofing', areas: 'Erie, PA', email: 'office@harbor.example' })
    expect(asked).toEqual(['What', 'What', 'Towns', 'Towns', 'Phone', 'Email', 'Web', 'Host:'])
    expect(io.stderr).toContain('"Erie" is not "Town, ST"; write each town with its two-letter state')
  })

  it('asks for a form service only for a host that receives no form posts', async () => {
    const asked: string[] = []
    const got = await askForFacts(
      { name: 'Harbor Roofing', trade: 'Roofing', areas: 'Erie, PA' },
      async (q) => {
        asked.push(q.trim().split(' ')[0]!)
        return { 'Host:': 'github-pages', Form: 'https://usebasin.com/f/1a2b3c4d5e6f' }[q.trim().split(' ')[0]!] ?? ''
      },
      memoryIo(),
    )
    expect(asked).toEqual(['Phone', 'Email', 'Web', 'Host:', 'Form'])
    expect(got).toMatchObject({ host: 'github-pages', formEndpoint: 'https://usebasin.com/f/1a2b3c4d5e6f' })
  })

  it('without a terminal, names every missing required fact and exits 2 writing nothing', async () => {
    const dir = path.join(await tempDir(), 'nothing')
    const io = memoryIo()
    expect(await main(['new', dir, '--trade', 'Roofing'], io)).toBe(2)
    expect(io.stderr).toContain('error: missing --name, --areas; give them as options, or run the command on a terminal to be asked.')
    expect(existsSync(dir)).toBe(false)
  })

  it('refuses towns without their state, naming them', async () => {
    const io = memoryIo()
    expect(await main(['new', path.join(await tempDir(), 'x'), '--name', 'A', '--trade', 'B', '--areas', 'Salem, OR; Keizer'], io)).toBe(2)
    expect(io.stderr).toContain('error: --areas: "Keizer" is not "Town, ST"')
  })

  it('refuses a plain http:// address, as site.yaml would, before writing anything', async () => {
    const io = memoryIo()
    const dir = path.join(await tempDir(), 'x')
    expect(await main(['new', dir, '--name', 'A', '--trade', 'B', '--areas', 'Salem, OR', '--url', 'http://www.a.example'], io)).toBe(2)
    expect(io.stderr).toContain('--url "http://www.a.example" is a plain http:// address')
    expect(existsSync(dir)).toBe(false)
  })

  it('fills in --name and --trade everywhere, as valid YAML even with quotes, colons and #', async () => {
    const dir = path.join(await tempDir(), 'joes')
    const name = 'Joe\'s "Best": #1 Co.'
    expect(await main(['new', dir, '--name', name, '--trade', 'window repair', '--areas', 'Salem, OR'], memoryIo())).toBe(0)
    const files = await readAll(dir)
    expect(Object.keys(files)).toContain('services/window-repair.yaml')
    for (const [file, text] of Object.entries(files)) expect(text, file).not.toMatch(/your business|your service|your-service/i)
    expect(files['README.md']).toContain(`# ${name} website`)

    const result = await build({ site: dir, write: false, cacheDir: false })
    const page = (url: string) =>
      String(result.files.find((f) => f.path === result.routes.find((r) => r.url === url)!.outputPath)!.contents)
    expect(page('/services/window-repair')).toContain('<h1')
    expect(page('/')).toContain('Window repair you can count on')
    // Quotes may be curled by the typographer or escaped by React; the name is there whole.
    expect(page('/')).toMatch(/Joe(’|&#x27;)s (“|&quot;)Best(”|&quot;): #1 Co\./)
    expect(page('/contact')).toContain('free quote for window repair')
  })

  it('makes a neutral starter that names no trade', async () => {
    const files = await readAll(path.join(repoRoot, 'sites/starter'))
    for (const [file, text] of Object.entries(files)) {
      if (file.startsWith('.citypress')) continue
      expect(`${file}\n${text}`.match(tradeWords)?.[0], file).toBeUndefined()
    }
  })

  it('refuses to write into a folder that is not empty, and changes nothing there', async () => {
    const dir = await tempDir()
    await writeFile(path.join(dir, 'site.yaml'), 'name: Mine\n')
    const io = memoryIo()
    expect(await main(['new', dir, ...facts], io)).toBe(2)
    expect(io.stderr).toContain('is not empty; citypress new never overwrites files')
    expect(await readdir(dir)).toEqual(['site.yaml'])
    expect(await readFile(path.join(dir, 'site.yaml'), 'utf8')).toBe('name: Mine\n')
  })

  it('refuses a folder that is not empty before asking anything, naming the command that was run', async () => {
    const dir = await tempDir()
    await writeFile(path.join(dir, 'notes.txt'), 'mine\n')
    const io = memoryIo()
    const asked: string[] = []
    const program = new Command('create-citypress').exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err })
    defineNewCommand(program, io, {
      setup: async () => ({ starter: path.join(repoRoot, 'sites/starter'), version: citypressVersion }),
      invocation: 'npm create citypress@latest',
      prompt: async (question) => {
        asked.push(question)
        return ''
      },
    })
    await expect(program.parseAsync([dir], { from: 'user' })).rejects.toThrow()
    expect(asked).toEqual([])
    expect(io.stderr).toContain('is not empty; npm create citypress@latest never overwrites files')
    expect(await readdir(dir)).toEqual(['notes.txt'])
  })

  it('keeps the starter in the repo a valid site that builds', async () => {
    const { result, file } = await exampleBuild('starter')
    expect(file(result.routes.find((r) => r.url === '/contact')!.outputPath)).toContain('<form name="quote"')
  })
})

describe('the site folder of a command', () => {
  it("is the current folder when it holds site.yaml, named by the folder's name", async () => {
    const dir = path.join(await tempDir(), 'here')
    expect(await main(['new', dir, ...facts], memoryIo())).toBe(0)
    const io = memoryIo()
    const before = process.cwd()
    process.chdir(dir)
    try {
      expect(await main(['validate'], io), io.stderr).toBe(0)
    } finally {
      process.chdir(before)
    }
    expect(io.stdout).toMatch(/^✓ here is valid/)
  })

  it('must be named when the current folder has no site.yaml, and the error says what one is', async () => {
    const dir = await tempDir()
    const io = memoryIo()
    const before = process.cwd()
    process.chdir(dir)
    try {
      expect(await main(['build'], io)).toBe(1)
    } finally {
      process.chdir(before)
    }
    expect(io.stderr).toContain('error[site-not-found]: This folder (')
    expect(io.stderr).toContain('has no site.yaml, so there is no site to work on here.')
    expect(io.stderr).toContain('hint: A site folder holds site.yaml and the other files of one website')
    expect(io.stderr).toContain('`citypress new my-site`')
    expect(await readdir(dir)).toEqual([])
  })
})
