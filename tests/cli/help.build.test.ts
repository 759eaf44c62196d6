import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { memoryIo } from '../helpers/site.js'

/** The option rows of a help text: flags, then the description (continued lines folded in). */
function optionRows(help: string): { flags: string; description: string }[] {
  const block = help.split(/\nOptions:\n/)[1]!.split(/\n\n/)[0]!
  const rows: { flags: string; description: string }[] = []
  for (const line of block.split('\n')) {
    const row = line.match(/^ {2}(-\S.*?)(?: {2,}(.*))?$/)
    if (row) rows.push({ flags: row[1]!, description: row[2] ?? '' })
    else rows.at(-1)!.description += ` ${line.trim()}`
  }
  return rows
}

describe("each command's --help", () => {
  it.each(['build', 'validate', 'routes', 'preview', 'new'])(
    'lists every option of %s with a description that says what it does',
    async (command) => {
      const io = memoryIo()
      expect(await main([command, '--help'], io)).toBe(0)
      const rows = optionRows(io.stdout)
      expect(rows.length).toBeGreaterThan(1)
      for (const row of rows) expect(row.description.length, row.flags).toBeGreaterThanOrEqual(15)
      expect(io.stdout).toContain('Examples:')
    },
  )

  it('shows every fact new takes, and that towns are never made up', async () => {
    const io = memoryIo()
    await main(['new', '--help'], io)
    expect(optionRows(io.stdout).map((r) => r.flags.split(' ')[0])).toEqual([
      '--name',
      '--trade',
      '--areas',
      '--phone',
      '--email',
      '--url',
      '--host',
      '--form-endpoint',
      '--citypress',
      '-h,',
    ])
    expect(io.stdout).toContain('citypress never makes up towns or facts')
  })
})
