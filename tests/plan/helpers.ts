import type { BuildOptions, BuildResult } from '../../src/build/index.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'
import { type ExampleBuild, type ExampleSite, exampleBuild, fixtureBuild, type SharedFixture } from '../helpers/example-build.js'

export interface BuiltSite {
  /** Without the files' contents: those are read through `file` and `page`. */
  readonly result: Omit<BuildResult, 'files' | 'warnings'>
  readonly routes: readonly RoutePlan[]
  readonly landing: readonly RoutePlan[]
  /** The built file at a path of the output folder, as text. */
  file(path: string): string
  /** The HTML of the page at a URL. */
  page(url: string): string
  has(url: string): boolean
}

/** Builds a site in memory (no output folder, no page cache) and indexes what it built. */
export async function buildInMemory(site: string, options: Partial<BuildOptions> = {}): Promise<BuiltSite> {
  // Imported here, so a file that reads only a shared example build never loads the pipeline.
  const { build } = await import('../../src/build/index.js')
  const result = await build({ site, write: false, cacheDir: false, ...options })
  const files = new Map(
    result.files.map((f) => [f.path, typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8')]),
  )
  const byUrl = new Map(result.routes.map((r) => [r.url, r]))
  const file = (path: string) => {
    const text = files.get(path)
    if (text === undefined) throw new Error(`the build wrote no ${path}`)
    return text
  }
  return {
    result,
    routes: result.routes,
    landing: result.routes.filter((r) => r.template === 'landing'),
    file,
    page: (url) => file(byUrl.get(url)?.outputPath ?? `${url} (no such route)`),
    has: (url) => byUrl.has(url),
  }
}

/** An unmodified example site as built once for the whole test run (tests/helpers/example-build.ts). */
export async function exampleSite(name: ExampleSite): Promise<BuiltSite> {
  return builtSiteOf(await exampleBuild(name))
}

/** An unmodified fixture site as built once for the whole test run (tests/helpers/example-build.ts). */
export async function fixtureSite(name: SharedFixture): Promise<BuiltSite> {
  return builtSiteOf(await fixtureBuild(name))
}

function builtSiteOf({ result, file, page }: ExampleBuild): BuiltSite {
  const byUrl = new Set(result.routes.map((r) => r.url))
  return {
    result,
    routes: result.routes,
    landing: result.routes.filter((r) => r.template === 'landing'),
    file,
    page,
    has: (url) => byUrl.has(url),
  }
}

/** The visible text of a page's <main>, scripts left out, whitespace collapsed. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''
  return decode(main.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** Every href of an <a> in a piece of HTML, decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decode(m[1]!))
}

export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
}

/** Each question marked up as FAQPage JSON-LD in the site's HTML pages, with the URLs that mark it up. */
export function markedUpQuestions(site: BuiltSite): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const route of site.routes) {
    for (const data of jsonLd(site.page(route.url))) {
      const nodes = [data, ...((data as { '@graph'?: unknown[] })['@graph'] ?? [])] as {
        '@type'?: string
        mainEntity?: { name: string }[]
      }[]
      for (const node of nodes.filter((n) => n['@type'] === 'FAQPage')) {
        for (const q of node.mainEntity ?? []) found.set(q.name, [...(found.get(q.name) ?? []), route.url])
      }
    }
  }
  return found
}

export function metaRobots(html: string): string | undefined {
  return /<meta name="robots" content="([^"]*)"/.exec(html)?.[1]
}

function decode(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|nbsp);/gi, (_, e: string) => {
    const lower = e.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10))
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' } as Record<string, string>)[lower]!
  })
}
