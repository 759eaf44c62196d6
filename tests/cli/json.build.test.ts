import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { printJsonFailure } from '../../src/cli/json-output.js'
import { main } from '../../src/cli/main.js'
import { BuildFailure, ConfigError } from '../../src/errors/config-error.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'

const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('--json', () => {
  it('prints each error of validate as one JSON object per line, then a failed summary, and nothing on stderr', async () => {
    const site = await siteFrom('minimal', {
      'services/office-cleaning.yaml': 'title: Office Cleaning\nsubtitel: Nightly.\ndescription: Offices.\n',
    })
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
      {
        type: 'error',
        code: 'unknown-key',
        message: 'Unknown key "subtitel" in the top level.',
        file: 'services/office-cleaning.yaml',
        line: 2,
        column: 1,
        path: 'subtitel',
        hint: 'Did you mean "subtitle"?',
      },
      { type: 'summary', command: 'validate', ok: false, errors: 1, warnings: 0 },
    ])
  })

  it('gives a second place an error names as a note with its own position', async () => {
    const site = await siteFrom('minimal', {
      'pages/again.yaml': 'path: /contact\ntitle: Again\nsections:\n  - { type: text, body: Hi }\n',
    })
    const io = memoryIo()
    const before = process.cwd()
    process.chdir(site)
    try {
      expect(await main(['validate', '--json'], io)).toBe(1)
    } finally {
      process.chdir(before)
    }
    expect(
      lines(io.stdout)
        .filter((p) => p.code === 'duplicate-route')
        .map((p) => [p.file, p.line, p.notes]),
    ).toEqual([
      [
        'pages/contact.yaml',
        2,
        [{ message: 'The sections page already at /contact comes from here.', file: 'pages/again.yaml', line: 1, column: 1 }],
      ],
    ])
  })

  it('ends a successful build with one summary object and prints nothing else but warnings', async () => {
    const io = memoryIo()
    const out = path.join(await tempDir(), 'dist')
    expect(await main(['build', await siteFrom('minimal'), '--out', out, '--json'], io), io.stderr).toBe(0)
    const printed = lines(io.stdout)
    expect(printed.slice(0, -1).every((p) => p.type === 'warning' && typeof p.code === 'string' && typeof p.file === 'string')).toBe(true)
    expect(printed.at(-1)).toMatchObject({
      type: 'summary',
      command: 'build',
      ok: true,
      errors: 0,
      warnings: printed.length - 1,
      outDir: out,
      upToDate: false,
      replayed: false,
    })
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
    expect(lines(io.stdout).map((p) => [p.type, p.code])).toEqual([
      ['error', 'site-not-found'],
      ['summary', undefined],
    ])
  })

  it('prints one record for every kind of failure: a machine fault, a bug, a bad command line, an error without a line', async () => {
    const recorded = (error: unknown) => {
      const io = memoryIo()
      const code = printJsonFailure(io, 'build', error)
      return { code, records: lines(io.stdout), stderr: io.stderr }
    }
    const full = recorded(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', path: '/srv/out/index.html' }),
    )
    expect(full.code).toBe(1)
    expect(full.records).toEqual([
      expect.objectContaining({ type: 'error', code: 'disk-full', file: '/srv/out/index.html' }),
      { type: 'summary', command: 'build', ok: false, errors: 1, warnings: 0 },
    ])
    const bug = recorded(new TypeError('Cannot read properties of undefined'))
    expect(bug.code).toBe(2)
    expect(bug.records[0]).toMatchObject({
      type: 'error',
      code: 'internal-error',
      message: expect.stringContaining('Cannot read properties of undefined'),
    })
    expect(bug.records[0]!.stack).toMatch(/TypeError[\s\S]*json\.build\.test\.ts/)
    expect(bug.records[1]).toMatchObject({ type: 'summary', ok: false, errors: 1 })
    const lineless = recorded(new BuildFailure([new ConfigError({ code: 'outside-site', message: 'Out.', path: '', file: 'blog/x.md' })]))
    expect(lineless.records[0]).toEqual({ type: 'error', code: 'outside-site', message: 'Out.', file: 'blog/x.md', path: '' })
    expect([full.stderr, bug.stderr, lineless.stderr]).toEqual(['', '', ''])

    // Through main(): a bad command line still ends with a record and a summary on stdout.
    const io = memoryIo()
    expect(await main(['build', '--json', '--outt', 'x'], io)).toBe(2)
    expect(lines(io.stdout)).toEqual([
      { type: 'error', code: 'usage', message: expect.stringContaining("unknown option '--outt'") },
      { type: 'summary', command: 'build', ok: false, errors: 1, warnings: 0 },
    ])
  })
})
