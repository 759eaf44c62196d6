import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { ConfigError } from '../../src/errors/config-error.js'
import { ConfigWarning } from '../../src/errors/config-warning.js'
import { imageJobs, withBrandImages } from '../../src/images/brand-images.js'
import { planImages } from '../../src/plan/plan-images.js'
import { planSite } from '../../src/plan/plan-site.js'
import { fixture, repoRoot } from '../helpers/site.js'

// The data between stages is plain readonly data. A getter or a function in it would
// run wherever a stage copies, digests or posts the data to a thread, and is not data.

/** Where in `value` a getter, a setter or a function is, or an object that is not plain data. */
function notPlain(value: unknown, at = '', seen = new Set<object>()): string[] {
  if (typeof value === 'function') return [`${at}: a function`]
  if (value === null || typeof value !== 'object' || seen.has(value)) return []
  seen.add(value)
  if (value instanceof Map) return [...value].flatMap(([key, item]) => notPlain(item, `${at}.get(${JSON.stringify(key)})`, seen))
  if (value instanceof Set) return [...value].flatMap((item, i) => notPlain(item, `${at}[set ${i}]`, seen))
  const prototype = Object.getPrototypeOf(value)
  // The problems are objects of their own types (src/errors/), whose own fields must still be plain.
  const allowed = [Object.prototype, Array.prototype, null, ConfigError.prototype, ConfigWarning.prototype]
  const found = allowed.includes(prototype) ? [] : [`${at}: an object of class ${prototype?.constructor?.name}`]
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
    if (descriptor.get || descriptor.set) found.push(`${at}.${key}: a getter or setter`)
    else found.push(...notPlain(descriptor.value, `${at}.${key}`, seen))
  }
  return found
}

describe('the data that config and plan pass on', () => {
  it.each([
    ['the landing fixture', fixture('landing')],
    ['the Markdown fixture', fixture('markdown')],
    ['the example site', path.join(repoRoot, 'sites/system4')],
  ])('holds no getter and no function in the site config, the plan, its routes or its images of %s', async (_name, dir) => {
    const site = await loadSite(dir)
    const plan = planSite(site)
    expect(plan.errors).toEqual([])
    expect(plan.routes.some((r) => r.template === 'landing')).toBe(true)
    expect(notPlain(site, 'site')).toEqual([])
    expect(notPlain(plan, 'plan')).toEqual([])
    expect(notPlain(planImages(site), 'images')).toEqual([])
  })
})

describe('what the plan keeps of every landing page while the pages render', () => {
  it('holds what pages have alike once: a service link per service, a town per area, one empty list of reasons', async () => {
    const site = await loadSite(path.join(repoRoot, 'sites/system4'))
    const plan = planSite(site)
    const pages = plan.landingPages
    const distinct = <T>(pick: (page: (typeof pages)[number]) => T) => new Set(pages.map(pick)).size
    expect(pages.length).toBeGreaterThan(50)
    expect(distinct((p) => p.service)).toBe(distinct((p) => p.service.slug))
    expect(distinct((p) => p.geo)).toBe(distinct((p) => p.area))
    expect(distinct((p) => p.citySlug)).toBe(distinct((p) => p.area))
    const passing = plan.landingQuality.pages.filter((p) => p.reasons.length === 0)
    expect(passing.length).toBeGreaterThan(1)
    expect(new Set(passing.map((p) => p.reasons)).size).toBe(1)
  })

  it("holds no page's share-image job: each is made from its route when the images are made, with the one source and drawing", async () => {
    const site = await loadSite(path.join(repoRoot, 'sites/system4'))
    const plan = planSite(site)
    const images = withBrandImages(site, planImages(site))
    expect(images.jobs.filter((j) => j.share)).toEqual([])
    const shares = imageJobs(site, images, plan.routes).filter((j) => j.share)
    expect(shares.length).toBeGreaterThan(plan.landingPages.length)
    expect(new Set(shares.map((j) => j.source)).size).toBe(1)
    expect(new Set(shares.map((j) => j.share!.drawing)).size).toBe(1)
  })
})
