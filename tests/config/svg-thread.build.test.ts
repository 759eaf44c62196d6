import { symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sanitizeSvg, stopSvgSanitizer } from '../../src/config/checks/sanitize-svg.js'
import { loadSite } from '../../src/config/load-site.js'
import { openReadCache } from '../../src/config/read/read-cache.js'
import { svgsToSanitize } from '../../src/config/read/read-image.js'
import { siteFrom, tempDir } from '../helpers/site.js'

// The SVG sanitizer runs in a thread of its own, so jsdom loads on another core while the YAML is
// parsed; a build stops it once its site is read, unless another build in the process is using
// it. These are the thread's promises, and the guess that starts it early.

const drawing = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>'

afterAll(() => stopSvgSanitizer())

describe('the SVG sanitizer thread', () => {
  it('sanitizes again after it was stopped: a stopped thread is started anew, not asked', async () => {
    const payload = drawing.replace('<rect', '<script>alert(1)</script><rect')
    expect(await sanitizeSvg(payload)).toBe(drawing)
    await stopSvgSanitizer()
    expect(await sanitizeSvg(payload)).toBe(drawing)
  })

  it('stays while another load’s SVG is in hand: one build done reading fails no other build in the process', async () => {
    await stopSvgSanitizer()
    // A new thread is still loading jsdom when the stop comes, so the request is in hand.
    const asked = sanitizeSvg(drawing)
    await stopSvgSanitizer()
    expect(await asked).toBe(drawing)
  })

  it('answers an SVG asked for just after a stop came: the stop wins, and a new thread answers', async () => {
    // However soon after the stop the request comes (the stop awaits the thread it ends).
    for (let ticks = 0; ticks < 4; ticks++) {
      expect(await sanitizeSvg(drawing)).toBe(drawing)
      const stopping = stopSvgSanitizer()
      for (let i = 0; i < ticks; i++) await Promise.resolve()
      const asked = sanitizeSvg(drawing)
      await stopping
      expect(await asked, `asked ${ticks} ticks after the stop`).toBe(drawing)
    }
  })
})

describe('whether a site has an SVG to sanitize', () => {
  it('is so until a load has kept its SVGs sanitized, and again when one changes', async () => {
    const site = await siteFrom('brand')
    const cache = { file: path.join(await tempDir(), 'reads.json'), version: 'test' }
    expect(await svgsToSanitize(site, await openReadCache(cache))).toBe(true)
    await loadSite(site, { cache })
    expect(await svgsToSanitize(site, await openReadCache(cache))).toBe(false)
    await writeFile(path.join(site, 'images/icon.svg'), drawing)
    expect(await svgsToSanitize(site, await openReadCache(cache))).toBe(true)
  })

  it('does not look at an SVG a link leads to outside the site folder', async () => {
    const site = await siteFrom('minimal')
    const outside = path.join(await tempDir(), 'outside.svg')
    await writeFile(outside, drawing)
    await symlink(outside, path.join(site, 'linked.svg'))
    expect(await svgsToSanitize(site, await openReadCache())).toBe(false)
    await writeFile(path.join(site, 'own.svg'), drawing)
    expect(await svgsToSanitize(site, await openReadCache())).toBe(true)
  })
})
