import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isMap, isScalar, isSeq, type Node, parseDocument, visit } from 'yaml'
import { type BuildResult, build } from '../../src/build/index.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { launchChromium } from '../helpers/browser.js'
import { type ExampleSite, exampleBuild } from '../helpers/example-build.js'
import { type SiteServer, serveSite } from '../helpers/server.js'
import { repoRoot, tempDir } from '../helpers/site.js'

/**
 * A 200-character word or URL in any text field must not make a page scroll sideways at 320 px. The fixtures are the example sites with such a word appended to every
 * text value of their YAML (titles, headings, leads, labels, quotes, names, list items…) and to
 * their posts, so a template added later is covered without editing this test.
 */
const longWord = 'Unbreakable'.repeat(19).slice(0, 200)
const longUrl = `https://www.example.com/${'very-long-path-segment'.repeat(8).replace(/-/g, '')}`.slice(0, 200)

/** Keys whose values are references, addresses or choices rather than text a visitor reads. */
const notText = new Set([
  'type',
  'id',
  'href',
  'src',
  'image',
  'icon',
  'path',
  'url',
  'email',
  'phone',
  'form',
  'list',
  'landingService',
  'scheduler',
  'style',
  'layout',
  'tone',
  'height',
  'imagePosition',
  'columns',
  'service',
  'services',
  'area',
  'areas',
  'region',
  'menu',
  'scrollOn',
  'language',
  'autocomplete',
  'width',
  'titleTemplate',
  'provider',
  'days',
  'opens',
  'closes',
  'county',
  'logo',
  'theme',
  'colors',
  'radius',
  'matrix',
  'order',
  'exclude',
  'quality',
  'nearby',
  'variant',
  'socialImage',
  'trailingSlash',
  'name',
  'options',
  'inputmode',
  'pattern',
  'schedulers',
  'lists',
  'places',
  // Values with a length limit, a pattern or a fixed set (the web manifest's short name, ISO codes, weekdays).
  'shortName',
  'country',
  'closedDays',
  'number',
  'date',
  'through',
  'category',
  'callingCode',
])

/** Appends the long word to every text value of a YAML file; testimonial names count as text. */
function lengthenYaml(text: string): string {
  const doc = parseDocument(text)
  visit(doc, {
    Pair(_, pair, ancestors) {
      const key = isScalar(pair.key) ? String(pair.key.value) : ''
      const parent = ancestors.at(-1) as Node | undefined
      const isQuotee = key === 'name' && isMap(parent) && parent.has('quote')
      if (notText.has(key) && !isQuotee) return visit.SKIP
      // A title is at most 200 characters (the schemas' maxLength): the long word is the whole title.
      if (key === 'title' && isScalar(pair.value)) pair.value.value = longWord
      else if (isScalar(pair.value) && typeof pair.value.value === 'string') pair.value.value += ` ${longWord}`
      if (isSeq(pair.value))
        for (const item of pair.value.items) if (isScalar(item) && typeof item.value === 'string') item.value += ` ${longWord}`
      return undefined
    },
  })
  return doc.toString({ lineWidth: 0 })
}

let browser: Browser
/** Both lengthened sites, built while Chromium starts; each describe block waits for its own. */
const lengthened = new Map<string, Promise<{ server: SiteServer; result: BuildResult }>>()
beforeAll(async () => {
  for (const name of ['greenway', 'system4']) {
    const serving = serveLengthened(name)
    // Its describe block reports a failed build; this keeps it from being an unhandled rejection first.
    serving.catch(() => undefined)
    lengthened.set(name, serving)
  }
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A copy of an example site with the long word in every text, built and served. */
async function serveLengthened(name: string): Promise<{ server: SiteServer; result: BuildResult }> {
  const original = path.join(repoRoot, 'sites', name)
  const site = path.join(await tempDir('citypress-long-'), name)
  await cp(original, site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (entry.name.endsWith('.yaml')) await writeFile(file, lengthenYaml(await readFile(file, 'utf8')))
    if (entry.name.endsWith('.md'))
      await writeFile(
        file,
        `${await readFile(file, 'utf8')}\n${longWord} and [${longUrl}](${longUrl}) and <${longUrl}>.\n\n\`${longWord}\`\n\n    ${longUrl}\n`,
      )
  }
  const outDir = await tempDir('citypress-long-out-')
  const result = await build({
    site,
    outDir,
    cacheDir: false,
    imageCacheDir: path.join((await exampleBuild(name as ExampleSite)).site, '.citypress', 'cache', 'images'),
  }).catch((error: unknown) => {
    // Name what the lengthened site got wrong, rather than only "Build failed".
    if (error instanceof BuildFailure) throw new Error(error.errors.map((e) => formatConfigError(e, { color: false })).join('\n\n'))
    throw error
  })
  return { server: await serveSite(outDir), result }
}

describe.each(['greenway', 'system4'])('a 200-character word in every text field of %s', (name) => {
  let server: SiteServer
  let result: BuildResult
  beforeAll(async () => {
    ;({ server, result } = await lengthened.get(name)!)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reaches every page kind', () => {
    const kinds = new Set(result.routes.map((r) => r.template))
    expect([...kinds].sort()).toEqual(['blog-index', 'form-success', 'landing', 'locations', 'not-found', 'post', 'sections', 'service'])
  })

  it('never makes a page scroll sideways at 320 px', async () => {
    const firstOfKind = new Map<string, string>()
    for (const r of result.routes) if (r.template !== 'sections' && !firstOfKind.has(r.template)) firstOfKind.set(r.template, r.url)
    // Every sections page, one page of every other kind, and one landing page per service (a service may have its own layout).
    const landings = result.site.services.flatMap(
      (service) => result.routes.find((r) => r.template === 'landing' && r.url.endsWith(`-${service.slug}`))?.url ?? [],
    )
    const urls = [
      ...new Set([...result.routes.filter((r) => r.template === 'sections').map((r) => r.url), ...firstOfKind.values(), ...landings]),
    ]
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } })
    const wide: string[] = []
    for (const url of urls) {
      await page.goto(server.url + (url === '/404' ? '/no-such-page' : url))
      const found = await page.evaluate(
        (word) => ({
          hasWord: document.documentElement.outerHTML.includes(word),
          width: document.documentElement.scrollWidth,
          // The first element that sticks out, to name in a failure.
          culprit: [...document.querySelectorAll('body *')]
            .find((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(e).position !== 'fixed')
            ?.outerHTML.slice(0, 120),
        }),
        longWord,
      )
      expect(found.hasWord, url).toBe(true)
      if (found.width > 320) wide.push(`${url}: ${found.width} px, e.g. ${found.culprit}`)
    }
    await page.close()
    expect(wide).toEqual([])
  })
})
