import { readFile } from 'node:fs/promises'
import { converter } from 'culori'
import { describe, expect, it } from 'vitest'
import { checkContrast, readContrastPairs, readContrastTable } from '../../src/config/checks/check-contrast.js'
import { nearestPassingShade } from '../../src/config/theme/colour-shade.js'
import { contrastRatio, resolveTheme } from '../../src/config/theme/theme.js'
import type { ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { fixture, normalize, siteFrom, validationErrors } from '../helpers/site.js'

async function loadErrors(siteYaml: string): Promise<ConfigError[]> {
  return validationErrors(await siteFrom('minimal', { 'site.yaml': siteYaml }))
}

const printed = (e: ConfigError) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, '')

describe('theme contrast', () => {
  it('computes the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#0b5cab', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#0b5cab'), 10)
  })

  it('passes every pair with the default theme', () => {
    const rows = checkContrast(resolveTheme(undefined), readContrastPairs())
    expect(rows.filter((r) => !r.passes)).toEqual([])
    expect(rows.length).toBeGreaterThan(15)
  })

  it('lists only colour tokens the theme has', () => {
    const tokens = Object.keys(resolveTheme(undefined).colors)
    for (const pair of readContrastPairs()) expect(tokens).toEqual(expect.arrayContaining([pair.text, pair.background]))
  })

  it('lists every theme colour a stylesheet puts text or icons on', async () => {
    // A token that is only ever a background or only ever a text colour in the list would mean a
    // rule was added to the styles without its pair.
    const { pairs, decorative } = readContrastTable()
    const used = new Set([...pairs.flatMap((p) => [p.text, p.background]), ...decorative])
    expect([...Object.keys(resolveTheme(undefined).colors)].filter((t) => !used.has(t as never))).toEqual([])
  })

  it('fails the build at the line of the colour, naming the ratio and what it is used for', async () => {
    const errors = await loadErrors(
      [(await readFile(`${fixture('minimal')}/site.yaml`, 'utf8')).trimEnd(), 'theme:', '  colors:', '    accent: "#4ade80"', ''].join(
        '\n',
      ),
    )
    expect(errors.map((e) => e.code)).toEqual(['low-contrast', 'low-contrast', 'low-contrast', 'low-contrast'])
    expect(printed(errors[0]!)).toMatchInlineSnapshot(`
      "error[low-contrast]: The theme colour \`onAccent\` (#ffffff) on \`accent\` (#4ade80) has a contrast ratio of 1.74:1; text needs at least 4.5:1 (WCAG 2.2 AA). It is used for accent actions.
        --> site.yaml:14:13
         |
      14 |     accent: "#4ade80"
         |             ^^^^^^^^^
      hint: The nearest shade of \`accent\` that passes is \`accent: "#008944"\` (4.50:1); set it in site.yaml \`theme.colors\`, or choose another \`onAccent\`."
    `)
    expect(errors[2]!.message).toContain(
      '`accentText` (#4ade80) on `background` (#ffffff) has a contrast ratio of 1.74:1; icons and outlines need at least 3:1 (WCAG 2.2 AA). It is used for ticks and badge icons; form success heading; ticks and badge icons on cards.',
    )
  })

  it("checks the roles a brand may set apart: text links, cards and the footer's last band", async () => {
    const base = (await readFile(`${fixture('minimal')}/site.yaml`, 'utf8')).trimEnd()
    const colours = ['link: "#93c5fd"', 'card: "#1e293b"', 'footerBottomBackground: "#e2e8f0"']
    const errors = await loadErrors([base, 'theme:', '  colors:', ...colours.map((c) => `    ${c}`), ''].join('\n'))
    const failing = errors.map((e) => /The theme colour `(\w+)` \([^)]*\) on `(\w+)`/.exec(e.message)?.slice(1).join(' on '))
    expect(failing).toEqual(expect.arrayContaining(['link on background', 'ink on card', 'footerText on footerBottomBackground']))
    // Each at the line of the colour that the site set.
    const lines = base.split('\n').length + 3
    expect(errors.every((e) => (e.line ?? 0) >= lines && (e.line ?? 0) <= lines + 2)).toBe(true)
    // Unset, each is what it was before it had a name of its own.
    const { colors } = resolveTheme(undefined)
    expect([colors.link, colors.card, colors.footerBottomBackground]).toEqual([colors.primary, colors.background, colors.footerBackground])
  })

  it('points at the line of the text colour when both colours of a failing pair are written', async () => {
    const errors = await loadErrors(
      [
        (await readFile(`${fixture('minimal')}/site.yaml`, 'utf8')).trimEnd(),
        'theme:',
        '  colors:',
        '    footerBackground: "#334155"',
        '    footerText: "#64748b"',
        '',
      ].join('\n'),
    )
    expect(errors.map((e) => [e.code, e.line, e.column])).toEqual([['low-contrast', 15, 17]])
    // The nearest passing shade of the site's own grey, not white: smallest OKLCH lightness change.
    expect(errors[0]!.hint).toBe(
      'The nearest shade of `footerText` that passes is `footerText: "#9badc5"` (4.52:1); set it in site.yaml `theme.colors`, or choose another `footerBackground`.',
    )
  })

  it('finds the passing shade of a colour nearest in OKLCH lightness, keeping its hue', () => {
    const oklch = converter('oklch')
    const shade = nearestPassingShade('#f59e0b', '#ffffff', 3)!
    expect(shade.ratio).toBeGreaterThanOrEqual(3)
    expect(shade.ratio).toBe(Math.floor(contrastRatio(shade.color, '#ffffff') * 100) / 100)
    expect(Math.abs(oklch(shade.color)!.h! - oklch('#f59e0b')!.h!)).toBeLessThan(3)
    // One step (0.001 L) less change would not pass: it is the nearest.
    const lighter = { ...oklch(shade.color)!, l: oklch(shade.color)!.l + 0.002 }
    expect(contrastRatio(converter('rgb')(lighter) as never, '#ffffff')).toBeLessThan(3.01)
    expect(nearestPassingShade('#0f172a', '#ffffff', 4.5)!.color).toBe('#0f172a')
  })

  it('names a darker shade of an amber accent for icons, while amber stays the fill under dark text', async () => {
    const errors = await loadErrors(
      [
        (await readFile(`${fixture('minimal')}/site.yaml`, 'utf8')).trimEnd(),
        'theme:',
        '  colors:',
        '    accent: "#f59e0b"',
        '    onAccent: "#1c1917"',
        '',
      ].join('\n'),
    )
    expect(errors.map((e) => [e.code, e.line])).toEqual([
      ['low-contrast', 14],
      ['low-contrast', 14],
    ])
    expect(errors[0]!.message).toContain(
      '`accentText` (#f59e0b) on `background` (#ffffff) has a contrast ratio of 2.14:1; icons and outlines need at least 3:1',
    )
    expect(errors[0]!.hint).toMatch(/^The nearest shade of `accentText` that passes is `accentText: "#[0-9a-f]{6}"` \(3\.\d\d:1\)/)
  })
})
