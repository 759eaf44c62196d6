import path from 'node:path'
import { decodeHTML } from 'entities'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { scaffoldSite } from '../../src/scaffold/scaffold-site.js'
import { repoRoot, tempDir } from '../helpers/site.js'

// The starter is every business's first site: made for any trade, its pages may hold no word of
// another trade's, nor of the cleaning business it was first written for.

/** Each trade, with words only a site of that trade would say. */
const trades: Readonly<Record<string, readonly string[]>> = {
  Roofing: ['roof', 'roofing', 'roofer', 'shingle', 'gutter'],
  Plumbing: ['plumbing', 'plumber', 'pipe', 'drain', 'faucet'],
  'Pest Control': ['pest', 'termite', 'rodent', 'exterminator'],
  Tutoring: ['tutor', 'tutoring', 'lesson', 'student', 'homework'],
  'Dog Grooming': ['dog', 'grooming', 'groomer', 'pet'],
}
/** The cleaning business's words the starter once carried into every trade's site. */
const cleaning = ['cleaning', 'cleaner', 'janitorial', 'vacuum', 'background-checked', 'month to month', 'monthly invoice', 'opening hours']

/** What a visitor reads of a page: its text and its attributes' words, without markup, style or script. */
function visibleWords(html: string): string {
  const body = html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
  const attributes = [...body.matchAll(/\s(?:alt|title|aria-label|content|placeholder)="([^"]*)"/g)].map((m) => m[1])
  return decodeHTML(`${body.replace(/<[^>]*>/g, ' ')} ${attributes.join(' ')}`)
}

const said = (text: string, word: string) => new RegExp(`\\b${word}s?\\b`, 'i').test(text)

describe('the starter made for a trade', () => {
  it.each(Object.keys(trades))('speaks of %s only, on every page, in its own words', async (trade) => {
    const dir = path.join(await tempDir(), 'site')
    await scaffoldSite({
      dir,
      starter: path.join(repoRoot, 'sites/starter'),
      citypress: '*',
      name: `Northside ${trade}`,
      trade,
      areas: 'Dayton, OH; Kettering, OH',
    })
    const { files } = await build({ site: dir, write: false, cacheDir: false, imageCacheDir: false })
    const pages = files.filter((f) => f.path.endsWith('.html') && f.path !== '__forms.html')
    expect(pages.length).toBeGreaterThan(8)
    const foreign = pages.flatMap((page) => {
      const text = visibleWords(page.contents.toString())
      const others = Object.entries(trades).flatMap(([other, words]) => (other === trade ? [] : words))
      return [...others, ...cleaning].filter((word) => said(text, word)).map((word) => `${page.path}: ${word}`)
    })
    expect(foreign).toEqual([])
    // Its own trade is named where the starter said "Your Service".
    const home = visibleWords(pages.find((p) => p.path === 'index.html')!.contents.toString())
    expect(home).toContain(trade)
    expect(home).not.toMatch(/your service/i)
  })
})
