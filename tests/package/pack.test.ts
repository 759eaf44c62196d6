import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { repoRoot, tempDir } from '../helpers/site.js'

const run = promisify(execFile)

/** Runs as `nobody` when we are root and can switch users, so a second user is what is tested. */
const asOtherUser = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv')

/** npm without its network-only chatter; installs come from the npm cache when it has them. */
const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_prefer_offline: 'true',
}

/** A command as the site's user would type it; stdout and stderr together, as printed. */
async function sh(
  cwd: string,
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; other?: boolean } = {},
): Promise<string> {
  const [file, argv] =
    options.other && asOtherUser ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', command, ...args]] : [command, args]
  const { stdout, stderr } = await run(file, argv, { cwd, env: { ...npmEnv, ...options.env }, maxBuffer: 16 << 20 })
  return `${stdout}${stderr}`.replace(/^npm warn Unknown user config.*\n/gm, '')
}

/** `npm pack` of the package in `dir`: the tarball's path and the files it holds. */
async function pack(dir: string, destination: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: dir, env: npmEnv })
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[]
  return { tarball: path.join(destination, packed!.filename), files: packed!.files.map((f) => f.path) }
}

/** Every path under `dir` with its size and mtime: equal listings mean nothing was written. */
async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return Promise.all(
    entries.map(async (e) => {
      const file = path.join(e.parentPath, e.name)
      const s = await stat(file)
      return `${path.relative(dir, file)} ${s.size} ${s.mtimeMs}`
    }),
  ).then((rows) => rows.sort())
}

/** Bytes of every file under `dir` (symlinks not followed), as `du --apparent-size` counts them. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size
  }
  return total
}

/**
 * What installing citypress brings into a new project: the packages installed here (the lock also
 * lists other platforms' optional ones, sharp's and esbuild's), their megabytes, and the three
 * largest, as README.md says it.
 */
