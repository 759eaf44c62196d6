import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from '../helpers/site.js'

const run = promisify(execFile)

/** Runs as `nobody` when we are root and can switch users, so a second user is what is tested. */
const asOtherUser = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv')

/** A command as the site's user would type it; stdout and stderr together, as printed. */
async function sh(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [file, argv] = asOtherUser ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', command, ...args]] : [command, args]
  const { stdout, stderr } = await run(file, argv, { cwd, env: { ...process.env, ...env } })
  return `${stdout}${stderr}`.replace(/^npm warn Unknown user config.*\n/gm, '')
}

/** Every path under `dir` with its size and mtime: equal listings mean nothing was written. */
async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return Promise.all(entries.map(async (e) => {
    const file = path.join(e.parentPath, e.name)
    const s = await stat(file)
    return `${path.relative(dir, file)} ${s.size} ${s.mtimeMs}`
  })).then((rows) => rows.sort())
}

describe('the npm package', () => {
  it('installs from its tarball, makes a new site and builds it, read-only and as another user', { timeout: 240_000 }, async () => {
    const work = await tempDir()
    // The tarball as `npm publish` would make it: `prepare` compiles lib/ first.
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: repoRoot })
    const { filename, files } = (JSON.parse(packed.slice(packed.indexOf('['))) as { filename: string; files: { path: string }[] }[])[0]!
    const shipped = files.map((f) => f.path)
    expect(shipped).toEqual(expect.arrayContaining(['bin/citypress.mjs', 'lib/citypress.mjs', 'lib/decap/decap-cms.js', 'lib-licences/decap-cms-LICENSE', 'schemas/site.schema.json', 'sites/starter/site.yaml', 'sites/starter/.github/workflows/build.yml']))
    expect(shipped.filter((f) => /^lib\/validators-[0-9a-f]+\.cjs$/.test(f))).toHaveLength(1)
    expect(shipped.filter((f) => /(^|\/)(tests|node_modules|\.citypress)\//.test(f))).toEqual([])

    // An empty project installs it from the npm cache, as a site's CI with a kept cache would.
    const project = path.join(work, 'project')
    await run('mkdir', ['-p', project])
    await writeFile(path.join(project, 'package.json'), '{}\n')
    const env = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' }
    await run('npm', ['install', '--prefer-offline', path.join(work, filename)], { cwd: project, env: { ...process.env, ...env } })
    const installed = path.join(project, 'node_modules', 'citypress')
    expect(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'))).toEqual({ dependencies: { citypress: `file:../${filename}` } })
    await run('chmod', ['-R', 'a-w', installed])
    // mkdtemp makes its folder for us alone; the other user must reach the project in it.
    await chmod(work, 0o755)
    await chmod(project, 0o777)
    const before = await listing(installed)
    try {
      // The other user has no npm cache of its own here: give it one, and never the network.
      const userEnv = { ...env, HOME: work, npm_config_cache: path.join(work, 'npm-cache'), npm_config_offline: 'true' }
      await run('mkdir', ['-m', '777', '-p', userEnv.npm_config_cache])
      const made = await sh(project, 'npx', ['citypress', 'new', 'my-site'], userEnv)
      expect(made).toContain('Created my-site/')
      const site = path.join(project, 'my-site')
      const built = await sh(site, 'npx', ['citypress', 'build'], userEnv)
      expect(built).toMatch(/✓ Built \d+ pages/)
      expect(existsSync(path.join(site, 'dist', 'index.html'))).toBe(true)
      expect(await readdir(path.join(site, '.citypress', 'cache', 'tool'))).toEqual(expect.arrayContaining(['assets.json', 'templates.json']))
      expect(await listing(installed)).toEqual(before)
    } finally {
      await run('chmod', ['-R', 'u+w', installed])
    }
  })
})
