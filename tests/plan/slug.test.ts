import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { citySlug } from '../../src/config/areas/area-slug.js'
import { landingPath } from '../../src/plan/slug.js'
import { repoRoot } from '../helpers/site.js'

describe('the landing-page slug rule', () => {
  it('keeps the part before the comma, lower-cased, with hyphens for spaces', () => {
    expect(citySlug('West Chester, OH')).toBe('west-chester')
    expect(citySlug('Crescent Springs, KY')).toBe('crescent-springs')
    expect(citySlug('Cincinnati')).toBe('cincinnati')
  })

  it('turns a leading "Ft." into "fort"', () => {
    expect(citySlug('Ft. Mitchell, KY')).toBe('fort-mitchell')
    expect(citySlug('Fort Thomas, KY')).toBe('fort-thomas')
  })

  it('keeps every slug inside [a-z0-9-], folding accents and dropping other characters', () => {
    expect(citySlug('St. Bernard, OH')).toBe('st-bernard')
    expect(citySlug('Piqué, OH')).toBe('pique')
    expect(citySlug("  O'Fallon ,  MO")).toBe('ofallon')
  })

  it('makes the spec’s ten example landing-page paths', () => {
    const pairs: [string, string][] = [
      ['Cincinnati, OH', 'commercial-cleaning'],
      ['Covington, KY', 'commercial-cleaning'],
      ['Alexandria, KY', 'building-maintenance'],
      ['Florence, KY', 'commercial-cleaning'],
      ['Newport, KY', 'building-maintenance'],
      ['Hamilton, OH', 'commercial-cleaning'],
      ['Middletown, OH', 'building-maintenance'],
      ['Mason, OH', 'commercial-cleaning'],
      ['Fairfield, OH', 'building-maintenance'],
      ['West Chester, OH', 'commercial-cleaning'],
    ]
    expect(pairs.map(([a, s]) => landingPath(a, s))).toEqual([
      '/lp/cincinnati-commercial-cleaning',
      '/lp/covington-commercial-cleaning',
      '/lp/alexandria-building-maintenance',
      '/lp/florence-commercial-cleaning',
      '/lp/newport-building-maintenance',
      '/lp/hamilton-commercial-cleaning',
      '/lp/middletown-building-maintenance',
      '/lp/mason-commercial-cleaning',
      '/lp/fairfield-building-maintenance',
      '/lp/west-chester-commercial-cleaning',
    ])
  })

  it('gives every area of the example site a distinct, valid slug within each list', () => {
    const areas = parse(readFileSync(`${repoRoot}/sites/system4/areas.yaml`, 'utf8')) as { lists: Record<string, string[]> }
    for (const [name, list] of Object.entries(areas.lists)) {
      const slugs = list.map(citySlug)
      expect(new Set(slugs).size, `duplicate slug in list ${name}`).toBe(list.length)
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    expect(areas.lists['service-pages']!.map(citySlug)).toContain('fort-mitchell')
  })
})
