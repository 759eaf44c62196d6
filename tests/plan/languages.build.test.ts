import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, loadAndPlan } from '../../src/build/index.js'
import { main } from '../../src/cli/main.js'
import { readSite } from '../../src/config/load-site.js'
import { en } from '../../src/config/messages/en.js'
import { es } from '../../src/config/messages/es.js'
import type { RoutePlan } from '../../src/plan/route-plan.js'
import { memoryIo, repoRoot, siteFrom, tempDir, validationErrors } from '../helpers/site.js'
import { type BuiltSite, buildInMemory } from './helpers.js'

// The landing fixture in English and Spanish (tests/fixtures/sites/two-languages): its Spanish
// translation leaves out window cleaning and the place Rochester, so those have no Spanish page.

const ORIGIN = 'https://brightside.example'
let built: BuiltSite

beforeAll(async () => {
  built = await buildInMemory(await siteFrom('two-languages'))
})

const documents = new Map<RoutePlan, Document>()
const documentOf = (route: RoutePlan) => {
  let found = documents.get(route)
  if (!found) documents.set(route, (found = new JSDOM(built.file(route.outputPath)).window.document))
  return found
}
const headAlternates = (route: RoutePlan) =>
  [...documentOf(route).querySelectorAll('link[rel="alternate"][hreflang]')].map(
    (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
  )
/** Every `<url>` of the sitemap with its alternates, by its address. */
function sitemapAlternates(): Map<string, string[]> {
  const xml = built.file('sitemap.xml')
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<\/url>/g)]
  return new Map(
    entries.map(([entry, loc]) => [loc!, [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, l, h]) => `${l} ${h}`)]),
  )
}

