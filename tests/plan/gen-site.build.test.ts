import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture, repoRoot, tempDir } from '../helpers/site.js'
import { buildInMemory, metaRobots } from './helpers.js'

describe('bin/gen-site.mjs', () => {
  it('generates a site of the asked size whose pages pass the quality gate, except the thin cities it was told to make', async () => {
    const out = path.join(await tempDir(), 'generated')
    const printed = execFileSync(
      'node',
      ['bin/gen-site.mjs', '--from', fixture('landing'), '--cities', '12', '--services', '3', '--thin', '2', '--out', out],
      { cwd: repoRoot, encoding: 'utf8' },
    )
    expect(printed).toContain('12 cities × 3 services = 36 landing pages')
    expect(existsSync(path.join(out, 'services/generated-service-3.yaml'))).toBe(true)

    const site = await buildInMemory(out)
    const generated = site.result.landing.quality.pages.filter(
      (p) => !/springfield|chatham|rochester|sherman|decatur|jacksonville/.test(p.url),
    )
    expect(generated).toHaveLength(36)
    const failing = generated.filter((p) => !p.indexable)
    expect(failing).toHaveLength(2 * 3)
    expect(failing.every((p) => p.reasons.join() === 'no local paragraph (areas.yaml places)')).toBe(true)
    for (const page of failing) expect(metaRobots(site.page(page.url))).toBe('noindex')
    expect(generated.filter((p) => p.indexable).every((p) => p.similarity < 0.9)).toBe(true)
  })

  it('makes the same site from the same seed', async () => {
    const make = async () => {
      const out = path.join(await tempDir(), 'generated')
      execFileSync('node', ['bin/gen-site.mjs', '--from', fixture('landing'), '--cities', '5', '--services', '2', '--out', out], {
        cwd: repoRoot,
      })
      return (await import('node:fs')).readFileSync(path.join(out, 'areas.yaml'), 'utf8')
    }
    expect(await make()).toBe(await make())
  })
})
