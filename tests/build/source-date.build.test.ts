import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, siteFrom, tempDir } from '../helpers/site.js'

const cli = path.join(repoRoot, 'bin/citypress.cjs')

function build(site: string, out: string, sourceDateEpoch: string) {
  const run = spawnSync(process.execPath, [cli, 'build', site, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, SOURCE_DATE_EPOCH: sourceDateEpoch },
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

describe('SOURCE_DATE_EPOCH', () => {
  it('makes the build as of that moment: its year in the footer, and no sitemap date after it', async () => {
    // A copy outside git: every file's date is its copy time, today.
    const site = await siteFrom('landing')
    const out = path.join(await tempDir(), 'dist')
    const { status, output } = build(site, out, String(Date.UTC(2021, 6, 1) / 1000))
    expect(status, output).toBe(0)
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toMatch(/© 2021 /)
    const dates = [...(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).matchAll(/<lastmod>([\d-]+)<\/lastmod>/g)].map((m) => m[1])
    expect(dates.length).toBeGreaterThan(0)
    expect(new Set(dates)).toEqual(new Set(['2021-07-01']))
  })

  it('stops the build when it is not whole seconds, naming the variable', async () => {
    const site = await siteFrom('landing')
    const { status, output } = build(site, path.join(await tempDir(), 'dist'), '2021-07-01')
    expect(status).toBe(1)
    expect(output).toContain(
      'error[bad-source-date]: SOURCE_DATE_EPOCH is "2021-07-01", which is not a number of seconds since 1970-01-01 UTC.',
    )
  })
})