describe('a site in two languages', () => {
  it('builds the translated pages under /es/, with the addresses their translations give, and no other', () => {
    const spanish = built.routes.filter((r) => r.language === 'es').map((r) => r.url)
    expect(spanish.sort()).toEqual(
      [
        '/es',
        '/es/404',
        '/es/contacto',
        '/es/locations',
        '/es/lp/chatham-limpieza-de-oficinas',
        '/es/lp/decatur-limpieza-de-oficinas',
        '/es/lp/sherman-limpieza-de-oficinas',
        '/es/lp/springfield-limpieza-de-oficinas',
        '/es/services/limpieza-de-oficinas',
        '/es/thanks/lead',
      ].sort(),
    )
    expect(built.routes.filter((r) => r.language === 'en-US')).toHaveLength(17)
    expect(built.routes.find((r) => r.url === '/es/404')?.outputPath).toBe('es/404.html')
    // Netlify serves a folder's 404 page only by a rule (Cloudflare Pages finds it by itself).
    expect(built.file('_redirects')).toBe('/es/* /es/404.html 404\n')
  })

  it('writes each page in its own language: lang, its texts, citypress’s own words', () => {
    const home = documentOf(built.routes.find((r) => r.url === '/es')!)
    expect(home.documentElement.lang).toBe('es')
    expect(home.querySelector('h1')?.textContent).toBe('Oficinas limpias en todo el centro de Illinois')
    expect(home.querySelector('.skip-link')?.textContent).toBe('Saltar al contenido')
    const landing = documentOf(built.routes.find((r) => r.url === '/es/lp/springfield-limpieza-de-oficinas')!)
    expect(landing.querySelector('h1')?.textContent).toContain('Limpieza de oficinas en Springfield')
    expect(landing.body.textContent).toContain('Springfield es la capital de Illinois')
    expect(landing.body.textContent).not.toContain('Springfield is the capital')
    const english = documentOf(built.routes.find((r) => r.url === '/contact')!)
    expect(english.documentElement.lang).toBe('en-US')
  })

  it('sends the page’s language with every form, posts to its success page, and declares the field to Netlify', () => {
    const form = (url: string) => documentOf(built.routes.find((r) => r.url === url)!).querySelector('form[name="lead"]')!
    const spanish = form('/es/lp/springfield-limpieza-de-oficinas')
    expect(spanish.querySelector('input[name="lang"]')?.getAttribute('value')).toBe('es')
    expect(spanish.getAttribute('action')).toBe('/es/thanks/lead')
    expect(spanish.querySelector('[type="submit"]')?.textContent).toBe('Enviar')
    expect(form('/lp/springfield-office-cleaning').querySelector('input[name="lang"]')?.getAttribute('value')).toBe('en-US')
    expect(built.file('__forms.html')).toContain('<input type="hidden" name="lang">')
  })

  it('loads widgets that write the page’s language', () => {
    const script = (url: string) =>
      documentOf(built.routes.find((r) => r.url === url)!)
        .querySelector('script[type="module"]')!
        .getAttribute('src')!
    expect(script('/es')).not.toBe(script('/'))
    // The minifier writes "¡" as \xA1: compared without it.
    expect(built.file(script('/es').slice(1))).toContain(String(es.linkCopied).replace('¡', ''))
    expect(built.file(script('/').slice(1))).toContain(String(en.linkCopied))
  })

  it('says its language to search engines and share previews, and names one business in every language', () => {
    const graph = (url: string) => {
      const document = documentOf(built.routes.find((r) => r.url === url)!)
      const nodes = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!)['@graph'] as Record<
        string,
        unknown
      >[]
      const meta = (property: string) =>
        [...document.querySelectorAll(`meta[property="${property}"]`)].map((m) => m.getAttribute('content'))
      return { nodes, locale: meta('og:locale'), alternate: meta('og:locale:alternate') }
    }
    const spanish = graph('/es/contacto')
    const english = graph('/contact')
    // Described in full on each language's home page, referred to by the same @id everywhere.
    const business = (nodes: Record<string, unknown>[]) => nodes.find((n) => n['@type'] === 'LocalBusiness')!
    expect(business(graph('/es').nodes)).toMatchObject({ '@id': `${ORIGIN}/#business`, name: expect.any(String) })
    expect(business(graph('/').nodes)).toMatchObject({ '@id': `${ORIGIN}/#business`, name: expect.any(String) })
    expect(spanish.nodes.find((n) => n['@type'] === 'WebPage')).toMatchObject({ publisher: { '@id': `${ORIGIN}/#business` } })
    expect(spanish.nodes.find((n) => n['@type'] === 'WebPage')).toMatchObject({ inLanguage: 'es', url: `${ORIGIN}/es/contacto` })
    expect(english.nodes.find((n) => n['@type'] === 'WebPage')).toMatchObject({ inLanguage: 'en-US' })
    expect(spanish).toMatchObject({ locale: ['es_ES'], alternate: ['en_US'] })
    expect(english).toMatchObject({ locale: ['en_US'], alternate: ['es_ES'] })
  })

  it('links every page of a language to pages of that language where they exist', () => {
    for (const route of built.routes.filter((r) => r.language === 'es')) {
      const links = [...documentOf(route).querySelectorAll('a[href^="/"]:not([hreflang])')].map((a) => a.getAttribute('href')!)
      const english = links.filter((href) => built.has(href.split('#')[0]!) && !href.startsWith('/es'))
      // Only pages with no Spanish version (window cleaning, Rochester) may be linked in English.
      for (const href of english) {
        const target = built.routes.find((r) => r.url === href.split('#')[0])!
        expect(
          target.otherLanguages?.some((l) => l.code === 'es' && l.url !== '/es'),
          `${route.url} → ${href}`,
        ).not.toBe(true)
      }
      expect(links, route.url).toContain('/es/contacto')
    }
  })

  it('names every version of a page in its head and in the sitemap alike: itself, its twin and x-default, absolute', () => {
    const sitemap = sitemapAlternates()
    const indexable = built.routes.filter((r) => !r.noindex && r.template !== 'not-found')
    let paired = 0
    for (const route of indexable) {
      const head = headAlternates(route)
      expect(sitemap.get(`${ORIGIN}${route.url === '/' ? '/' : route.url}`), route.url).toEqual(head)
      if (head.length === 0) continue
      paired++
      expect(head, route.url).toContain(`${route.language} ${ORIGIN}${route.url === '/' ? '/' : route.url}`)
      expect(
        head.filter((h) => h.startsWith('x-default ')),
        route.url,
      ).toHaveLength(1)
      // Reciprocal: each version it names names the same set.
      for (const other of head.map((h) => h.split(' ')[1]!)) {
        const twin = built.routes.find((r) => `${ORIGIN}${r.url === '/' ? '/' : r.url}` === other)!
        expect(twin.noindex, other).toBe(false)
        expect(headAlternates(twin), `${route.url} ↔ ${other}`).toEqual(head)
      }
    }
    expect(paired).toBe(2 * 7)
    expect(built.file('sitemap.xml')).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  })

  it('names no page without a translation, nor one kept out of search, as a version of another', () => {
    const sitemap = built.file('sitemap.xml')
    expect(sitemap).not.toMatch(/window-cleaning"|rochester-limpieza|sherman/)
    expect(headAlternates(built.routes.find((r) => r.url === '/services/window-cleaning')!)).toEqual([])
    // Sherman has no local paragraph: kept out of search in both languages, so in no set.
    expect(headAlternates(built.routes.find((r) => r.url === '/lp/sherman-office-cleaning')!)).toEqual([])
    expect(built.has('/es/lp/rochester-limpieza-de-oficinas')).toBe(false)
  })

  it('links each page to itself in the other language, in its own words, or to that language’s home page', () => {
    const links = (url: string) =>
      [...documentOf(built.routes.find((r) => r.url === url)!).querySelectorAll('.header-languages a')].map(
        (a) => `${a.getAttribute('lang')} ${a.getAttribute('hreflang')} ${a.getAttribute('href')} ${a.textContent}`,
      )
    expect(links('/contact')).toEqual(['es es /es/contacto Español'])
    expect(links('/es/contacto')).toEqual(['en-US en-US /contact English'])
    expect(links('/services/window-cleaning')).toEqual(['es es /es Español'])
  })
})

