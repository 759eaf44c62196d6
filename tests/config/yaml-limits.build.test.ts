import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { maxAliasCount, maxNesting, parseYaml } from '../../src/config/read/read-yaml.js'
import { reassemble, splitOf } from '../../src/config/read/split-yaml.js'
import { yamlLib } from '../../src/config/read/yaml-lib.js'
import { memoryIo, siteFrom } from '../helpers/site.js'

/** Nine anchors, each a list of nine aliases to the one before: 9^9 strings once expanded. */
const billionLaughs = `${[
  'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ...Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`),
].join('\n')}\n`

const where = (text: string) => {
  const { errors } = parseYaml(text, 'pages/x.yaml')
  return errors.map((e) => [e.code, e.line, e.column])
}

describe('YAML limits', () => {
  it("stops an alias bomb at the file's first alias, as a located error", () => {
    expect(maxAliasCount).toBe(100)
    expect(where(billionLaughs)).toEqual([['yaml-limit', 2, 10]])
  })

  it('still reads a file that reuses an anchor a few times', () => {
    const { source, errors } = parseYaml('base: &hours { open: "08:00" }\nmon: *hours\ntue: *hours\n', 'x.yaml')
    expect(errors).toEqual([])
    expect(source.data).toEqual({ base: { open: '08:00' }, mon: { open: '08:00' }, tue: { open: '08:00' } })
  })

  it('reports an alias with no anchor at the alias, not as an internal error', () => {
    expect(where('title: Home\nhero: *banner\n')).toEqual([['yaml-syntax', 2, 7]])
  })

  it('stops nesting past the limit at the first collection too deep, open or closed, flow or block', () => {
    const open = `x: ${'['.repeat(100_000)}\n`
    const started = performance.now()
    expect(where(open)).toEqual([['yaml-limit', 1, 3 + maxNesting]])
    expect(performance.now() - started).toBeLessThan(5000)
    expect(where(`x: ${'['.repeat(5000)}${']'.repeat(5000)}\n`)).toEqual([['yaml-limit', 1, 3 + maxNesting]])
    expect(where(`x:\n  ${'- '.repeat(5000)}a\n`)).toEqual([['yaml-limit', 2, 3 + 2 * (maxNesting - 1)]])
    // At the limit, the file is read.
    expect(where(`x: ${'['.repeat(maxNesting - 1)}${']'.repeat(maxNesting - 1)}\n`)).toEqual([])
  })

  it("maps yaml's resource exhaustion to a located error", () => {
    // yaml reports a stack overflow of its composer as RESOURCE_EXHAUSTION; make one happen.
    const { Composer } = yamlLib()
    const compose = Composer.prototype.compose
    const original = Object.getOwnPropertyDescriptor(Composer.prototype, 'compose')!
    Composer.prototype.compose = function* (tokens, forceDoc, endOffset) {
      for (const doc of compose.call(this, tokens, forceDoc, endOffset)) {
        doc.errors.push(new (yamlLib().YAMLParseError)([3, 4], 'RESOURCE_EXHAUSTION', 'Maximum call stack size exceeded'))
        yield doc
      }
    }
    try {
      expect(where('x: [1]\n')).toEqual([['yaml-limit', 1, 4]])
    } finally {
      Object.defineProperty(Composer.prototype, 'compose', original)
    }
  })

  it('keeps the limits when a large file is reassembled from its changed entries', () => {
    const places = Array.from({ length: 3 }, (_, i) => `  Town ${i}, OH:\n    county: County ${i}\n`).join('')
    const text = `lists:\n  main: [Town 0, OH]\nplaces:\n${places}`
    const { doc, data } = parseYaml(text, 'areas.yaml').source
    const deep = text.replace('county: County 1', `county: ${'['.repeat(maxNesting + 1)}${']'.repeat(maxNesting + 1)}`)
    expect(reassemble(deep, { data, split: splitOf(text, doc)! })).toBeUndefined()
  })

  it('exits 1 with located errors for an alias bomb and 100,000 open brackets, in one validate', async () => {
    const site = await siteFrom('minimal', {
      'pages/bomb.yaml': billionLaughs,
      'pages/deep.yaml': `path: /deep\nx: ${'['.repeat(100_000)}\n`,
    })
    const io = memoryIo()
    expect(await main(['validate', site], io)).toBe(1)
    expect(io.stderr).not.toContain('Internal error')
    expect(io.stderr.match(/error\[yaml-limit\]/g)).toHaveLength(2)
    expect(io.stderr).toMatch(/bomb\.yaml:2:10/)
    expect(io.stderr).toMatch(/deep\.yaml:2:\d+/)
  })
})
