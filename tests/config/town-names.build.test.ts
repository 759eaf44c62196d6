import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { validationErrors } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// Town names as people type them: a state without its comma, and one town spelled two ways.
const areas = (lines: string) => `lists:\n  main:\n${lines}\n`

describe('a town written with its state but no comma', () => {
  const files = {
    'areas.yaml': `${areas('    - Springfield, IL\n    - Jeffersontown KY')}places:\n  Springfield, IL: {}\n  Jeffersontown KY: { state: KY }\n`,
  }

  it('is read as "Town, ST" when its place says that state, with a warning at each line that writes it', async () => {
    const site = await warmSiteFrom('minimal', files)
    const result = await build({ site, write: false, cacheDir: false })
    const urls = result.routes.map((r) => r.url)
    expect(urls).toContain('/lp/jeffersontown-office-cleaning')
    expect(urls.filter((u) => u.includes('-ky-'))).toEqual([])
    const page = String(result.files.find((f) => f.path === 'lp/jeffersontown-office-cleaning.html')?.contents)
    expect(page).toContain('Jeffersontown, KY')
    expect(page).not.toContain('KY, KY')
    const warnings = result.warnings.filter((w) => w.message.includes('has no comma before it'))
    expect(warnings.map((w) => [path.basename(w.file), w.line])).toEqual([
      ['areas.yaml', 4],
      ['areas.yaml', 7],
    ])
    expect(warnings[0]!.hint).toContain('Write it "Jeffersontown, KY"')
  })

  it('sends the pages published under the old addresses to the same town’s new ones', async () => {
    const site = await warmSiteFrom('minimal', {
      ...files,
      'published-urls.json': JSON.stringify({
        pages: {
          '/lp/jeffersontown-ky-office-cleaning': {
            area: 'Jeffersontown KY, KY',
            service: 'office-cleaning',
            serviceTitle: 'Office Cleaning',
          },
        },
      }),
    })
    const result = await build({ site, write: false, cacheDir: false })
    expect(result.landing.redirects).toEqual([
      {
        from: '/lp/jeffersontown-ky-office-cleaning',
        to: '/lp/jeffersontown-office-cleaning',
        reason: 'same area and service, new address',
      },
    ])
  })
})

describe('one town spelled two ways', () => {
  it('is one error at both lines naming the address they share, whatever the number of services', async () => {
    const site = await warmSiteFrom('minimal', {
      'areas.yaml': `${areas('    - Springfield, IL\n    - Ft. Mill, SC\n    - Fort Mill, SC')}places:\n  Springfield, IL: {}\n  Ft. Mill, SC: {}\n  Fort Mill, SC: {}\n`,
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => e.code)).toEqual(['same-area-slug'])
    const [error] = errors
    expect([path.basename(error!.file), error!.line]).toEqual(['areas.yaml', 4])
    expect(error!.message).toBe(
      '"Ft. Mill, SC" and "Fort Mill, SC" are written differently but make the same address, /lp/fort-mill-…, so their pages would overwrite each other.',
    )
    expect(error!.notes!.map((n) => [path.basename(n.file ?? ''), n.line, n.message])).toEqual([
      ['areas.yaml', 5, '"Fort Mill, SC" is written here.'],
    ])
    await expect(build({ site, write: false, cacheDir: false })).rejects.toBeInstanceOf(BuildFailure)
  })
})
