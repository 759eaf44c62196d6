import { execFileSync, spawnSync } from 'node:child_process'
import { cp, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture, repoRoot, tempDir } from '../helpers/site.js'

const cli = path.join(repoRoot, 'bin/citypress.cjs')

/** Loaded before the CLI: prints the main thread's young generation (both semi-spaces, MiB) as the process ends. */
const probe = `
const v8 = require('node:v8')
const { isMainThread } = require('node:worker_threads')
if (isMainThread) process.on('exit', () => {
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size
  process.stderr.write('young generation: ' + young / 2 ** 20 + ' MiB\\n')
})
`

/** A cold build's output and the main thread's young generation at its end (it never shrinks). */
function build(site: string, out: string, probeFile: string, nodeOptions: readonly string[] = []) {
  const run = spawnSync(process.execPath, [...nodeOptions, '--require', probeFile, cli, 'build', site, '--out', out], {
    encoding: 'utf8',
  })
  const young = /young generation: ([\d.]+) MiB/.exec(run.stderr)?.[1]
  return { status: run.status, output: `${run.stdout}${run.stderr}`, youngMiB: Number(young) }
}

describe("a build's main thread", () => {
  it('keeps its young generation at 8 MiB while the SVG sanitizer and the render workers start, where V8 alone grows it', async () => {
    const dir = await tempDir()
    const site = path.join(dir, 'site')
    // 300 landing pages: more than a build renders in this thread, so two render workers start.
    execFileSync('node', ['bin/gen-site.mjs', '--from', fixture('landing'), '--cities', '100', '--services', '3', '--out', site], {
      cwd: repoRoot,
    })
    // Not yet sanitized: its thread starts while the site is read.
    await writeFile(
      path.join(site, 'mark.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    )
    await cp(site, path.join(dir, 'copy'), { recursive: true })
    const probeFile = path.join(dir, 'probe.cjs')
    await writeFile(probeFile, probe)

    const bounded = build(site, path.join(dir, 'bounded'), probeFile)
    expect(bounded.status, bounded.output).toBe(0)
    expect(bounded.output).toMatch(/✓ Built 3\d\d pages/)
    expect(bounded.youngMiB).toBe(8)

    // A size chosen on the command line is left alone: the same build of a copy then grows it past 8 MiB.
    const chosen = build(path.join(dir, 'copy'), path.join(dir, 'chosen'), probeFile, ['--max-semi-space-size=16'])
    expect(chosen.status, chosen.output).toBe(0)
    expect(chosen.youngMiB).toBeGreaterThan(8)
  })
})
