import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContrastTable } from '../../src/config/checks/check-contrast.js'
import { checkStyleTokens } from '../../src/config/checks/check-style-tokens.js'
import type { ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { normalize, siteFrom, validationErrors } from '../helpers/site.js'

const styles = path.resolve('templates/styles')
const table = readContrastTable()
const printed = (e: ConfigError) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, '')

describe('the stylesheets and the contrast table', () => {
  it('have no colour literal and no token pair the contrast table does not check', () => {
    const found = readdirSync(styles)
      .filter((f) => f.endsWith('.css'))
      .flatMap((file) =>
        checkStyleTokens(readFileSync(path.join(styles, file), 'utf8'), table).map(
          (p) => `${file}:${p.line}:${p.column} ${p.kind} ${p.text}`,
        ),
      )
    expect(found).toEqual([])
  })
})

describe('checkStyleTokens', () => {
  const check = (css: string) => checkStyleTokens(css, table).map((p) => `${p.line}:${p.column} ${p.kind} ${p.text}`)

  it('finds hex, functional and named colour literals, and ignores comments and custom properties', () => {
    expect(
      check(
        '/* #fff */\n.a { color: #94a3b8; border: 1px solid rgb(0 0 0 / .5); }\n.b { background: white; --x: #000; white-space: nowrap; }',
      ),
    ).toEqual(['2:13 literal #94a3b8', '2:40 literal rgb(', '3:18 literal white'])
  })

  it('finds a pair of tokens the contrast table does not check, in the background of the rule or of its context', () => {
    expect(check('.a { color: var(--color-muted); background: var(--color-primary); }')).toEqual(['1:13 pair muted on primary'])
    expect(check('.site-footer .x { color: var(--color-primary); }')).toEqual(['1:26 pair primary on footerBackground'])
    expect(check('.site-footer a { color: var(--color-footer-link); }\n.card { border: 1px solid var(--color-border); }')).toEqual([])
  })

  it('counts the larger part of a tint as its colour', () => {
    expect(check('.tone-brand .x { color: color-mix(in srgb, var(--color-accent) 35%, var(--color-on-primary-dark)); }')).toEqual([])
    expect(check('.tone-brand .x { color: color-mix(in srgb, var(--color-accent) 65%, var(--color-on-primary-dark)); }')).toEqual([
      '1:25 pair accent on primaryDark',
    ])
  })
})

describe("a site's templates/styles overrides", () => {
  it('fail the build at the line of a colour literal and of an unchecked pair', async () => {
    const css = '.note {\n  color: #64748b;\n}\n.site-footer .note { color: var(--color-primary); }\n'
    const errors = await validationErrors(await siteFrom('minimal', { 'templates/styles/extra.css': css }))
    expect(errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['colour-literal', 2, 10],
      ['unchecked-colour-pair', 4, 29],
    ])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[colour-literal]: The stylesheet writes the colour #64748b itself, so the build cannot check its contrast and it does not follow the site's theme.
        --> templates/styles/extra.css:2:10
        |
      2 |   color: #64748b;
        |          ^^^^^^^
      hint: Use a theme colour, \`var(--color-…)\` (e.g. \`var(--color-muted)\`; site.yaml \`theme.colors\` lists them), or a tint of one: \`color-mix(in srgb, var(--color-primary) 12%, var(--color-background))\`."
    `)
    expect(printed(errors[1]!)).toMatchInlineSnapshot(`
      "error[unchecked-colour-pair]: This rule puts the theme colour \`primary\` on \`footerBackground\`, a pair the contrast check does not test, so it could be unreadable with no error.
        --> templates/styles/extra.css:4:29
        |
      4 | .site-footer .note { color: var(--color-primary); }
        |                             ^^^^^^^^^^^^^^^^^^^^
      hint: Use a colour the check tests on \`footerBackground\`: \`footerText\`, \`footerLink\`."
    `)
  })
})
