import { describe, expect, it } from 'vitest'
import { contrastRatio } from '../../src/config/theme/colour-shade.js'
import { pairedColours } from '../../src/editor/colour-contrast.js'

describe("the contrast shown under a theme colour's picker", () => {
  it('lists each colour it is put with, the failing first, with the nearest shade that passes against all of them', () => {
    // A light amber under white text: the accent's own buttons fail.
    const pairs = pairedColours({ accent: '#f5b700', onAccent: '#ffffff' }, 'accent')
    const [worst] = pairs
    expect(worst).toMatchObject({ other: 'onAccent', otherColor: '#ffffff', required: 4.5, uses: 'accent actions' })
    expect(worst!.ratio).toBeLessThan(4.5)
    // One shade, passing against every colour the accent is put with.
    for (const pair of pairs) expect(contrastRatio(worst!.nearest!, pair.otherColor), pair.other).toBeGreaterThanOrEqual(pair.required)
    // The same other colour at the same minimum is one line, its uses named together.
    expect(new Set(pairs.map((p) => `${p.other}|${p.required}`)).size).toBe(pairs.length)
    expect(pairs.filter((p) => p.ratio < p.required).every((p) => p.nearest !== undefined)).toBe(true)
    expect(pairs.filter((p) => p.ratio >= p.required).every((p) => p.nearest === undefined)).toBe(true)
  })

  it('takes the defaults for the colours the site leaves out, as the build does', () => {
    const pairs = pairedColours({}, 'ink')
    expect(pairs.map((p) => p.other)).toContain('background')
    expect(pairs.every((p) => p.ratio >= p.required)).toBe(true)
  })

  it('says nothing while a colour is half typed, or for a name that is not a colour of the theme', () => {
    expect(pairedColours({ accent: '#f5b7' }, 'accent')).toEqual([])
    expect(pairedColours({ accent: '#f5b700' }, 'nonsense')).toEqual([])
  })
})
