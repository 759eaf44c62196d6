import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'

const shelfFiles = async (site: string) =>
  (await readdir(path.join(site, '.citypress/cache'))).filter((name) => name.startsWith('.shingles.'))

async function build(site: string): Promise<{ status: number; output: string }> {
  const io = memoryIo()
  const status = await main(['build', site, '--out', path.join(await tempDir(), 'dist')], io)
  return { status, output: `${io.stdout}${io.stderr}` }
}

describe('the landing prints put away in a file while the plan compares them', () => {
  it('are in prints.bin after a build, and their file is gone', async () => {
    const site = await siteFrom('landing')
    const run = await build(site)
    expect(run.status, run.output).toBe(0)
    expect(await shelfFiles(site)).toEqual([])
    expect(await readdir(path.join(site, '.citypress/cache'))).toContain('prints.bin')
  })

  it('leave no file behind when the plan stops the build', async () => {
    const site = await siteFrom('landing')
    const landing = path.join(site, 'landing.yaml')
    await writeFile(landing, `${await readFile(landing, 'utf8')}quality:\n  index: [/lp/nowhere-office-cleaning]\n`)
    const run = await build(site)
    expect(run.status).toBe(1)
    expect(run.output).toMatch(/nowhere-office-cleaning/)
    expect(await shelfFiles(site)).toEqual([])
  })
})