describe('a renamed address in another language', () => {
  it('gets its 301 in that language, from the same record, and no English page is sent to Spanish or back', async () => {
    const site = await siteFrom('two-languages')
    const out = path.join(await tempDir(), 'public')
    await build({ site, outDir: out, recordUrls: true, writeReport: true })
    // The build report shows each language's coverage beside the default language's.
    const report = await readFile(path.join(site, '.citypress/report.html'), 'utf8')
    expect(report).toContain('<caption>Pages in es, by kind</caption>')
    expect(report).toMatch(/<th scope="row">landing<\/th><td class="n">10<\/td><td class="n">4<\/td><td class="n">6<\/td>/)
    // And each text still to translate, at its line, with the file to write it in.
    expect(report).toContain('<caption>Texts to translate in es</caption>')
    expect(report).toMatch(
      /<tr><td>locales\/es\/areas\.yaml<\/td><td>[^<]*areas\.yaml:46<\/td><td>places\.Rochester, IL\.local<\/td><\/tr>/,
    )
    const record = JSON.parse(await readFile(path.join(site, 'published-urls.json'), 'utf8')) as { pages: Record<string, unknown> }
    expect(Object.keys(record.pages).filter((url) => url.startsWith('/es/lp/'))).toHaveLength(4)
    const translation = path.join(site, 'locales/es/services/office-cleaning.yaml')
    await writeFile(translation, (await readFile(translation, 'utf8')).replace('slug: limpieza-de-oficinas', 'slug: limpieza-oficinas'))
    const result = await build({ site, outDir: out, recordUrls: true })
    expect(result.landing.redirects.map((r) => `${r.from} → ${r.to}`)).toEqual([
      '/es/lp/chatham-limpieza-de-oficinas → /es/lp/chatham-limpieza-oficinas',
      '/es/lp/decatur-limpieza-de-oficinas → /es/lp/decatur-limpieza-oficinas',
      '/es/lp/sherman-limpieza-de-oficinas → /es/lp/sherman-limpieza-oficinas',
      '/es/lp/springfield-limpieza-de-oficinas → /es/lp/springfield-limpieza-oficinas',
    ])
  })
})

