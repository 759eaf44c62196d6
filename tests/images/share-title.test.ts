import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import type { BuildFailure } from '../../src/errors/config-error.js'
import { drawShareImage } from '../../src/images/draw-share-image.js'
import type { ShareDrawing } from '../../src/plan/plan-images.js'
import { siteFrom } from '../helpers/site.js'

// A 10,000-character title ran the image process out of memory. Titles are at
// most 200 characters, and any title up to that fits the share image.

const font = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/merriweather/package.json')),
  'files/merriweather-latin-700-normal.woff',
)
const background = [0x14, 0x53, 0x2d]
const drawing = (title: string): ShareDrawing => ({
  title,
  siteName: 'Cedar & Pine',
  host: 'cedar-pine.example',
  background: '#14532d',
  text: '#ffffff',
  accent: '#b45309',
  font,
})

/** Rows of the picture, as [r, g, b] per pixel. */
async function pixels(jpeg: Uint8Array) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}
const isBackground = (rgb: number[]) => rgb.every((c, i) => Math.abs(c - background[i]!) <= 24)

describe('titles on share images', () => {
  it('refuses a title over 200 characters at its line, before anything is drawn', async () => {
    const post = `---\ntitle: ${'Spring pruning '.repeat(667)}\ndate: 2026-03-01\nexcerpt: When to prune.\n---\n\nText.\n`
    const site = await siteFrom('brand', { 'blog/spring.md': post })
    const errors = await loadSite(site).then(
      () => [],
      (e: BuildFailure) => e.errors,
    )
    expect(errors.map((e) => [e.file.replace(/^.*\/site\//, ''), e.line, e.code, e.message])).toEqual([
      ['blog/spring.md', 2, 'bad-value', '`title` is 10004 characters long, more than the 200 it may have.'],
    ])
  })

  it('draws the longest title inside the picture: cut with an ellipsis above the rule, a long word broken', async () => {
    for (const title of ['W'.repeat(200), 'Wide words '.repeat(19).slice(0, 200)]) {
      const at = await pixels(await drawShareImage(drawing(title)))
      // The right padding (72 px) stays empty: no word runs past the picture's edge.
      for (let y = 0; y < 630; y += 3) expect(isBackground(at(1150, y)), `${title.slice(0, 12)}… at (1150, ${y})`).toBe(true)
      // The accent rule is where a short title leaves it, and the text stops above it.
      const rule = [...Array(630).keys()].find((y) => !isBackground(at(100, y)) && at(100, y)[0]! > 150 && at(100, y)[2]! < 60)
      expect(rule, title.slice(0, 12)).toBe(await ruleOf('Contact'))
      for (let x = 72; x < 1128; x += 2) expect(isBackground(at(x, rule! - 6)), `${title.slice(0, 12)}… at (${x}, ${rule! - 6})`).toBe(true)
    }
  })
})

async function ruleOf(title: string): Promise<number | undefined> {
  const at = await pixels(await drawShareImage(drawing(title)))
  return [...Array(630).keys()].find((y) => !isBackground(at(100, y)) && at(100, y)[0]! > 150 && at(100, y)[2]! < 60)
}
