import { cp, readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { loadAndPlan } from '../../src/build/index.js'
import { editorConfig } from '../../src/editor/decap-config.js'
import { answerProxy, createProxySession, type ProxySession } from '../../src/editor/proxy.js'
import type { LiveNames } from '../../src/editor/schema-fields.js'
import { fileNameOf } from '../../src/editor/virtual-entries.js'
import { repoRoot, snapshot, tempDir } from '../helpers/site.js'

const names: LiveNames = { service: [], form: [], areaList: [], scheduler: [], icon: [], href: [], minLocalWords: 40 }

type Entry = { data: string | null; file: { path: string } }
type Refused = { error: string; problems: { code: string; file: string; line?: number }[] }

/** The lines `after` adds to `before`, when all it does is add lines; else undefined. */
function addedLines(before: string, after: string): string[] | undefined {
  const kept = before.split('\n')
  const added: string[] = []
  let at = 0
  for (const line of after.split('\n')) {
    if (at < kept.length && line === kept[at]) at++
    else added.push(line)
  }
  return at === kept.length ? added : undefined
}

/** Creating, renaming and refusing through the proxy, as Decap sends them, on one copy of system4. */
describe('the editor creates and renames', () => {
  let site: string
  let session: ProxySession
  const read = (file: string) => readFile(path.join(site, file), 'utf8')
  const call = (action: string, params: Record<string, unknown>) => answerProxy(session, action, params)
  /** Decap's save of a new entry: the path is its slug of the name, `newEntry` is set. */
  const create = (folder: string, slug: string, data: Record<string, unknown>) =>
    call('persistEntry', {
      dataFiles: [{ path: `_editor/${folder}/${slug}.yml`, slug, raw: stringify(data) }],
      assets: [],
      options: { newEntry: true },
    })
  const entry = async (file: string) => (await call('getEntry', { path: file })).body as Entry

  beforeAll(async () => {
    site = path.join(await tempDir('citypress-editor-'), 'system4')
    await cp(path.join(repoRoot, 'sites', 'system4'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
    session = createProxySession(site, () => editorConfig(site, names, '/admin/api/', 'http://localhost/'))
    // Decap loads what it edits first; the proxy refuses a save over a file it never served.
    for (const file of ['areas.yaml', 'forms.yaml']) await entry(file)
  })

  it('creates a place, a form and an area list under the names typed, each as new lines only', async () => {
    const before = { areas: await read('areas.yaml'), forms: await read('forms.yaml') }
    // Decap sends every field of the form, the optional ones empty.
    const list = await create('areas.yaml/lists', 'lake-erie', { key: 'lake-erie', value: ['Erie, PA'] })
    expect(list.body).toEqual({ message: 'entry persisted' })
    const form = await create('forms.yaml/forms', 'callback_form', {
      key: 'callback_form',
      submitLabel: 'Call me back',
      fields: [{ name: 'phone', label: 'Phone', type: 'tel', required: true, placeholder: '' }],
    })
    expect(form.body).toEqual({ message: 'entry persisted' })
    const place = await create('areas.yaml/places', 'erie-pa', {
      key: 'Erie, PA',
      state: '',
      county: 'Erie County',
      lat: 42.1292,
      lng: -80.0851,
      neighborhoods: [],
      landmarks: ['Presque Isle State Park'],
      local: '',
      region: '',
    })
    expect(place.body).toEqual({ message: 'entry persisted' })

    expect(addedLines(before.areas, await read('areas.yaml'))).toEqual([
      '  lake-erie:',
      '    - Erie, PA',
      '  Erie, PA:',
      '    county: Erie County',
      '    lat: 42.1292',
      '    lng: -80.0851',
      '    landmarks:',
      '      - Presque Isle State Park',
    ])
    // forms.yaml parts its forms by a blank line, so the new one is parted so too.
    expect(await read('forms.yaml')).toBe(
      `${before.forms}\n${[
        '  callback_form:',
        '    submitLabel: Call me back',
        '    fields:',
        '      - name: phone',
        '        label: Phone',
        '        type: tel',
        '        required: true',
      ].join('\n')}\n`,
    )
    await expect(loadAndPlan(site)).resolves.toBeDefined()
    // Decap then opens the new entry at its slug path; it is given the path the folder lists it at.
    const opened = await entry('_editor/areas.yaml/places/erie-pa.yml')
    expect(opened.file.path).toBe('_editor/areas.yaml/places/Erie_2C_20PA.yml')
    expect(parse(opened.data!)).toMatchObject({ key: 'Erie, PA', county: 'Erie County' })
  })

  it('refuses a new entry under a name that exists or without one, and a rename onto another file or folder, writing nothing', async () => {
    const before = await snapshot(site)
    const answer = await create('areas.yaml/places', 'cincinnati-oh', { key: 'Cincinnati, OH', county: 'Hamilton County' })
    expect(answer.status).toBe(422)
    const line = (await read('areas.yaml')).split('\n').indexOf('  Cincinnati, OH:') + 1
    expect((answer.body as Refused).error).toBe(
      `areas.yaml:${line}:3: areas.yaml already has "Cincinnati, OH" under \`places\`, and a name there stands for one entry only, so this one was not saved. Hint: Open "Cincinnati, OH" in the list to change it, or give this entry another name.`,
    )
    const missing = await call('persistEntry', {
      entry: { path: '_editor/areas.yaml/places/Nowhere_2C_20OH.yml', raw: stringify({ key: 'Nowhere, OH' }) },
      assets: [],
      options: {},
    })
    expect(missing.status).toBe(409)
    expect((missing.body as Refused).error).toMatch(/^areas\.yaml: areas\.yaml has no "Nowhere, OH" under `places` any more/)
    const unnamed = await create('forms.yaml/forms', 'untitled', { key: '  ', fields: [] })
    expect((unnamed.body as Refused).problems.map((p) => [p.code, p.file])).toEqual([['missing-key', 'forms.yaml']])
    await entry('services/floor-care.yaml')
    const rename = (newPath: string) =>
      call('persistEntry', { dataFiles: [{ path: 'services/floor-care.yaml', newPath, raw: 'title: Floors\n' }], assets: [], options: {} })
    expect(((await rename('services/window-cleaning.yaml')).body as Refused).error).toMatch(
      /^services\/window-cleaning\.yaml: services\/floor-care\.yaml cannot be renamed to services\/window-cleaning\.yaml: that file already exists/,
    )
    expect(((await rename('pages/floor-care.yaml')).body as Refused).problems.map((p) => p.code)).toEqual(['editor-refused'])
    expect(((await rename('services/Floor Care.yaml')).body as Refused).problems.map((p) => p.code)).toEqual(['bad-slug'])
    expect(await snapshot(site)).toEqual(before)
  })

  it('renames a post nothing links to, and a list nothing names, in place', async () => {
    const post = await read('blog/flu-season-disinfection-plan.md')
    await entry('blog/flu-season-disinfection-plan.md')
    const moved = await call('persistEntry', {
      dataFiles: [{ path: 'blog/flu-season-disinfection-plan.md', newPath: 'blog/flu-season-plan.md', raw: post }],
      assets: [],
      options: {},
    })
    expect(moved.body).toEqual({ message: 'entry persisted' })
    expect(await read('blog/flu-season-plan.md')).toBe(post)
    await expect(read('blog/flu-season-disinfection-plan.md')).rejects.toThrow(/ENOENT/)

    const areas = await read('areas.yaml')
    const renamed = await call('persistEntry', {
      entry: { path: '_editor/areas.yaml/lists/lake-erie.yml', raw: stringify({ key: 'lake-erie-shore', value: ['Erie, PA'] }) },
      assets: [],
      options: {},
    })
    expect(renamed.body).toEqual({ message: 'entry persisted' })
    expect(await read('areas.yaml')).toBe(areas.replace('\n  lake-erie:\n', '\n  lake-erie-shore:\n'))
    // Decap keeps the entry's old path until it lists the folder again; a second save there edits the renamed list.
    const again = await call('persistEntry', {
      entry: {
        path: '_editor/areas.yaml/lists/lake-erie.yml',
        raw: stringify({ key: 'lake-erie-shore', value: ['Erie, PA', 'Cincinnati, OH'] }),
      },
      assets: [],
      options: {},
    })
    expect(again.body).toEqual({ message: 'entry persisted' })
    expect(await read('areas.yaml')).toBe(
      areas.replace('\n  lake-erie:\n    - Erie, PA\n', '\n  lake-erie-shore:\n    - Erie, PA\n    - Cincinnati, OH\n'),
    )
  })

  it('refuses renaming a service file other files name, with the line that names it, and writes nothing', async () => {
    const before = await snapshot(site)
    const service = await read('services/window-cleaning.yaml')
    await entry('services/window-cleaning.yaml')
    const file = await call('persistEntry', {
      dataFiles: [{ path: 'services/window-cleaning.yaml', newPath: 'services/window-washing.yaml', raw: service }],
      assets: [],
      options: {},
    })
    expect(file.status).toBe(422)
    expect((file.body as Refused).error).toBe(
      'site.yaml:53:5: There is no service named "window-cleaning" in the services/ folder. Hint: Did you mean "window-washing"?',
    )

    expect(await snapshot(site)).toEqual(before)
  })

  it('renames a town: its lists, the links to its pages and its translations follow, and its pages redirect to its own new ones', async () => {
    const covington = '_editor/areas.yaml/places/Covington_2C_20KY.yml'
    const before = { site: await read('site.yaml'), areas: await read('areas.yaml') }
    // Decap sends the whole entry back, its name field changed; the editor first asks what it redirects.
    const sent = { path: covington, raw: stringify({ ...parse((await entry(covington)).data!), key: 'Covington City, KY' }) }
    const asked = (await call('planSave', { entry: sent })).body as { redirects: string[]; question: string }
    expect(asked.redirects.length).toBeGreaterThan(0)
    for (const r of asked.redirects) expect(r).toMatch(/^\/lp\/covington-([a-z-]+) → \/lp\/covington-city-\1$/)
    expect(asked.question).toContain('Links and names in site.yaml are changed to match.')
    expect(await read('areas.yaml'), 'asking writes nothing').toBe(before.areas)
    const place = await call('persistEntry', { entry: sent, assets: [], options: {} })
    expect(place.body).toEqual({ message: 'entry persisted' })
    const areas = await read('areas.yaml')
    expect(areas).toBe(
      before.areas
        .replaceAll('    - Covington, KY\n', '    - Covington City, KY\n')
        .replace('  Covington, KY:\n', '  Covington City, KY:\n')
        .replace(/(\n {2}Covington City, KY:\n(?: {4}.*\n)*)/, '$1    formerly:\n      - Covington, KY\n'),
    )
    expect(await read('site.yaml')).toBe(before.site.replaceAll('/lp/covington-', '/lp/covington-city-'))
    const { plan } = await loadAndPlan(site)
    const moved = plan.redirects.filter((r) => r.from.startsWith('/lp/covington-'))
    expect(moved.length).toBeGreaterThan(0)
    for (const r of moved) expect(r.to, r.from).toBe(r.from.replace('/lp/covington-', '/lp/covington-city-'))
  })
})

/** A town with its lists, through the proxy as the editor's town form sends it, on another copy of system4. */
describe('the editor adds, moves and removes a town in one step', () => {
  let site: string
  let session: ProxySession
  const read = (file: string) => readFile(path.join(site, file), 'utf8')
  const call = (action: string, params: Record<string, unknown>) => answerProxy(session, action, params)
  const entry = async (file: string) => (await call('getEntry', { path: file })).body as Entry
  const place = (name: string) => `_editor/areas.yaml/places/${fileNameOf(name)}.yml`
  const local =
    'Evendale is home to the plants and office parks along Reading Road and the business parks off Glendale Milford Road. Our crews clean them after hours on a schedule set with each building manager, with the same team every night and a supervisor who walks the floors weekly.'

  beforeAll(async () => {
    site = path.join(await tempDir('citypress-editor-'), 'system4')
    await cp(path.join(repoRoot, 'sites', 'system4'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
    session = createProxySession(site, () => editorConfig(site, names, '/admin/api/', 'http://localhost/'))
    await entry('areas.yaml')
  })

  it('adds a town with its facts, its paragraph and the list that makes its landing pages, in one save of new lines', async () => {
    const before = await read('areas.yaml')
    const saved = await call('persistEntry', {
      dataFiles: [
        {
          path: '_editor/areas.yaml/places/evendale-oh.yml',
          raw: stringify({
            key: 'Evendale, OH',
            inLists: ['service-pages'],
            county: 'Hamilton County',
            lat: 39.256,
            lng: -84.418,
            local,
            landmarks: [],
          }),
        },
      ],
      assets: [],
      options: { newEntry: true },
    })
    expect(saved.body).toEqual({ message: 'entry persisted' })
    expect(addedLines(before, await read('areas.yaml'))).toEqual([
      '    - Evendale, OH',
      '  Evendale, OH:',
      '    county: Hamilton County',
      '    lat: 39.256',
      '    lng: -84.418',
      `    local: ${local}`,
    ])
    const { plan } = await loadAndPlan(site)
    const pages = plan.landingQuality.pages.filter((p) => p.url.startsWith('/lp/evendale-'))
    expect(pages.map((p) => [p.url, p.indexable]).sort()).toEqual([
      ['/lp/evendale-building-maintenance', true],
      ['/lp/evendale-commercial-cleaning', true],
    ])
    // The editor shows the town with the lists it is in.
    expect(parse((await entry(place('Evendale, OH'))).data!).inLists).toEqual(['service-pages'])
  })

  it("says how many of a town's and a service's pages are hidden from search, and counts a paragraph's words as the build does", async () => {
    const hidden = async (file: string) => ((await call('hiddenPages', { path: file })).body as { hidden: string[] }).hidden
    const save = async (data: Record<string, unknown>) =>
      expect(
        (await call('persistEntry', { dataFiles: [{ path: place('Evendale, OH'), raw: stringify(data) }], assets: [], options: {} })).body,
      ).toEqual({
        message: 'entry persisted',
      })
    const shown = parse((await entry(place('Evendale, OH'))).data!) as Record<string, unknown>
    expect(await hidden(place('Evendale, OH'))).toEqual([])
    const short = '**Evendale** crews clean the plants along [Reading Road](https://example.com/reading) after hours.'
    await save({ ...shown, local: short })
    expect(await hidden(place('Evendale, OH'))).toEqual([
      'Evendale, OH: 2 pages hidden from search until its local paragraph has 40 words (it has 10)',
    ])
    expect(await hidden('services/commercial-cleaning.yaml')).toContain(
      'Evendale, OH: 1 page hidden from search until its local paragraph has 40 words (it has 10)',
    )
    expect(await hidden('pages/about.yaml')).toEqual([])
    // The editor's live count beside the paragraph: the words a visitor reads, not the link's address.
    expect((await call('words', { text: short })).body).toEqual({ words: 10 })
    await save({ ...shown, local })
    expect(await hidden(place('Evendale, OH'))).toEqual([])
  })

  it('takes a town out of a list it leaves and into one it joins, in the same save as its facts', async () => {
    const shown = parse((await entry(place('Evendale, OH'))).data!) as Record<string, unknown>
    const saved = await call('persistEntry', {
      dataFiles: [{ path: place('Evendale, OH'), raw: stringify({ ...shown, inLists: ['ohio'], county: 'Hamilton Co.' }) }],
      assets: [],
      options: {},
    })
    expect(saved.body).toEqual({ message: 'entry persisted' })
    const areas = parse(await read('areas.yaml')) as { lists: Record<string, string[]>; places: Record<string, { county: string }> }
    expect(areas.lists['service-pages']).not.toContain('Evendale, OH')
    expect(areas.lists.ohio!.at(-1)).toBe('Evendale, OH')
    expect(areas.places['Evendale, OH']!.county).toBe('Hamilton Co.')
  })

  it('removes a town from every list with its place, and refuses while another file links to its pages, naming the line', async () => {
    const before = await snapshot(site)
    const refused = await call('deleteFile', { path: place('Covington, KY') })
    expect(refused.status).toBe(422)
    const linkLine = (await read('site.yaml')).split('\n').findIndex((line) => line.includes('/lp/covington-commercial-cleaning')) + 1
    expect((refused.body as Refused).problems.map((p) => [p.code, p.file, p.line])).toContainEqual(['broken-link', 'site.yaml', linkLine])
    expect(await snapshot(site)).toEqual(before)

    expect((await call('deleteFile', { path: place('Evendale, OH') })).status).toBe(200)
    const text = await read('areas.yaml')
    expect(text).not.toContain('Evendale')
    await expect(loadAndPlan(site)).resolves.toBeDefined()
  })
})
