import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleAssets } from '../../src/assets/bundle-assets.js'
import { build, loadAndPlan } from '../../src/build/index.js'
import { renderContextOf } from '../../src/build/page-context.js'
import { collectPageFacts } from '../../src/html/page-facts.js'
import { withBrandImages } from '../../src/images/brand-images.js'
import { planImages } from '../../src/plan/plan-images.js'
import { templateRoute } from '../../src/plan/route-props.js'
import { bundleTemplates } from '../../src/render/bundle-templates.js'
import { expectWholeScanFacts } from '../helpers/page-facts.js'
import { repoRoot, siteFrom, tempDir } from '../helpers/site.js'
import { warmFixture, warmSiteFrom } from '../helpers/warm-fixture.js'

// The header (with its mobile menu) and the footer are rendered once per build and variant and
// spliced into every page (templates/shell/shared-parts.tsx).

async function pagesOf(out: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {}
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    // __forms.html declares the forms for the host: it is no page a visitor sees, and has no shell.
    if (entry.isFile() && entry.name.endsWith('.html') && entry.name !== '__forms.html')
      pages[path.relative(out, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8')
  }
  return pages
}

describe('the shared header and footer', () => {
  beforeAll(() => warmFixture('minimal'))

  it('mark the current page in the navigation of that page only', async () => {
    const site = await warmSiteFrom('minimal')
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out, cacheDir: false, workerMinimum: 1 })
    const pages = await pagesOf(out)
    const current = (html: string) => [...html.matchAll(/<a class="nav-link" href="([^"]*)" aria-current="page"/g)].map((m) => m[1])
    expect(current(pages['index.html']!)).toEqual(['/'])
    expect(current(pages['contact.html']!)).toEqual(['/contact'])
    const others = Object.entries(pages).filter(([file]) => file !== 'index.html' && file !== 'contact.html')
    expect(others.length).toBeGreaterThan(2)
    for (const [, html] of others) expect(current(html)).toEqual([])
    // Every page has exactly one header and one footer, and no marker is left.
    for (const html of Object.values(pages)) {
      expect(html.match(/<header class="site-header"/g)).toHaveLength(1)
      expect(html.match(/<footer class="site-footer"/g)).toHaveLength(1)
      expect(html).not.toContain('data-citypress-part')
    }
  })

  it('show an edited navigation, footer and form on every page of the next build, page cache and workers on', async () => {
    const site = await warmSiteFrom('minimal', {
      'pages/contact.yaml': 'path: /contact\ntitle: Contact\nsections:\n  - type: form\n    heading: Write to us\n    form: quote\n',
    })
    const out = path.join(await tempDir(), 'dist')
    const rebuild = () => build({ site, outDir: out, workerMinimum: 1 })
    await rebuild()
    const edit = async (file: string, from: string, to: string) => {
      const text = await readFile(path.join(site, file), 'utf8')
      expect(text).toContain(from)
      await writeFile(path.join(site, file), text.replace(from, to))
    }
    await edit('site.yaml', '{ label: Contact, href: /contact }', '{ label: Write to us, href: /contact }')
    await edit('site.yaml', 'email: hello@tidy.example', 'email: office@tidy.example')
    await edit('forms.yaml', '{ name: email, label: Email,', '{ name: email, label: Your email address,')
    const result = await rebuild()
    expect(result.pages.rendered).toBe(result.routes.length)
    const pages = await pagesOf(out)
    for (const html of Object.values(pages)) {
      expect(html).toContain('>Write to us</a>')
      expect(html).not.toMatch(/>Contact<\/a>/)
      expect(html).toContain('<a href="mailto:office@tidy.example">office@tidy.example</a>')
    }
    expect(pages['contact.html']).toContain('Your email address')
  })

  it("are rendered on each page when a site's own part reads the page it is on", async () => {
    // Written before parts were shared: it shows the page's own address in the footer.
    const footer = await readFile(path.join(import.meta.dirname, '../../templates/shell/Footer.tsx'), 'utf8')
    const site = await warmSiteFrom('minimal', {
      'templates/shell/Footer.tsx': footer
        .replace(
          'const { site, services, landingUrls, locationsUrl, year } = usePage()',
          'const { site, services, landingUrls, locationsUrl, year, route } = usePage()',
        )
        .replace('<div className="container footer-bottom">', '<div className="container footer-bottom" data-page={route.url}>'),
    })
    const out = path.join(await tempDir(), 'dist')
    await build({ site, outDir: out, cacheDir: false, workerMinimum: 1 })
    const pages = await pagesOf(out)
    expect(pages['index.html']).toContain('data-page="/"')
    expect(pages['contact.html']).toContain('data-page="/contact"')
    expect(pages['contact.html']!.match(/<footer class="site-footer"/g)).toHaveLength(1)
  })

  it("are read by the checks' scanner once: each page holds them word for word, and its facts are a whole scan's", async () => {
    const twoLanguages = await siteFrom('two-languages')
    const siteYaml = path.join(twoLanguages, 'site.yaml')
    // Under a sub-path too, whose base every address of the parts gets after they are spliced.
    await writeFile(
      siteYaml,
      (await readFile(siteYaml, 'utf8')).replace('url: https://brightside.example', 'url: https://brightside.example/shop'),
    )
    // system4 sets its typographer to work on every page after rendering.
    const system4 = path.join(await tempDir(), 'system4')
    await cp(path.join(repoRoot, 'sites/system4'), system4, { recursive: true, filter: (from) => !from.includes('.citypress') })
    for (const folder of [twoLanguages, system4]) {
      const { site, plan } = await loadAndPlan(folder)
      const images = withBrandImages(site, planImages(site))
      const assets = await bundleAssets(site.site, site.fonts, site.root)
      const templates = await bundleTemplates({ siteRoot: site.root, icons: site.icons })
      const context = renderContextOf(site, plan, images, assets, new Date())
      const { renderRoute, sharedMarkup } = templates.module
      const routes = plan.routes.filter((route, i) => route.template !== 'landing' || i % 10 === 0)
      expect(routes.length).toBeGreaterThan(10)
      for (const route of routes) {
        const html = renderRoute(templateRoute(route), context)
        const shared = sharedMarkup(templateRoute(route), context)
        expect(shared.length, route.url).toBeGreaterThanOrEqual(2)
        let at = 0
        for (const piece of shared) {
          at = html.indexOf(piece, at)
          expect(at, `${route.url}: ${piece.slice(0, 80)}`).toBeGreaterThan(0)
        }
        const facts = collectPageFacts(html, { shared })
        expectWholeScanFacts(facts, html, route.url)
        expect(facts.sharedUrls.length, route.url).toBeGreaterThan(3)
      }
    }
  }, 120_000)
})
