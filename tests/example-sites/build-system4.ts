import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { exampleBuild } from '../helpers/example-build.js'
import { repoRoot, tempDir } from '../helpers/site.js'
import { find, findAll, type HtmlNode, parseHtml, text } from './html.js'

export const system4 = path.join(repoRoot, 'sites/system4')

export interface BuiltSite {
  readonly outDir: string
  /** The parsed page at a site address (`/contact`), read from whichever file the build wrote. */
  page(url: string): HtmlNode
  /** The page's <main>, where the sections live (the header and footer repeat on every page). */
  main(url: string): HtmlNode
}

/**
 * The real sites/system4 as built once for the whole test run (tests/helpers/example-build.ts),
 * or a changed copy of it built into a temporary folder. A copy's pages are always rendered
 * afresh; encoded images come from the image cache of the run's shared build (keyed by
 * content), so the copy does not re-encode every image.
 */
export async function buildSite(site = system4): Promise<BuiltSite> {
  let outDir: string
  if (site === system4) outDir = (await exampleBuild('system4')).outDir
  else {
    outDir = await tempDir('citypress-site-')
    const { build } = await import('../../src/build/index.js')
    await build({
      site,
      outDir,
      cacheDir: false,
      imageCacheDir: path.join((await exampleBuild('system4')).site, '.citypress', 'cache', 'images'),
    })
  }
  const cache = new Map<string, HtmlNode>()
  const page = (url: string) => {
    const key = url === '/' ? 'index' : url.replace(/^\/|\/$/g, '')
    const file = [`${key}.html`, `${key}/index.html`].map((f) => path.join(outDir, f)).find((f) => existsSync(f))
    if (!file) throw new Error(`The build wrote no page for ${url}`)
    if (!cache.has(file)) cache.set(file, parseHtml(readFileSync(file, 'utf8')))
    return cache.get(file)!
  }
  return { outDir, page, main: (url) => find(page(url), 'main') }
}

/** The top-level sections of a page's <main>, as `{ id, className, heading }` in order. */
export function sectionsOf(main: HtmlNode): { id?: string; className: string; heading: string }[] {
  return main.children
    .filter((c): c is HtmlNode => typeof c !== 'string' && c.tag === 'section')
    .map((s) => ({
      id: s.attrs.id,
      className: s.attrs.class ?? '',
      heading: text(findAll(s, 'h1')[0] ?? findAll(s, 'h2')[0] ?? ''),
    }))
}

/** The section of `main` with this id. */
export function section(main: HtmlNode, id: string): HtmlNode {
  return find(main, `section#${id}`)
}

/** A page's sections as short names in order: the section's id, else `hero` or `cta`. */
export function outline(main: HtmlNode): string[] {
  return sectionsOf(main).map((s) => s.id ?? (/\bhero\b/.test(s.className) ? 'hero' : /\bcta-/.test(s.className) ? 'cta' : s.className))
}

/** `{ label, href }` of every link and walkthrough button inside `node`. */
export function links(node: HtmlNode, selector = 'a'): { label: string; href: string; scheduler?: string }[] {
  return findAll(node, selector).map((a) => ({
    label: text(a),
    href: a.attrs.href ?? '',
    ...(a.attrs['data-scheduler'] ? { scheduler: a.attrs['data-scheduler'] } : {}),
  }))
}
