import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { unseal } from '../../src/cache/sealed-file.js'
import { loadSite } from '../../src/config/load-site.js'
import { BuildFailure, type ConfigError } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { normalize, siteFrom, validationErrors } from '../helpers/site.js'

/** Loads and plans a site; returns every error, placed, as `citypress validate` would report them. */
async function problems(files: Record<string, string>): Promise<ConfigError[]> {
  return validationErrors(await siteFrom('minimal', files))
}

const where = (e: Pick<ConfigError, 'file' | 'line' | 'column'>) =>
  `${normalize(e.file).replace(/^<tmp>\/site\//, '')}:${e.line}:${e.column}`
const printed = (e: ConfigError) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, '')

describe('config errors', () => {
  it('points a YAML syntax error at its line and column, with a code frame', async () => {
    const [error, ...rest] = await problems({ 'pages/home.yaml': 'path: /\ntitle: "Tidy offices\nsections: []\n' })
    expect(rest).toEqual([])
    expect(error!.code).toBe('yaml-syntax')
    expect(where(error!)).toBe('pages/home.yaml:2:8')
    expect(printed(error!)).toMatchInlineSnapshot(`
      "error[yaml-syntax]: This quoted value has no closing ". This file is not valid YAML, so nothing in it could be read.
        --> pages/home.yaml:2:8
        |
      2 | title: "Tidy offices
        |        ^^^^^^^^^^^^^
      hint: End the value with ", or remove the opening " if the value needs no quotes."
    `)
  })

  it('points an unclosed [ at the bracket, not at the line where YAML gives up', async () => {
    const areas =
      '# yaml-language-server: $schema=../../../../schemas/areas.schema.json\nlists:\n  main:\n    - Springfield, IL\nplaces:\n  Springfield, IL:\n    landmarks: [Capitol, Lincoln Home\n    county: Sangamon County\n    lat: 39.78\n    lng: -89.65\n'
    const [error, ...rest] = await problems({ 'areas.yaml': areas })
    expect(rest).toEqual([])
    expect(printed(error!)).toMatchInlineSnapshot(`
      "error[yaml-syntax]: This [ has no closing ]. This file is not valid YAML, so nothing in it could be read.
        --> areas.yaml:7:16
        |
      7 |     landmarks: [Capitol, Lincoln Home
        |                ^
      hint: End the list with ] on the same line (e.g. tags: [one, two]), or write it as a block, one "- item" per line."
    `)
  })

  it('reports a place with a latitude but no longitude: coordinates come in pairs', async () => {
    const areas =
      '# yaml-language-server: $schema=../../../../schemas/areas.schema.json\nlists:\n  main:\n    - Springfield, IL\nplaces:\n  Springfield, IL:\n    county: Sangamon County\n    lat: 39.78\n'
    const [error, ...rest] = await problems({ 'areas.yaml': areas })
    expect(rest).toEqual([])
    expect(printed(error!)).toMatchInlineSnapshot(`
      "error[missing-key]: \`places.Springfield, IL\` has "lat" but no "lng"; the two only make sense together.
        --> areas.yaml:8:5
        |
      8 |     lat: 39.78
        |     ^^^
      hint: Add "lng" beside "lat", or remove "lat"."
    `)
  })

  it('reports a damaged published-urls.json when the site is read, so validate shows it too', async () => {
    const [error, ...rest] = await problems({ 'published-urls.json': '{"pages": {' })
    expect(rest).toEqual([])
    expect(error!.code).toBe('bad-record')
    expect(error!.file).toMatch(/published-urls\.json$/)
    expect(error!.hint).toBe('Restore it from version control (git checkout), or delete it to start a new record.')
  })

  it('names the expected type when a value has the wrong one', async () => {
    const [error] = await problems({ 'services/office-cleaning.yaml': 'title: Office Cleaning\nsubtitle: [a, b]\ndescription: Offices.\n' })
    expect(error!.code).toBe('wrong-type')
    expect(where(error!)).toBe('services/office-cleaning.yaml:2:11')
    expect(error!.message).toBe('`subtitle` should be a string, not a list.')
    expect(error!.path).toBe('subtitle')
  })

  it('underlines an unknown key and suggests the closest allowed one', async () => {
    const [error] = await problems({
      'pages/contact.yaml': 'path: /contact\ntitle: Contact\nsections:\n  - type: text\n    heading: Contact us\n    bodyy: Write to us.\n',
    })
    expect(printed(error!)).toMatchInlineSnapshot(`
      "error[unknown-key]: Unknown key "bodyy" in \`sections[0]\`.
        --> pages/contact.yaml:6:5
        |
      6 |     bodyy: Write to us.
        |     ^^^^^
      hint: Did you mean "body"?"
    `)
  })

  it('suggests the closest section type when the type is misspelt', async () => {
    const [error] = await problems({ 'pages/contact.yaml': 'path: /contact\ntitle: Contact\nsections:\n  - type: heroo\n    title: Hi\n' })
    expect(error!.code).toBe('bad-value')
    expect(where(error!)).toBe('pages/contact.yaml:4:11')
    expect(error!.hint).toBe('Did you mean "hero"?')
  })

  it('reports a reference to a form, service or area list that does not exist', async () => {
    const errors = await problems({
      'landing.yaml': 'matrix:\n  - areas: mian\n    services: [office-claening]\n',
    })
    expect(errors.map((e) => [e.code, where(e), e.message, e.hint])).toEqual([
      ['missing-reference', 'landing.yaml:2:12', 'There is no area list named "mian" in areas.yaml `lists`.', 'Did you mean "main"?'],
      [
        'missing-reference',
        'landing.yaml:3:16',
        'There is no service named "office-claening" in the services/ folder.',
        'Did you mean "office-cleaning"?',
      ],
    ])
  })

  it('reports an internal link that leads to no page, with the closest address', async () => {
    const [error] = await problems({
      'pages/home.yaml':
        'path: /\ntitle: Home\nsections:\n  - type: cta\n    heading: Talk to us\n    actions:\n      - { label: Contact, href: /contatc }\n',
    })
    expect(error!.code).toBe('broken-link')
    expect(where(error!)).toBe('pages/home.yaml:7:33')
    expect(error!.hint).toBe('Did you mean "/contact"?')
  })

  it('reports a missing image at the YAML line that references it', async () => {
    const [error] = await problems({
      'pages/home.yaml': 'path: /\ntitle: Home\nsections:\n  - type: hero\n    title: Hi\n    image: images/missing.jpg\n',
    })
    expect(error!.code).toBe('file-not-found')
    expect(where(error!)).toBe('pages/home.yaml:6:12')
    expect(error!.message).toBe('The image "images/missing.jpg" does not exist.')
  })

  it('refuses an image that is a symbolic link out of the site folder, at the YAML line', async () => {
    const dir = await siteFrom('minimal', {
      'pages/home.yaml': 'path: /\ntitle: Home\nsections:\n  - type: hero\n    title: Hi\n    image: images/photo.jpg\n',
    })
    const outside = path.join(path.dirname(dir), 'private.jpg')
    await writeFile(outside, 'not for publishing')
    await mkdir(path.join(dir, 'images'), { recursive: true })
    await symlink(outside, path.join(dir, 'images/photo.jpg'))
    const error = await loadSite(dir).then(
      () => undefined,
      (e: BuildFailure) => e.errors[0],
    )
    expect(error!.code).toBe('outside-site')
    expect(where(error!)).toBe('pages/home.yaml:6:12')
    expect(error!.message).toBe(
      `The image "images/photo.jpg" is a symbolic link to ${outside}, outside the site folder, so it is not published.`,
    )
  })

  it('refuses an SVG with a document type declaration at the YAML line that names it (a script is sanitized away instead)', async () => {
    const svg =
      '<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&x;</svg>'
    const [error] = await problems({
      'pages/home.yaml': 'path: /\ntitle: Home\nsections:\n  - type: hero\n    title: Hi\n    image: images/logo.svg\n',
      'images/logo.svg': svg,
    })
    expect(error!.code).toBe('unsafe-svg')
    expect(where(error!)).toBe('pages/home.yaml:6:12')
    expect(error!.message).toBe(
      'The SVG "images/logo.svg" has a <!ENTITY declaration; citypress does not read SVGs with a DTD, whose entities can expand into script.',
    )
  })

  it('reports an image that cannot be decoded', async () => {
    const [error] = await problems({
      'images/broken.jpg': 'not a jpeg at all',
      'pages/home.yaml': 'path: /\ntitle: Home\nsections:\n  - type: hero\n    title: Hi\n    image: images/broken.jpg\n',
    })
    expect(error!.code).toBe('bad-image')
    expect(where(error!)).toBe('pages/home.yaml:6:12')
  })

  it('names both sources when two pages claim the same address', async () => {
    const [error] = await problems({ 'pages/again.yaml': 'path: /contact\ntitle: Again\nsections:\n  - { type: text, body: Hi }\n' })
    expect(error!.code).toBe('duplicate-route')
    expect(where(error!)).toBe('pages/contact.yaml:2:1')
    expect(error!.message).toBe('Two pages would both be written to /contact: this sections page and another sections page.')
    expect(error!.notes?.map((note) => [note.message, where(note)])).toEqual([
      ['The sections page already at /contact comes from here.', 'pages/again.yaml:1:1'],
    ])
  })

  it('reports Markdown front matter errors at the line of the .md file', async () => {
    const [error] = await problems({ 'blog/first.md': '---\ntitle: First\ndate: 2026-13\nexcerpt: Hi\n---\n\nBody.\n' })
    expect(error!.code).toBe('bad-value')
    expect(where(error!)).toBe('blog/first.md:3:7')
    expect(error!.path).toBe('date')
  })

  it('reports a missing required key at the mapping that should hold it', async () => {
    const [error] = await problems({ 'services/office-cleaning.yaml': 'title: Office Cleaning\ndescription: Offices.\n' })
    expect(error!.code).toBe('missing-key')
    expect(error!.message).toBe('Missing key "subtitle" in the top level.')
    expect(where(error!)).toBe('services/office-cleaning.yaml:1:1')
  })

  it('reports every problem of every file in one run', async () => {
    const errors = await problems({
      'services/office-cleaning.yaml': 'title: 3\nsubtitle: Nightly.\ndescription: Offices.\ncolour: blue\n',
      'pages/contact.yaml': 'path: Contact\ntitle: Contact\nsections:\n  - { type: text, body: Hi }\n',
    })
    expect(errors.map((e) => [e.code, where(e)])).toEqual([
      ['bad-value', 'pages/contact.yaml:1:7'],
      ['wrong-type', 'services/office-cleaning.yaml:1:8'],
      ['unknown-key', 'services/office-cleaning.yaml:4:1'],
    ])
  })

  it('says clearly when the folder is not a site', async () => {
    await expect(loadSite('/nonexistent/site')).rejects.toSatisfy(
      (e: BuildFailure) => e.errors[0]!.code === 'site-not-found' && e.errors[0]!.message === 'There is no folder /nonexistent/site.',
    )
  })
})

