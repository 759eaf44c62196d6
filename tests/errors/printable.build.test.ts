import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { fail, quoted, UnknownFile } from '../../src/errors/catalogue.js'
import { formatConfigError } from '../../src/errors/format.js'
import { jsonLine, printable } from '../../src/errors/printable.js'
import { memoryIo, siteFrom } from '../helpers/site.js'

// Site text reaches the terminal in messages and code frames; none of its controls may.
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe('terminal output', () => {
  it('shows controls as visible stand-ins of one character, so the caret still lines up', () => {
    expect(printable('a\u001b[2Jb\u0007c\rd\u009be\u202ef\tg\nh')).toBe('a\u241b[2Jb\u2407c\u240dd\ufffde\ufffdf\tg\nh')
    const error = fail(
      UnknownFile,
      { file: 'pages/x.yaml', line: 2, column: 7, length: 3, lineText: 'title:\u001b\u0007 bad' },
      'x\u001b]0;pwned\u0007',
    )
    expect(formatConfigError(error, { color: false })).toBe(
      [
        'error[unknown-file]: citypress does not read "x\u241b]0;pwned\u2407", so it has no effect.',
        '  --> pages/x.yaml:2:7',
        '  |',
        '2 | title:\u241b\u2407 bad',
        '  |       ^^^',
        `hint: ${UnknownFile.hint()}`,
      ].join('\n'),
    )
  })

  it('cuts a very long source line around the mistake, with the caret still under it', () => {
    const lineText = `${'x'.repeat(500)}TARGET${'y'.repeat(500)}`
    const [, , , line, underline] = formatConfigError(
      fail(UnknownFile, { file: 'a.yaml', line: 1, column: 501, length: 6, lineText }, 'a'),
      { color: false },
    ).split('\n')
    expect(line!.length).toBeLessThan(130)
    expect(line).toMatch(/^1 \| …x+TARGETy+…$/)
    expect(line!.slice(underline!.indexOf('^'), underline!.lastIndexOf('^') + 1)).toBe('TARGET')
  })

  it('keeps a YAML value with ESC and BEL out of the terminal raw, in frames and in --json', async () => {
    const site = await siteFrom('minimal', {
      'pages/contact.yaml':
        'path: /contact\ntitle: "Contact\\e[2J\\a"\nsections:\n  - type: hero\n    title: Contact\nsubtitel\u001b[31m: "\\e]0;pwned\\a"\n',
    })
    const text = memoryIo()
    expect(await main(['validate', site], text)).toBe(1)
    expect(text.stderr).toContain('error[unknown-key]')
    expect(text.stderr).not.toMatch(raw)
    const json = memoryIo()
    expect(await main(['validate', site, '--json'], json)).toBe(1)
    expect(json.stdout).not.toMatch(raw)
    const [first] = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: string })
    // The text itself is kept: a JSON reader gets the key as written.
    expect(first!.message).toContain('subtitel\u001b[31m')
    expect(jsonLine({ v: '\u009b\u202e' })).toBe('{"v":"\\u009b\\u202e"}\n')
  })

  it('quotes an outside text on one line, its controls and bidirectional overrides dropped, cut to its length', () => {
    expect(quoted('  var a\r\n\t= "\u001b[2J" \u202eevil\u2066;\u2028end\u0085 ')).toBe(JSON.stringify('var a = " [2J" evil ; end'))
    expect(quoted('x'.repeat(100), 10)).toBe(JSON.stringify(`${'x'.repeat(9)}…`))
    expect(quoted('\u202e'.repeat(3))).toBe('""')
  })
})
