import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, build } from '../../src/build/index.js'
import { en } from '../../src/config/messages/en.js'
import { fixture } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// The words citypress itself writes (src/config/messages/) follow site.yaml `language`.
describe('a site whose language is Spanish', () => {
  let result: BuildResult
  const page = (file: string) => String(result.files.find((f) => f.path === file)?.contents)

  beforeAll(async () => {
    const siteYaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
    const site = await warmSiteFrom('minimal', { 'site.yaml': `${siteYaml}language: es-US\n` })
    result = await build({ site, write: false, cacheDir: false })
  })

  it('writes the skip link, the menu buttons and the footer in Spanish, and no English of ours', () => {
    const home = page('index.html')
    expect(home).toContain('<html lang="es-US"')
    for (const words of ['Saltar al contenido', 'Abrir menú', 'Cerrar menú', 'Todos los derechos reservados.'])
      expect(home).toContain(words)
    for (const words of ['Skip to content', 'Open menu', 'Close menu', 'All rights reserved', 'All services'])
      expect(home).not.toContain(words)
  })

  it('has the widgets say what they write at run time in Spanish', () => {
    const script = page(result.files.find((f) => /^assets\/site-\w+\.js$/.test(f.path))!.path)
    // esbuild writes letters outside ASCII as escapes (\xA1 for ¡).
    expect(script).toContain('Enlace copiado al portapapeles!')
    expect(script).not.toContain('Link copied')
  })

  it('titles and words the 404 page in Spanish', () => {
    const notFound = page('404.html')
    expect(notFound).toMatch(/<title>Página no encontrada/)
    expect(notFound).toContain('<h1>No se encontró esta página.</h1>')
    expect(notFound).toContain('Ir a la página de inicio')
  })
})

// The same through `languages`, on every page kind of the landing fixture: no entry of citypress's
// English table (its fixed part, placeholders left out) appears on any page.
describe('a site whose one language, in `languages`, is Spanish', () => {
  it('has no English word of ours on any page', async () => {
    const siteYaml = await readFile(path.join(fixture('landing'), 'site.yaml'), 'utf8')
    const site = await warmSiteFrom('landing', { 'site.yaml': `${siteYaml}languages: [{ code: es }]\n` })
    const result = await build({ site, write: false, cacheDir: false })
    // The fixture's own texts are English: words it writes itself (a footer heading "Locations") are the site's.
    const ownTexts = (
      await Promise.all(['site.yaml', 'areas.yaml', 'landing.yaml', 'forms.yaml'].map((f) => readFile(path.join(site, f), 'utf8')))
    ).join('\n')
    const english = Object.values(en).flatMap((entry) => {
      const texts: string[] = typeof entry === 'string' ? [entry] : Object.values(entry).map(String)
      // The parts between values, long enough to be words of ours rather than a name or a sign.
      return texts
        .flatMap((text) => text.split(/\{\w+\}|\u0000/))
        .map((part) => part.trim())
        .filter((part) => part.length >= 8 && !ownTexts.includes(part))
    })
    const pages = result.files.filter((f) => f.path.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(10)
    // What a visitor reads: the structured data's type names (BreadcrumbList) are not words.
    const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '')
    const found = pages.flatMap((f) =>
      english.filter((words) => visible(String(f.contents)).includes(words)).map((words) => `${f.path}: ${words}`),
    )
    expect(found).toEqual([])
    expect(String(pages.find((f) => f.path === 'index.html')?.contents)).toContain('<html lang="es"')
  })
})
