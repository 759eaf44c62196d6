import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import type { BuildFailure } from '../../src/errors/config-error.js'
import { serviceLower } from '../../src/plan/landing-tokens.js'
import { siteFrom } from '../helpers/site.js'

/** The brand fixture's one service, with `page` texts of its own. */
const serviceWith = (page: string) => `title: Tree Pruning
subtitle: Pruning for strong, healthy trees.
description: Tree pruning by certified arborists.
page:
${page}`

// A service page fills {service} and {serviceLower}; any other token would be published as typed.
describe('tokens in service page texts', () => {
  it("refuses a token a service page does not fill, at its line and in words, in the service's own texts too", async () => {
    const service = serviceWith('  faq:\n    heading: Questions about {serviceLower} in {city}\n')
    const site = await siteFrom('brand', { 'services/tree-pruning.yaml': service })
    const errors = await loadSite(site).then(
      () => [],
      (e: BuildFailure) => e.errors,
    )
    expect(errors.map((e) => [e.file.replace(/^.*\/site\//, ''), e.line, e.code, e.message])).toEqual([
      [
        'services/tree-pruning.yaml',
        6,
        'bad-value',
        '`page.faq.heading` may use only the tokens {service} and {serviceLower} (a service page fills no others), and no other curly braces.',
      ],
    ])
  })

  it('accepts {service} and {serviceLower}', async () => {
    const service = serviceWith('  faq:\n    heading: Questions about {serviceLower}\n    text: "{service} by certified arborists."\n')
    const site = await siteFrom('brand', { 'services/tree-pruning.yaml': service })
    await expect(loadSite(site)).resolves.toBeDefined()
  })
})

describe('{serviceLower}', () => {
  it('lowers a service title for the middle of a sentence, keeping words written in capitals', () => {
    expect(['Roof Repair', 'EV Charger Installation', 'HVAC Tune-Ups', 'A/C Repair', 'Réparation De Toiture'].map(serviceLower)).toEqual([
      'roof repair',
      'EV charger installation',
      'HVAC tune-ups',
      'A/C repair',
      'réparation de toiture',
    ])
  })
})