describe('the read cache', () => {
  const failureOf = (run: Promise<unknown>) =>
    run.then(
      () => [],
      (e: unknown) => {
        if (e instanceof BuildFailure) return e.errors.map(printed)
        throw e
      },
    )

  it('points at the same line and column in a file it did not parse again as a fresh read does', async () => {
    const dir = await siteFrom('landing')
    const cache = { file: path.join(dir, '.citypress/cache/config.json'), version: 'test' }
    await loadSite(dir, { cache })
    expect(JSON.parse(unseal(await readFile(cache.file))!.toString('utf8')).files['landing.yaml']).toBeDefined()
    // landing.yaml is unchanged, so its values come from the cache; the error is in it.
    const forms = await readFile(path.join(dir, 'forms.yaml'), 'utf8')
    await writeFile(path.join(dir, 'forms.yaml'), forms.replace(/^ {2}lead:/m, '  leads:'))
    const cached = await failureOf(loadSite(dir, { cache }))
    const fresh = await failureOf(loadSite(dir))
    expect(cached).toHaveLength(1)
    expect(cached[0]).toContain('landing.yaml:13:9')
    expect(cached[0]).toContain('|   form: lead')
    expect(cached).toEqual(fresh)
  })

  it('reads a file again when its text changes, and never keeps a file with errors', async () => {
    const dir = await siteFrom('minimal')
    const cache = { file: path.join(dir, '.citypress/cache/config.json'), version: 'test' }
    await loadSite(dir, { cache })
    const home = path.join(dir, 'pages/home.yaml')
    const text = await readFile(home, 'utf8')
    await writeFile(home, text.replace(/^title: .*$/m, 'title: [not, a, string]'))
    expect(await failureOf(loadSite(dir, { cache }))).toHaveLength(1)
    expect(await failureOf(loadSite(dir, { cache }))).toHaveLength(1)
    await writeFile(home, text.replace(/^title: .*$/m, 'title: Fresh title'))
    expect((await loadSite(dir, { cache })).pages.find((p) => p.path === '/')!.title).toBe('Fresh title')
  })
})