async function installFigures(project: string): Promise<{ packages: number; megabytes: number; text: string }> {
  const lock = JSON.parse(await readFile(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> }
  const installed = Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/') && existsSync(path.join(project, p)))
  const megabytes = Math.round((await bytesUnder(path.join(project, 'node_modules'))) / 1e6)
  const sizes = await Promise.all(
    installed
      .filter((p) => !p.slice('node_modules/'.length).includes('node_modules/'))
      .map(async (p) => ({ name: p.slice('node_modules/'.length), megabytes: (await bytesUnder(path.join(project, p))) / 1e6 })),
  )
  const largest = sizes
    .sort((a, b) => b.megabytes - a.megabytes)
    .slice(0, 3)
    .map((p) => `${p.name} ${Math.round((p.megabytes / megabytes) * 100)}%`)
  return { packages: installed.length, megabytes, text: `${installed.length} packages, ${megabytes} MB (largest: ${largest.join(', ')})` }
}

/**
 * One project, made the way a newcomer makes it: create-citypress's tarball run as `npm create`
 * runs it, on citypress's tarball (`--citypress file:…`), its lock made by `npm install`, then
 * installed and built by the steps of the CI workflow it was given. The release, starter and
 * create-citypress checks below share it.
 */
interface Made {
  work: string
  citypress: { tarball: string; files: string[] }
  create: { tarball: string; files: string[] }
  created: string
  site: string
  /** The workflow's `run` steps, in order, and what each printed. */
  steps: string[]
  printed: string[]
}

/** The `run` steps of the workflow `--host github-pages` writes, in order. */
const ciSteps = ['npm ci --no-audit --no-fund', 'npx citypress validate', 'npm run build -- --published "$PAGES_URL/sitemap.xml"']

describe('the npm packages', () => {
  let made: Made

  beforeAll(async () => {
    const work = await tempDir()
    // The tarballs as `npm publish` would make them: `prepare` compiles lib/, create-citypress's
    // `prepack` bundles its lib/ and copies the starter in.
    const [citypress, create] = await Promise.all([pack(repoRoot, work), pack(path.join(repoRoot, 'create-citypress'), work)])
    // As `npm create citypress@latest my-site -- …` runs it: npm exec of the package's bin.
    const created = await sh(work, 'npm', [
      'exec',
      '--yes',
      '--package',
      create.tarball,
      '--',
      'create-citypress',
      'my-site',
      '--citypress',
      `file:${citypress.tarball}`,
      '--name',
      'Harbor Roofing',
      '--trade',
      'Roofing',
      '--areas',
      'Erie, PA; Millcreek, PA',
      '--host',
      'github-pages',
      '--url',
      'https://harbor.example',
    ])
    const site = path.join(work, 'my-site')
    // The lock a newcomer's `npm install` writes and commits. The packages are installed once, by
    // the CI's `npm ci` from that lock: the same tree, with the same install scripts run.
    await sh(site, 'npm', ['install', '--package-lock-only'])
    // The generated workflow, step by step as the CI runs it.
    const workflow = parse(await readFile(path.join(site, '.github', 'workflows', 'pages.yml'), 'utf8')) as {
      jobs: Record<string, { steps: { run?: string }[] }>
    }
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])))
    // Never a step this test does not know: they run on this machine.
    expect(steps).toEqual(ciSteps)
    const printed: string[] = []
    // The site's first deploy: GitHub Pages answers 404 for the sitemap, as this server does.
    const pages = createServer((_req, res) => res.writeHead(404).end())
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    const pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`
    try {
      for (const step of steps) printed.push(await sh(site, 'bash', ['-e', '-c', `export PAGES_URL=${pagesUrl}\n${step}`]))
    } finally {
      pages.close()
    }
    made = { work, citypress, create, created, site, steps, printed }
  }, 420_000)

  it('ships citypress with its compiled CLI, schemas and starter, and create-citypress with the starter and no dependency', async () => {
    const { citypress, create } = made
    expect(citypress.files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'bin/citypress.cjs',
        'bin/thread-pool.cjs',
        'lib/citypress.mjs',
        'lib/decap/decap-cms.js',
        'lib-licences/decap-cms-LICENSE',
        'schemas/site.schema.json',
        'sites/starter/site.yaml',
        'sites/starter/landing.yaml',
        'sites/starter/.github/workflows/build.yml',
      ]),
    )
    expect(citypress.files.filter((f) => /^lib\/validators-[0-9a-f]+\.cjs$/.test(f))).toHaveLength(1)
    // The chunks the CLI loads on demand (bin/compile.mjs), the report's among them, and only this build's.
    expect(citypress.files.filter((f) => /^lib\/chunks\/draw-report-[A-Z0-9]+\.mjs$/.test(f))).toHaveLength(1)
    expect(citypress.files.filter((f) => /(^|\/)(tests|node_modules|\.citypress|create-citypress)\//.test(f))).toEqual([])

    // The starter has one source: create-citypress carries exactly sites/starter's files, made at pack time.
    const starter = citypress.files
      .filter((f) => f.startsWith('sites/starter/'))
      .map((f) => f.slice('sites/starter/'.length))
      .sort()
    expect(
      create.files
        .filter((f) => f.startsWith('starter/'))
        .map((f) => f.slice('starter/'.length))
        .sort(),
    ).toEqual(starter)
    expect(create.files.filter((f) => !f.startsWith('starter/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'bin/create-citypress.mjs',
      'lib/create.mjs',
      'package.json',
    ])
    const manifests = await Promise.all(
      ['package.json', 'create-citypress/package.json'].map(
        async (f) => JSON.parse(await readFile(path.join(repoRoot, f), 'utf8')) as Record<string, unknown>,
      ),
    )
    expect(manifests.map((m) => m.license)).toEqual(['MIT', 'MIT'])
    expect(manifests[1]!.version).toBe(manifests[0]!.version)
    expect(manifests[1]!.dependencies).toBeUndefined()
  })

  it('makes a project with create-citypress that installs, builds, and passes its own CI steps in order', async () => {
    const { site, citypress, created, steps, printed } = made
    expect(created).toContain('Created my-site/')
    const manifest = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    expect(manifest.dependencies).toEqual({ citypress: `file:${citypress.tarball}` })
    expect(existsSync(path.join(site, 'package-lock.json'))).toBe(true)

    // The workflow names no registry host, and its steps all passed (beforeAll ran them).
    expect(await readFile(path.join(site, '.github', 'workflows', 'pages.yml'), 'utf8')).not.toMatch(/registry|npmjs/)
    expect(steps).toEqual(ciSteps)
    const built = printed.at(-1)!
    expect(built).toMatch(/Landing pages: 4 built, 0 indexed/)
    expect(built).toContain('Local paragraphs to write')
    expect(built).toMatch(/Erie, PA: 2 pages hidden from search until its local paragraph has 40 words \(none is written\)/)
    expect(built).toMatch(/✓ Built \d+ pages/)
    // The live sitemap of a first deploy answers 404: nothing is published yet, which is no failure.
    expect(built).toContain('warning[nothing-published]')
    expect(existsSync(path.join(site, 'dist', 'lp', 'erie-roofing.html'))).toBe(true)
    expect(existsSync(path.join(site, 'dist', 'index.html'))).toBe(true)
  })

  it("measures what an install brings and fails when README.md's figures are more than 10% off", async () => {
    const measured = await installFigures(made.site)
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
    const span = /(<!-- install-figures: tests\/package\/pack\.test\.ts -->)([\s\S]*?)(<!-- \/install-figures -->)/
    const said = span.exec(readme)?.[2]
    expect(said, 'README.md has no install-figures span').toBeDefined()
    // The figures are measured, not typed by hand: `npm run readme:figures` (bin/readme-figures.mjs)
    // runs this test with a file to hand them to, and writes them into README.md; no test writes
    // into the repository itself.
    if (process.env.CITYPRESS_INSTALL_FIGURES) await writeFile(process.env.CITYPRESS_INSTALL_FIGURES, measured.text)
    const [, packages, megabytes] = /(\d+) packages, (\d+) MB/.exec(said!) ?? []
    expect(Math.abs(Number(packages) - measured.packages), `README said "${said}"; measured "${measured.text}"`).toBeLessThanOrEqual(
      measured.packages * 0.1,
    )
    expect(Math.abs(Number(megabytes) - measured.megabytes), `README said "${said}"; measured "${measured.text}"`).toBeLessThanOrEqual(
      measured.megabytes * 0.1,
    )
  })

  it('runs from a read-only install as another user, writing nothing inside the package', { timeout: 120_000 }, async () => {
    const { work, site } = made
    const installed = path.join(site, 'node_modules', 'citypress')
    await run('chmod', ['-R', 'a-w', installed])
    // mkdtemp makes its folder for us alone; the other user must reach the project in it.
    await chmod(work, 0o755)
    await chmod(site, 0o777)
    const before = await listing(installed)
    try {
      // The other user has no npm cache of its own here: give it one, and never the network.
      const env = { HOME: work, npm_config_cache: path.join(work, 'npm-cache'), npm_config_offline: 'true' }
      await run('mkdir', ['-m', '777', '-p', env.npm_config_cache])
      const other = { env, other: true }
      expect(
        await sh(site, 'npx', ['citypress', 'new', 'second', '--name', 'Second', '--trade', 'Roofing', '--areas', 'Erie, PA'], other),
      ).toContain('Created second/')
      const second = path.join(site, 'second')
      // An SVG icon: it is sanitized in a thread whose program is the installed package's own.
      await mkdir(path.join(second, 'images'), { recursive: true })
      await writeFile(
        path.join(second, 'images', 'icon.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><script>alert(1)</script><rect width="8" height="8"/></svg>',
      )
      await writeFile(path.join(second, 'site.yaml'), `${await readFile(path.join(second, 'site.yaml'), 'utf8')}\nicon: images/icon.svg\n`)
      expect(await sh(second, 'npx', ['citypress', 'build'], other)).toMatch(/✓ Built \d+ pages/)
      const svgs = (await readdir(path.join(second, 'dist'), { recursive: true })).filter((file) => file.endsWith('.svg'))
      expect(svgs.length).toBeGreaterThan(0)
      for (const file of svgs) expect(await readFile(path.join(second, 'dist', file), 'utf8')).not.toContain('<script')
      expect(await readdir(path.join(second, '.citypress', 'cache', 'tool'))).toEqual(
        expect.arrayContaining(['assets.json', 'templates.json']),
      )
      expect(await listing(installed)).toEqual(before)
    } finally {
      await run('chmod', ['-R', 'u+w', installed])
    }
  })
})
