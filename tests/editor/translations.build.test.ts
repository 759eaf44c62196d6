import { cp, readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { editorConfig } from '../../src/editor/decap-config.js'
import { answerProxy, createProxySession, type ProxySession } from '../../src/editor/proxy.js'
import type { LiveNames } from '../../src/editor/schema-fields.js'
import { repoRoot, snapshot, tempDir } from '../helpers/site.js'

// brightline: English (en-US) first, then Spanish (es), whose translations are in locales/es/.
const names: LiveNames = {
  service: [],
  form: [],
  areaList: [],
  scheduler: [],
  icon: [],
  href: [],
  minLocalWords: 40,
  languages: ['en-US', 'es'],
}

type Entry = { data: string | null; file: { path: string } }

async function copySite(): Promise<string> {
  const dir = path.join(await tempDir('citypress-editor-i18n-'), 'brightline')
  await cp(path.join(repoRoot, 'sites', 'brightline'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  return dir
}

const configOf = (site: string) => editorConfig(site, names, '/admin/api/', 'http://localhost/')
const brightline = path.join(repoRoot, 'sites', 'brightline')

/** What Decap sends back for an entry it loaded and saved untouched: the data re-serialized. */
function reserialized(file: string, text: string): string {
  if (!file.endsWith('.md')) return stringify(parse(text))
  const match = /^---\n([\s\S]*?)^---\n/m.exec(text)!
  return `---\n${stringify(parse(match[1]!))}---\n${text.slice(match[0].length).trimEnd()}`
}
const sessionOf = (site: string) => createProxySession(site, () => configOf(site))
const read = (site: string, file: string) => readFile(path.join(site, file), 'utf8')

async function entry(session: ProxySession, file: string): Promise<Record<string, unknown>> {
  const answer = await answerProxy(session, 'getEntry', { path: file })
  return parse((answer.body as Entry).data ?? 'null')
}

/** Decap's path of an entry in a language: `services/generators.yaml` in `es` → `services/es/generators.yaml`. */
const inLanguage = (base: string, code: string) => base.replace(/[^/]+$/, (file) => `${code}/${file}`)

/** An entry as Decap loads it in each language: English, then Spanish. */
function bothLanguages(session: ProxySession, base: string) {
  return Promise.all([entry(session, inLanguage(base, 'en-US')), entry(session, inLanguage(base, 'es'))])
}

/** Decap's save of an entry in both languages: one data file per language. */
function save(session: ProxySession, base: string, english: unknown, spanish: unknown, newEntry = false) {
  const dataFiles = [
    { path: inLanguage(base, 'en-US'), raw: stringify(english) },
    { path: inLanguage(base, 'es'), raw: stringify(spanish) },
  ]
  return answerProxy(session, 'persistEntry', { dataFiles, assets: [], options: { newEntry } })
}

describe("the editor's translations", () => {
  it("tells Decap the site's languages, and marks as translated the fields that hold a visitor's text", () => {
    const { config } = configOf(brightline)
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en-US', 'es'], default_locale: 'en-US' })
    const services = (config.collections as { name: string; i18n?: unknown; fields: { name: string; i18n?: unknown }[] }[]).find(
      (c) => c.name === 'services',
    )!
    expect(services.i18n).toBe(true)
    const marked = Object.fromEntries(services.fields.map((f) => [f.name, f.i18n === true]))
    expect(marked).toMatchObject({ address: true, title: true, faqs: true, translation: true, icon: false, image: false })
    const settings = (config.collections as { name: string; i18n?: unknown; files?: { file: string; i18n?: unknown }[] }[]).find(
      (c) => c.name === 'settings',
    )!
    expect(settings.i18n).toEqual({ structure: 'single_file' })
    expect(settings.files!.find((f) => f.file === 'site.yaml')!.i18n).toBe(true)
  })

  it('configures no translation for a site in one language', () => {
    const { config, editions } = editorConfig(brightline, { ...names, languages: ['en-US'] }, '/admin/api/', 'http://localhost/')
    expect(config.i18n).toBeUndefined()
    expect(JSON.stringify(config)).not.toContain('"i18n"')
    expect(editions.folders).toEqual([])
  })

  describe('on one copy of brightline', () => {
    let site: string
    let session: ProxySession
    beforeAll(async () => {
      site = await copySite()
      session = sessionOf(site)
    })

    it('lists each service in both languages, the Spanish one showing its translation and its address in Spanish', async () => {
      const listed = (await answerProxy(session, 'entriesByFolder', { folder: 'services', extension: 'yaml', depth: 2 })).body as Entry[]
      expect(listed.map((e) => e.file.path)).toEqual(
        expect.arrayContaining(['services/en-US/ev-chargers.yaml', 'services/es/ev-chargers.yaml']),
      )
      const spanish = await entry(session, 'services/es/ev-chargers.yaml')
      expect(spanish).toMatchObject({
        title: 'Instalación de cargadores para vehículos eléctricos',
        address: 'cargadores-para-autos-electricos',
      })
      expect(spanish.translation).toEqual({ method: 'human', reviewed: true })
      // Only texts: no icon, image or other setting of the English file.
      expect(spanish).not.toHaveProperty('icon')
      const english = await entry(session, 'services/en-US/ev-chargers.yaml')
      expect(english.title).not.toBe(spanish.title)
    })

    it('serves a settings file as one entry holding each language under its code', async () => {
      const data = await entry(session, 'site.yaml')
      expect(Object.keys(data)).toEqual(['en-US', 'es'])
      expect((data.es as { description: string }).description).toMatch(/^Electricistas residenciales/)
      expect((data['en-US'] as { languages: unknown }).languages).toBeDefined()
    })

    it('saves every entry unchanged in both languages, byte for byte, when Decap sends it back re-serialized', async () => {
      const before = await snapshot(site)
      const { config, editions } = configOf(site)
      for (const collection of config.collections as { folder?: string; extension?: string; files?: { file: string }[] }[]) {
        const folder = collection.folder
        if (folder && editions.folders.includes(folder)) {
          const listed = (await answerProxy(session, 'entriesByFolder', { folder, extension: collection.extension, depth: 2 }))
            .body as Entry[]
          const bases = [...new Set(listed.map((e) => e.file.path.replace(/\/(?:en-US|es)\//, '/')))]
          for (const base of bases) {
            const files = listed.filter((e) => e.file.path.replace(/\/(?:en-US|es)\//, '/') === base)
            const dataFiles = files.map((e) => ({ path: e.file.path, raw: reserialized(e.file.path, e.data!) }))
            const answer = await answerProxy(session, 'persistEntry', { dataFiles, assets: [] })
            expect(answer, base).toMatchObject({ status: 200 })
          }
        }
        for (const file of collection.files ?? []) {
          const data = await entry(session, file.file)
          const answer = await answerProxy(session, 'persistEntry', { dataFiles: [{ path: file.file, raw: stringify(data) }], assets: [] })
          expect(answer, file.file).toMatchObject({ status: 200 })
        }
      }
      expect(await snapshot(site)).toEqual(before)
    })

    it("writes a Spanish title typed in the editor as that one line of the service's translation, the English file untouched", async () => {
      const [english, spanish] = await bothLanguages(session, 'services/generators.yaml')
      const [englishBefore, spanishBefore] = [
        await read(site, 'services/generators.yaml'),
        await read(site, 'locales/es/services/generators.yaml'),
      ]
      const answer = await save(session, 'services/generators.yaml', english, {
        ...spanish,
        title: 'Generadores de respaldo para el hogar',
      })
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      expect(await read(site, 'services/generators.yaml')).toBe(englishBefore)
      const title = /^title: .*$/m.exec(spanishBefore)![0]
      expect(await read(site, 'locales/es/services/generators.yaml')).toBe(
        spanishBefore.replace(title, 'title: Generadores de respaldo para el hogar'),
      )
    })

    it('names the 301 a new Spanish address makes before saving, writing nothing', async () => {
      const before = await snapshot(site)
      const [english, spanish] = await bothLanguages(session, 'services/generators.yaml')
      const answer = await answerProxy(session, 'planSave', {
        entry: { path: 'services/generators.yaml', raw: JSON.stringify(english) },
        translations: { es: JSON.stringify({ ...spanish, address: 'generadores' }) },
      })
      expect(answer, JSON.stringify(answer.body)).toMatchObject({
        status: 200,
        body: { redirects: ['/es/services/generadores-de-respaldo → /es/services/generadores'] },
      })
      expect((answer.body as { question: string }).question).toContain('/es/services/generadores-de-respaldo → /es/services/generadores')
      expect(await snapshot(site)).toEqual(before)
    })

    it("moves a service's Spanish page to the Spanish address typed, and redirects its old one there", async () => {
      const [english, spanish] = await bothLanguages(session, 'services/generators.yaml')
      const answer = await save(session, 'services/generators.yaml', english, { ...spanish, address: 'generadores' })
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      expect(parse(await read(site, 'locales/es/services/generators.yaml')).slug).toBe('generadores')
      expect(parse(await read(site, 'site.yaml')).redirects).toContainEqual({
        from: '/es/services/generadores-de-respaldo',
        to: '/es/services/generadores',
      })
    })

    it("writes a town's Spanish paragraph into the Spanish areas.yaml, under the town's name", async () => {
      const town = '_editor/areas.yaml/places/Cary_2C_20NC.yml'
      const english = await entry(session, town)
      const spanish = await entry(session, '_editor/areas.yaml/places/es/Cary_2C_20NC.yml')
      expect(spanish.local).toMatch(/Cary/)
      const local = 'Cary es donde está nuestro taller, así que llegamos a la mayoría de sus calles en pocos minutos.'
      const answer = await save(session, '_editor/areas.yaml/places/Cary_2C_20NC.yml', english, { ...spanish, local })
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      const places = parse(await read(site, 'locales/es/areas.yaml')).places
      expect(places['Cary, NC'].local).toBe(local)
      expect(Object.keys(places)).toContain('Raleigh, NC')
    })

    it('adds a question in English and its Spanish translation in one save, the lists the same length', async () => {
      const [english, spanish] = await bothLanguages(session, 'services/panel-upgrades.yaml')
      const faqs = (english.faqs as { question: string; answer: string }[]).length
      const answer = await save(
        session,
        'services/panel-upgrades.yaml',
        {
          ...english,
          faqs: [...(english.faqs as object[]), { question: 'Do you pull the permit?', answer: 'Yes, and we book the inspection.' }],
        },
        {
          ...spanish,
          faqs: [...(spanish.faqs as object[]), { question: '¿Tramitan el permiso?', answer: 'Sí, y agendamos la inspección.' }],
        },
      )
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      expect(parse(await read(site, 'services/panel-upgrades.yaml')).faqs).toHaveLength(faqs + 1)
      expect(parse(await read(site, 'locales/es/services/panel-upgrades.yaml')).faqs.at(-1)).toEqual({
        question: '¿Tramitan el permiso?',
        answer: 'Sí, y agendamos la inspección.',
      })
    })

    it("renames a town and edits its Spanish paragraph in one save: the paragraph follows the town's new name", async () => {
      const [english, spanish] = await bothLanguages(session, '_editor/areas.yaml/places/Apex_2C_20NC.yml')
      const local = 'Apex, ahora con su nombre completo, queda a veinte minutos de nuestro taller en Cary.'
      const answer = await save(
        session,
        '_editor/areas.yaml/places/Apex_2C_20NC.yml',
        { ...english, key: 'Apex Village, NC' },
        { ...spanish, local },
      )
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      const places = parse(await read(site, 'locales/es/areas.yaml')).places
      expect(places['Apex Village, NC'].local).toBe(local)
      expect(places).not.toHaveProperty(['Apex, NC'])
    })

    it('writes no translation for a new service whose Spanish pane was left empty', async () => {
      const english = {
        address: '',
        title: 'Smoke Detectors',
        subtitle: 'Alarms that wake the whole house, wired to each other and to your panel.',
        summary: 'Hard-wired smoke and carbon monoxide alarms, interconnected.',
        description: 'Hard-wired smoke and carbon monoxide alarm installation in Raleigh, Durham, Cary and the Triangle.',
      }
      const answer = await save(session, 'services/smoke-detectors.yaml', english, { title: '', summary: '', translation: {} }, true)
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      expect(await read(site, 'services/smoke-detectors.yaml')).toContain('title: Smoke Detectors')
      await expect(read(site, 'locales/es/services/smoke-detectors.yaml')).rejects.toThrow(/ENOENT/)
    })

    it('starts a new translation file with the schema line its base file has, seen from its own folder', async () => {
      const [english, spanish] = await bothLanguages(session, 'pages/about.yaml')
      const answer = await save(session, 'pages/about.yaml', english, { ...spanish, title: 'Quiénes somos' })
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 })
      // As the hand-written translations beside it have it (locales/es/pages/home.yaml).
      expect(await read(site, 'locales/es/pages/about.yaml')).toBe(
        '# yaml-language-server: $schema=../../../../../schemas/translation/page.schema.json\ntitle: Quiénes somos\n',
      )
      expect((await read(site, 'locales/es/pages/home.yaml')).split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../../../../../schemas/translation/page.schema.json',
      )
    })

    it("refuses a Spanish address that is no slug at the translation's line, writing nothing", async () => {
      const before = await snapshot(site)
      const [english, spanish] = await bothLanguages(session, 'services/panel-upgrades.yaml')
      const answer = await save(session, 'services/panel-upgrades.yaml', english, { ...spanish, address: 'Cambio de Panel' })
      expect(answer.status).toBe(422)
      const problems = (answer.body as { problems: { file: string; line?: number }[] }).problems
      expect(problems.map((p) => p.file)).toEqual(['locales/es/services/panel-upgrades.yaml'])
      expect(problems[0]!.line).toBeGreaterThan(0)
      expect(await snapshot(site)).toEqual(before)
    })

    it('creates a service with its Spanish translation in one save, and removes both in one removal', async () => {
      const english = {
        title: 'Surge Protection',
        subtitle: 'A whole-home surge protector at your panel, and plug-in protection where it counts.',
        summary: 'Whole-home surge protection installed at the panel.',
        description: 'Whole-home surge protector installation in Raleigh, Durham, Cary and the Triangle.',
      }
      const spanish = {
        title: 'Protección contra sobretensiones',
        address: 'proteccion-contra-sobretensiones',
        summary: '',
        translation: { method: 'human', reviewed: true },
      }
      const created = await save(session, 'services/surge-protection.yaml', english, spanish, true)
      expect(created, JSON.stringify(created.body)).toMatchObject({ status: 200 })
      expect(parse(await read(site, 'locales/es/services/surge-protection.yaml'))).toEqual({
        translation: { method: 'human', reviewed: true },
        slug: 'proteccion-contra-sobretensiones',
        title: 'Protección contra sobretensiones',
      })
      expect(parse(await read(site, 'services/surge-protection.yaml'))).not.toHaveProperty('translation')
      const removed = await answerProxy(session, 'deleteFiles', {
        paths: ['services/en-US/surge-protection.yaml', 'services/es/surge-protection.yaml'],
      })
      expect(removed, JSON.stringify(removed.body)).toMatchObject({ status: 200 })
      await expect(read(site, 'services/surge-protection.yaml')).rejects.toThrow(/ENOENT/)
      await expect(read(site, 'locales/es/services/surge-protection.yaml')).rejects.toThrow(/ENOENT/)
    })

    it('removes a town with its Spanish paragraph', async () => {
      const garner = '_editor/areas.yaml/places/Garner_2C_20NC.yml'
      await entry(session, garner)
      const town = await answerProxy(session, 'deleteFiles', {
        paths: ['_editor/areas.yaml/places/en-US/Garner_2C_20NC.yml', '_editor/areas.yaml/places/es/Garner_2C_20NC.yml'],
      })
      expect(town, JSON.stringify(town.body)).toMatchObject({ status: 200 })
      expect(Object.keys(parse(await read(site, 'areas.yaml')).places)).not.toContain('Garner, NC')
      expect(Object.keys(parse(await read(site, 'locales/es/areas.yaml')).places)).not.toContain('Garner, NC')
    })
  })
})
