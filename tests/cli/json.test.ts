import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'

const lines = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)

describe('--json', () => {
  it('prints each error of validate as one JSON object per line, then a failed summary, and nothing on stderr', async () => {
    const site = await siteFrom('minimal', { 'services/office-cleaning.yaml': 'title: Office Cleaning\nsubtitel: Nightly.\ndescription: Offices.\n' })
    const io = memoryIo()
    const before = process.cwd()
    process.chdir(site)
    try {
      expect(await main(['validate', '--json'], io)).toBe(1)
    } finally {
      process.chdir(before)
    }
    expect(io.stderr).toBe('')
    expect(lines(io.stdout)).toEqual([
      { type: 'error', code: 'unknown-key', message: 'Unknown key "subtitel" in the top level.', file: 'services/office-cleaning.yaml', line: 2, column: 1, path: 'subtitel', hint: 'Did you mean "subtitle"?' },
      { type: 'summary', command: 'validate', ok: false, errors: 1, warnings: 0 },
    ])
  })

  it('ends a successful build with one summary object and prints nothing else but warnings', async () => {
    const io = memoryIo()
    const out = path.join(await tempDir(), 'dist')
    expect(await main(['build', await siteFrom('minimal'), '--out', out, '--json'], io), io.stderr).toBe(0)
    const printed = lines(io.stdout)
    expect(printed.slice(0, -1).every((p) => p.type === 'warning' && typeof p.code === 'string' && typeof p.file === 'string')).toBe(true)
    expect(printed.at(-1)).toMatchObject({ type: 'summary', command: 'build', ok: true, errors: 0, warnings: printed.length - 1, outDir: out, upToDate: false, replayed: false })
    expect(printed.at(-1)!.pages).toBeGreaterThan(0)
  })

  it('reports a missing site folder as a JSON error too', async () => {
    const io = memoryIo()
    const before = process.cwd()
    process.chdir(await tempDir())
    try {
      expect(await main(['build', '--json'], io)).toBe(1)
    } finally {
      process.chdir(before)
    }
    expect(lines(io.stdout).map((p) => [p.type, p.code])).toEqual([['error', 'site-not-found'], ['summary', undefined]])
  })
})
