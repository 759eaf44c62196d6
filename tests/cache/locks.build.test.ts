import { spawn, spawnSync } from 'node:child_process'
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

const cli = path.join(repoRoot, 'bin/citypress.cjs')

/** `citypress build` as a process of its own; `onError` sees its error output as it comes. */
function runBuild(
  site: string,
  out: string,
  onError?: (stderr: string) => void,
): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'build', site, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d))
    child.stderr.on('data', (d: Buffer) => {
      stderr += d
      onError?.(stderr)
    })
    child.on('close', (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }))
  })
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

const holder = (pid: number) => JSON.stringify({ pid, host: hostname(), started: new Date().toISOString() })

describe('locks between builds', () => {
  it('takes over at once a lock whose holder died, and removes its leftover temporary files', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    expect((await runBuild(site, out)).status).toBe(0)
    const cache = path.join(site, '.citypress/cache')
    const pid = deadPid()
    // What a build killed with kill -9 leaves: its lock, and a cache file half written.
    await writeFile(`${cache}.lock`, holder(pid))
    await writeFile(path.join(cache, `.config.json.${pid}-abcdef.tmp`), '{"half')
    await writeFile(path.join(site, 'site.yaml'), `${await readFile(path.join(site, 'site.yaml'), 'utf8')}\n# edited\n`)
    const run = await runBuild(site, out)
    expect(run.status, run.stderr).toBe(0)
    expect(run.stderr).not.toMatch(/Waiting/)
    expect(run.ms).toBeLessThan(20_000)
    expect((await readdir(cache)).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })

  it('does not stall after a build was killed (kill -9) while encoding images', async () => {
    const site = await siteFrom('minimal', {
      'pages/home.yaml': 'path: /\ntitle: Home\nimage: images/large.jpg\nsections:\n  - type: hero\n    title: Hi\n',
    })
    await mkdir(path.join(site, 'images'))
    // Large and noisy, so encoding its variants takes long enough to be killed midway.
    const noise = Buffer.alloc(2400 * 1600 * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = Math.imul(i, 2654435761) >>> 24
    await sharp(noise, { raw: { width: 2400, height: 1600, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(path.join(site, 'images/large.jpg'))
    const out = path.join(await tempDir(), 'dist')
    const images = path.join(site, '.citypress/cache/images')
    const victim = spawn(process.execPath, [cli, 'build', site, '--out', out], { stdio: 'ignore' })
    // Killed as soon as it holds a lock on a variant it is encoding.
    for (let tries = 0; tries < 600; tries++) {
      if ((await readdir(images).catch(() => [] as string[])).some((n) => n.endsWith('.lock'))) break
      await new Promise((r) => setTimeout(r, 50))
    }
    victim.kill('SIGKILL')
    await new Promise((r) => victim.once('close', r))
    expect(
      (await readdir(images)).some((n) => n.endsWith('.lock')),
      'a lock was left to take over',
    ).toBe(true)
    const run = await runBuild(site, out)
    expect(run.status, run.stderr).toBe(0)
    expect(run.stderr).not.toMatch(/Waiting/)
    // Encoding alone takes a few seconds here; waiting a lock out took two minutes.
    expect(run.ms).toBeLessThan(60_000)
    expect((await readdir(images)).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp'))).toEqual([])
  }, 120_000)

  it('waits for a live holder, says for whom, and builds once it is gone', async () => {
    const site = await siteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    const cache = path.join(site, '.citypress/cache')
    // The holder lives until the build says it waits for it, however long the build takes to start.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    await mkdir(path.dirname(cache), { recursive: true })
    await writeFile(`${cache}.lock`, holder(sleeper.pid!))
    const run = await runBuild(site, out, (stderr) => {
      if (stderr.includes('Waiting for process')) sleeper.kill()
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stderr).toContain(`Waiting for process ${sleeper.pid} on this machine`)
    expect(sleeper.killed).toBe(true)
  })

  it('lets two builds of one site run at once: both succeed and the output is complete', async () => {
    const site = await siteFrom('landing')
    const reference = path.join(await tempDir(), 'site')
    await cp(site, reference, { recursive: true })
    const referenceOut = path.join(await tempDir(), 'dist')
    expect((await runBuild(reference, referenceOut)).status).toBe(0)
    const out = path.join(await tempDir(), 'dist')
    for (let round = 0; round < 2; round++) {
      const [a, b] = await Promise.all([runBuild(site, out), runBuild(site, out)])
      expect(a.status, a.stderr).toBe(0)
      expect(b.status, b.stderr).toBe(0)
      expect(await snapshot(out)).toEqual(await snapshot(referenceOut))
    }
  })
})
