import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContrastTable } from '../../src/config/check-contrast.js'
import { checkStyleTokens } from '../../src/config/check-style-tokens.js'

const styles = path.resolve('templates/styles')
const table = readContrastTable()

describe('the stylesheets and the contrast table', () => {
  it('have no colour literal and no token pair the contrast table does not check', () => {
    const found = readdirSync(styles).filter((f) => f.endsWith('.css')).flatMap((file) =>
      checkStyleTokens(readFileSync(path.join(styles, file), 'utf8'), table).map((p) => `${file}:${p.line}:${p.column} ${p.kind} ${p.text}`))
    expect(found).toEqual([])
  })
})
