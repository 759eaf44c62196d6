import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { ColourLiteral, fail, UncheckedColourPair } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { displayFile } from '../../tool/package.js'
import { siteFileTarget } from '../read/inside-site.js'
import { readContrastTable } from './check-contrast.js'
import { checkStyleTokens } from './check-style-tokens.js'

/**
 * A site's `templates/styles/*.css` overrides held to the rule citypress's own stylesheets keep
 * (tests/config/style-tokens.test.ts): colours only as theme tokens, and only in pairs the contrast
 * table checks, so an override cannot bring back an unchecked colour. Each problem at its line.
 */
export async function checkStyleOverrides(siteRoot: string): Promise<ConfigError[]> {
  const folder = path.join(siteRoot, 'templates', 'styles')
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.css')).sort()
  const table = readContrastTable()
  const errors: ConfigError[] = []
  for (const name of names) {
    const target = await siteFileTarget(siteRoot, path.join(folder, name))
    if (target.kind !== 'file') continue
    const text = await readFile(target.real, 'utf8')
    const lines = text.split('\n')
    for (const problem of checkStyleTokens(text, table)) {
      const lineText = lines[problem.line - 1]
      const at = { file: displayFile(path.join(folder, name)), line: problem.line, column: problem.column, lineText }
      if (problem.kind === 'literal') errors.push(fail(ColourLiteral, { ...at, length: problem.text.length }, problem.text))
      else {
        const { text: fg, background } = problem.pair!
        const known = table.pairs.filter((p) => p.background === background).map((p) => p.text)
        errors.push(fail(UncheckedColourPair, { ...at, length: problem.length }, fg, background, [...new Set(known)]))
      }
    }
  }
  return errors
}