describe('a blog in two languages', () => {
  it('has a post in a language only where that language has its file, and a feed of its own', async () => {
    const post = (title: string, body: string) => `---\ntitle: ${title}\ndate: 2026-03-02\nexcerpt: ${title}.\n---\n${body}\n`
    // A translation gives the texts and the address, not the date: that is the same in every language.
    const translation = (title: string, body: string, slug: string) =>
      `---\nslug: ${slug}\ntitle: ${title}\nexcerpt: ${title}.\n---\n${body}\n`
    const blog = await buildInMemory(
      await siteFrom('two-languages', {
        'blog/spring-checklist.md': post('Spring cleaning checklist', 'What to clean before the spring inspection.'),
        'blog/new-van.md': post('Our new van', 'A second van for the Decatur route.'),
        'locales/es/blog/spring-checklist.md': translation(
          'Lista de limpieza de primavera',
          'Qué limpiar antes de la inspección de primavera.',
          'limpieza-de-primavera',
        ),
      }),
    )
    const spanish = blog.routes.filter((r) => r.language === 'es' && (r.template === 'post' || r.template === 'blog-index'))
    expect(spanish.map((r) => r.url).sort()).toEqual(['/es/blog', '/es/blog/limpieza-de-primavera'])
    const feed = blog.file('es/rss.xml')
    expect(feed).toContain('<language>es</language>')
    expect(feed).toContain('<link>https://brightside.example/es/blog/limpieza-de-primavera</link>')
    expect(feed).not.toContain('new-van')
    const head = new JSDOM(blog.page('/es/blog')).window.document
    expect(head.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe('/es/rss.xml')
    expect(blog.file('rss.xml')).toContain('new-van')
  })
})

describe('the coverage of each language', () => {
  it('is in validate --json’s summary, page kind by page kind, with each text to translate at its line', async () => {
    const io = memoryIo()
    const site = await siteFrom('two-languages')
    expect(await main(['validate', site, '--json'], io)).toBe(0)
    const summary = JSON.parse(io.stdout.trim().split('\n').at(-1)!) as {
      languages: { code: string; kinds: object[]; missing: { file: string; line: number; field: string; translation: string }[] }[]
    }
    const missing = summary.languages[0]!.missing.map((m) => ({ ...m, file: path.relative(site, m.file) }))
    // The untranslated service's texts, each at its line, then the two places without their paragraph.
    expect(missing[0]).toEqual({
      file: 'services/window-cleaning.yaml',
      line: 2,
      field: 'title',
      translation: 'locales/es/services/window-cleaning.yaml',
    })
    expect(missing.slice(0, -2).every((m) => m.translation === 'locales/es/services/window-cleaning.yaml')).toBe(true)
    expect(missing.slice(-2)).toEqual([
      { file: 'areas.yaml', line: 46, field: 'places.Rochester, IL.local', translation: 'locales/es/areas.yaml' },
      { file: 'areas.yaml', line: 69, field: 'places.Jacksonville, IL.local', translation: 'locales/es/areas.yaml' },
    ])
    expect(summary.languages.map(({ missing: _, ...rest }) => rest)).toEqual([
      {
        code: 'es',
        kinds: [
          { kind: 'sections', base: 2, built: 2 },
          { kind: 'service', base: 2, built: 1 },
          { kind: 'landing', base: 10, built: 4 },
          { kind: 'locations', base: 1, built: 1 },
          { kind: 'not-found', base: 1, built: 1 },
          { kind: 'form-success', base: 1, built: 1 },
        ],
      },
    ])
  })

  it('is printed by validate as a table, then each text to translate under the file to write it in', async () => {
    const io = memoryIo()
    const site = await siteFrom('two-languages')
    expect(await main(['validate', site], io)).toBe(0)
    const lines = io.stdout.split('\n')
    const first = lines.findIndex((l) => l.startsWith('Language es: '))
    expect(lines.slice(first, first + 4)).toEqual([
      'Language es: 10 of 17 pages translated.',
      '  page kind     built  missing',
      '  sections          2        0',
      '  service           1        1',
    ])
    const list = lines.slice(lines.findIndex((l) => l.includes('to translate, under the file')))
    expect(list[1]).toBe('    locales/es/services/window-cleaning.yaml')
    expect(list[2]).toMatch(/^ {6}\S+\/services\/window-cleaning\.yaml:2 +title$/)
    expect(list).toContainEqual('    locales/es/areas.yaml')
    expect(list.some((l) => /areas\.yaml:46 +places\.Rochester, IL\.local$/.test(l))).toBe(true)
  })
})

describe('a text without its translation', () => {
  it('is said once per translation file, at the first such text, naming the others', async () => {
    const { site } = await readSite(await siteFrom('two-languages'))
    const untranslated = site!.warnings.filter((w) => w.code === 'untranslated')
    expect(untranslated.map((w) => `${path.basename(w.file)}:${w.line}`)).toEqual(['window-cleaning.yaml:2', 'areas.yaml:46'])
    expect(untranslated[0]?.message).toContain('locales/es/services/window-cleaning.yaml, so its page is not built in es')
    expect(untranslated[1]?.hint).toContain('places.Rochester, IL.local')
  })

  it('fails the build with site.yaml translations.strict, and nothing is built', async () => {
    const site = await siteFrom('two-languages', {})
    const yaml = await readFile(path.join(site, 'site.yaml'), 'utf8')
    await writeFile(path.join(site, 'site.yaml'), `${yaml}translations: { strict: true }\n`)
    const errors = await validationErrors(site)
    expect(errors.map((e) => e.code)).toEqual(['untranslated', 'untranslated'])
  })
})

describe('the doorway gate in another language', () => {
  it('judges each page against its siblings in its own language only', async () => {
    const spanish = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/areas.yaml'), 'utf8')
    // Chatham and Decatur given the same long Spanish paragraph; their English ones stay their own.
    const copied = Array.from(
      { length: 120 },
      (_, i) => `La frase ${i} de un párrafo copiado en dos pueblos sin cambiar una palabra.`,
    ).join(' ')
    const text = spanish
      .replace(/( {2}Chatham, IL:\n {4}local: >-\n)[\s\S]*?(\n {2}Decatur)/, `$1      ${copied}$2`)
      .replace(/( {2}Decatur, IL:\n {4}local: >-\n)[\s\S]*$/, `$1      ${copied}\n`)
    // A page shows more than its paragraph (its region's questions, the nearby towns): at 80 % the
    // copies fail, the English pages (a paragraph each) pass.
    const landing = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/landing.yaml'), 'utf8')
    const plan = await loadAndPlan(
      await siteFrom('two-languages', { 'locales/es/areas.yaml': text, 'landing.yaml': `${landing}quality: { maxSimilarity: 0.8 }\n` }),
    )
    const quality = plan.plan.editions[0]!.landingQuality.pages
    const chatham = quality.find((q) => q.url === '/es/lp/chatham-limpieza-de-oficinas')!
    expect(chatham).toMatchObject({ indexable: false, nearest: '/es/lp/decatur-limpieza-de-oficinas' })
    expect(chatham.reasons[0]).toMatch(/identical to \/es\/lp\/decatur-limpieza-de-oficinas/)
    // Every sibling a Spanish page was compared with is Spanish, and the English pages pass.
    expect(quality.every((q) => !q.nearest || q.nearest.startsWith('/es/lp/'))).toBe(true)
    expect(plan.plan.landingQuality.pages.find((q) => q.url === '/lp/chatham-office-cleaning')?.indexable).toBe(true)
  })

  it('fails thirty towns whose pages differ only by the town exactly as in English, against Spanish siblings only', async () => {
    const fixture = path.join(repoRoot, 'tests/fixtures/sites/two-languages')
    const towns = [
      'Auburn',
      'Athens',
      'Ashland',
      'Assumption',
      'Atlanta',
      'Beardstown',
      'Bloomington',
      'Carlinville',
      'Clinton',
      'Delavan',
      'Divernon',
      'Edinburg',
      'Elkhart',
      'Farmersville',
      'Girard',
      'Greenview',
      'Havana',
      'Illiopolis',
      'Kincaid',
      'Lincoln',
      'Loami',
      'Mechanicsburg',
      'Middletown',
      'Morrisonville',
      'Mount Pulaski',
      'Niantic',
      'Pana',
      'Pawnee',
      'Petersburg',
      'Taylorville',
    ]
    // The town's name twice in a long paragraph that is otherwise the same: a doorway page.
    const paragraph = {
      en: (town: string) =>
        `${town} is a town in central Illinois where we clean offices, clinics and shops every week. Our crews arrive after hours, follow a written checklist for every room and leave the building locked. Every visit covers desks, kitchens, restrooms, floors and the entrance, and a supervisor signs off the checklist before the crew leaves. We bring our own equipment and supplies, use products that are safe around people and pets, and keep a log of every visit that clients can read online. Our staff are employed by us, trained on the job and insured, and the same crew comes back each time, so they learn the building and its alarm codes. Clients in ${town} get one contact for scheduling, supplies and invoices, and a walk-through with a supervisor every quarter.`,
      es: (town: string) =>
        `${town} es un pueblo del centro de Illinois donde limpiamos oficinas, clínicas y tiendas cada semana. Nuestros equipos llegan fuera del horario, siguen una lista escrita para cada sala y dejan el edificio cerrado. Cada visita incluye escritorios, cocinas, baños, pisos y la entrada, y un supervisor firma la lista antes de que el equipo se retire. Llevamos nuestro propio equipo e insumos, usamos productos seguros para las personas y las mascotas, y anotamos cada visita en un registro que los clientes pueden leer en línea. Nuestro personal es contratado por nosotros, capacitado en el trabajo y asegurado, y el mismo equipo vuelve cada vez, así que conoce el edificio y sus códigos de alarma. Los clientes de ${town} tienen un solo contacto para horarios, insumos y facturas, y una visita con un supervisor cada trimestre.`,
    }
    const list = `  thirty:\n${towns.map((t) => `    - ${t}, IL\n`).join('')}`
    const places = (language: 'en' | 'es') =>
      towns
        .map((t, i) =>
          language === 'en'
            ? `  ${t}, IL:\n    lat: ${(39.5 + i * 0.02).toFixed(4)}\n    lng: ${(-89.9 + i * 0.02).toFixed(4)}\n    local: ${paragraph.en(t)}\n`
            : `  ${t}, IL:\n    local: ${paragraph.es(t)}\n`,
        )
        .join('')
    const english = await readFile(path.join(fixture, 'areas.yaml'), 'utf8')
    const spanish = await readFile(path.join(fixture, 'locales/es/areas.yaml'), 'utf8')
    const landing = await readFile(path.join(fixture, 'landing.yaml'), 'utf8')
    const plan = await loadAndPlan(
      await siteFrom('two-languages', {
        'areas.yaml': `${english.replace('lists:\n', `lists:\n${list}`)}${places('en')}`,
        'locales/es/areas.yaml': `${spanish}${places('es')}`,
        // The gate reads a page's own town as one word, so these pages differ only by the six
        // nearby towns each lists: about 80 % alike, short as they are. At 70 % they all fail.
        'landing.yaml': `${landing.replace('matrix:\n', 'matrix:\n  - areas: thirty\n    services: [office-cleaning]\n')}quality: { maxSimilarity: 0.7 }\n`,
      }),
    )
    const verdicts = (pages: readonly { area: string; indexable: boolean; reasons: readonly string[] }[]) =>
      new Map(
        pages
          .filter((q) => towns.includes(q.area.replace(', IL', '')))
          .map((q) => [q.area, { indexable: q.indexable, reasons: q.reasons.map((r) => r.split(' ')[0]) }]),
      )
    const inEnglish = verdicts(plan.plan.landingQuality.pages)
    const inSpanish = verdicts(plan.plan.editions[0]!.landingQuality.pages)
    expect(inEnglish.size).toBe(30)
    // Each mention of the town is read as one word: without that, such pages read as 60 % alike.
    const thirty = plan.plan.landingQuality.pages.filter((q) => towns.includes(q.area.replace(', IL', '')))
    expect(Math.min(...thirty.map((q) => q.similarity))).toBeGreaterThan(0.72)
    expect([...inEnglish.values()].every((v) => !v.indexable)).toBe(true)
    expect(inSpanish).toEqual(inEnglish)
    const spanishPages = plan.plan.editions[0]!.landingQuality.pages
    expect(spanishPages.every((q) => !q.nearest || q.nearest.startsWith('/es/lp/'))).toBe(true)
  })

  it('says in the build’s summary how many of each language’s landing pages are kept out of search, and which paragraphs to write there', async () => {
    const spanish = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/landing.yaml'), 'utf8')
    const site = await siteFrom('two-languages', { 'locales/es/landing.yaml': `quality: { minLocalWords: 400 }\n${spanish}` })
    const io = memoryIo()
    expect(await main(['build', site, '--out', path.join(await tempDir(), 'out')], io), io.stderr).toBe(0)
    const lines = io.stdout.split('\n')
    expect(lines).toContain('Landing pages in es: 4 built, 0 indexed, 4 noindex (left out of the sitemap).')
    const heading = lines.indexOf(
      '  Local paragraphs to write (locales/es/areas.yaml places.<area>.local); each lets its pages into search:',
    )
    expect(heading).toBeGreaterThan(-1)
    expect(lines[heading + 1]).toMatch(/^ {4}\S.*, IL: \d+ pages? hidden from search until its local paragraph has 400 words/)
  })

  it('takes the thresholds a language’s own landing.yaml sets for its pages, and landing.yaml’s for the rest', async () => {
    const spanish = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/landing.yaml'), 'utf8')
    const plan = await loadAndPlan(
      await siteFrom('two-languages', { 'locales/es/landing.yaml': `quality: { minLocalWords: 400 }\n${spanish}` }),
    )
    const edition = plan.plan.editions[0]!.landingQuality
    expect(edition.settings).toMatchObject({ minLocalWords: 400, maxSimilarity: 0.9 })
    // Springfield's, Chatham's and Decatur's Spanish paragraphs (about 60 words) are too short now.
    const written = edition.pages.filter((q) => q.reasons.some((r) => r.startsWith('local paragraph has')))
    expect(written.map((q) => q.url.split('-')[0])).toEqual(['/es/lp/springfield', '/es/lp/chatham', '/es/lp/decatur'])
    expect(written.every((q) => !q.indexable && q.reasons.some((r) => r.includes('fewer than 400')))).toBe(true)
    expect(plan.plan.landingQuality.settings.minLocalWords).toBe(40)
    expect(plan.plan.landingQuality.pages.find((q) => q.url === '/lp/springfield-office-cleaning')?.indexable).toBe(true)
  })
})

describe('a translation that is one only in name', () => {
  it('keeps out of search the pages of a place whose paragraph is the English one pasted, or English written anew, and says so', async () => {
    const fixture = path.join(repoRoot, 'tests/fixtures/sites/two-languages')
    const english = await readFile(path.join(fixture, 'areas.yaml'), 'utf8')
    const spanish = await readFile(path.join(fixture, 'locales/es/areas.yaml'), 'utf8')
    const decatur = / {2}Decatur, IL:\n[\s\S]*$/.exec(spanish)![0]
    const pasted = / {2}Decatur, IL:\n[\s\S]*?(?=\n {2}Jacksonville)/.exec(english)![0].replace(/\n {4}(county|lat|lng): .*/g, '')
    const written = spanish.replace(
      /( {2}Chatham, IL:\n {4}local: >-\n)[\s\S]*?(?=\n {2}Decatur)/,
      `$1      Chatham is a growing village south of Springfield, and we clean the offices of its new dental\n      practices, banks and shops every week. Most of our clients there want a visit once or twice a week\n      rather than a crew every night, and we are happy to fit in with their hours.`,
    )
    const site = await siteFrom('two-languages', { 'locales/es/areas.yaml': written.replace(decatur, `${pasted}\n`) })
    const { site: config } = await readSite(site)
    expect(config!.warnings.filter((w) => w.message.includes('kept out of search')).map((w) => `${w.line} ${w.message}`)).toEqual([
      expect.stringMatching(/^\d+ The text of Chatham, IL in locales\/es\/areas.yaml reads as English/),
      expect.stringMatching(/^\d+ The text of Decatur, IL in locales\/es\/areas.yaml is mostly the English text it should translate/),
    ])
    const rebuilt = await buildInMemory(site)
    const noindex = (url: string) => rebuilt.routes.find((r) => r.url === url)?.noindex
    expect(noindex('/es/lp/decatur-limpieza-de-oficinas')).toBe(true)
    expect(noindex('/es/lp/chatham-limpieza-de-oficinas')).toBe(true)
    expect(noindex('/es/lp/springfield-limpieza-de-oficinas')).toBe(false)
    expect(rebuilt.file('sitemap.xml')).not.toMatch(/decatur-limpieza|chatham-limpieza/)
  })

  it('keeps out of search the pages of a machine translation no one reviewed, until it is', async () => {
    const service = await readFile(
      path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/services/office-cleaning.yaml'),
      'utf8',
    )
    const machine = await buildInMemory(
      await siteFrom('two-languages', {
        'locales/es/services/office-cleaning.yaml': `translation: { method: machine, reviewed: false }\n${service}`,
      }),
    )
    const spanish = machine.routes.filter((r) => r.language === 'es' && (r.template === 'service' || r.template === 'landing'))
    expect(spanish.length).toBeGreaterThan(0)
    expect(spanish.every((r) => r.noindex && !r.alternates)).toBe(true)
    expect(machine.file('sitemap.xml')).not.toContain('limpieza-de-oficinas')
    expect(machine.routes.find((r) => r.url === '/services/office-cleaning')?.alternates).toBeUndefined()
    const reviewed = await buildInMemory(
      await siteFrom('two-languages', {
        'locales/es/services/office-cleaning.yaml': `translation: { method: machine, reviewed: true }\n${service}`,
      }),
    )
    expect(reviewed.routes.find((r) => r.url === '/es/services/limpieza-de-oficinas')?.noindex).toBe(false)
  })
})

describe('a translation file', () => {
  const errorsOf = async (files: Record<string, string>) =>
    (await validationErrors(await siteFrom('two-languages', files))).map(
      (e) => `${e.code} ${e.file.replace(/.*\/locales\//, 'locales/')}:${e.line ?? ''} ${e.message} ${e.hint ?? ''}`,
    )

  it('is refused at its line for a link that leads nowhere, and not for one naming a page by any of its addresses', async () => {
    const contact = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/pages/contact.yaml'), 'utf8')
    const linking = (href: string) => ({
      'locales/es/pages/contact.yaml': contact.replace('Escriba a hello', `Vea [la guía](${href}) o escriba a hello`),
    })
    expect((await errorsOf(linking('/es/guia'))).map((e) => e.replace(/ The link.*/, ''))).toEqual([
      'broken-link locales/es/pages/contact.yaml:6',
    ])
    // Its Spanish address, the same without the language's segment, the English page's address
    // (built as a link to its Spanish version), and a page with no Spanish version.
    for (const href of ['/es/contacto', '/contacto', '/contact', '/services/window-cleaning'])
      expect(await errorsOf(linking(href)), href).toEqual([])
  })

  it('is refused at the line of a broken link in a YAML file’s Markdown body', async () => {
    const fixtureFile = (name: string) => readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages', name), 'utf8')
    const spanish = await fixtureFile('locales/es/services/office-cleaning.yaml')
    const errors = await errorsOf({
      'services/office-cleaning.yaml': `${await fixtureFile('services/office-cleaning.yaml')}body: Our crews clean offices.\n`,
      'locales/es/services/office-cleaning.yaml': `${spanish}body: Vea [la guía](/es/guia).\n`,
    })
    // The body is the file's last line.
    expect(errors.map((e) => e.replace(/ The link.*/, ''))).toEqual([
      `broken-link locales/es/services/office-cleaning.yaml:${spanish.split('\n').length}`,
    ])
  })

  it('is refused, at its line, for a key that is not text, a key its base lacks, or a list of another length', async () => {
    const errors = await errorsOf({
      'locales/es/services/office-cleaning.yaml': [
        'title: Limpieza de oficinas',
        'areas: { list: central }',
        'titel: Limpieza',
        'services:',
        '  - { title: Escritorios }',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([
      expect.stringMatching(/^bad-translation locales\/es\/services\/office-cleaning.yaml:2 "areas" is not text a visitor reads/),
      expect.stringMatching(/^bad-translation locales\/es\/services\/office-cleaning.yaml:3 "titel" is not in .*office-cleaning.yaml/),
      expect.stringMatching(
        /^bad-translation locales\/es\/services\/office-cleaning.yaml:5 This list has 1 item and the list it translates/,
      ),
    ])
  })

  it('is refused at its line for a threshold out of range or a setting every language shares', async () => {
    const spanish = await readFile(path.join(repoRoot, 'tests/fixtures/sites/two-languages/locales/es/landing.yaml'), 'utf8')
    const errors = await errorsOf({
      'locales/es/landing.yaml': `quality:\n  maxSimilarity: 1.5\n  index: [/lp/springfield-office-cleaning]\n${spanish}`,
    })
    expect(errors).toEqual([
      expect.stringMatching(/^bad-value locales\/es\/landing.yaml:2 `quality.maxSimilarity` is 1.5, more than 1/),
      expect.stringMatching(/^bad-translation locales\/es\/landing.yaml:3 "quality.index" is not text a visitor reads/),
    ])
  })

  it('is refused for a file the site does not have, an address that is not ASCII, and a folder of no language', async () => {
    const errors = await errorsOf({
      'locales/es/services/roofing.yaml': 'title: Techos\n',
      'locales/es/pages/contact.yaml': 'path: /contácto\ntitle: Contacto\n',
      'locales/fr/site.yaml': 'header: {}\n',
    })
    expect(errors.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual([
      'bad-slug locales/es/pages/contact.yaml:1',
      'bad-translation locales/es/services/roofing.yaml:',
      'bad-translation locales/fr/site.yaml:',
    ])
    expect(errors[0]).toContain('Write it as "/contacto"')
    expect(errors[2]).toContain('locales/fr/ is not the folder of a language')
  })
})
