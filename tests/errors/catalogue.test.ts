import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { DiskFull, DuplicateRoute, entries, fail, NoPermission, ReadOnly } from '../../src/errors/catalogue.js'
import { ConfigError } from '../../src/errors/config-error.js'
import { ConfigWarning } from '../../src/errors/config-warning.js'
import { formatConfigError } from '../../src/errors/format.js'
import { planSite } from '../../src/plan/plan-site.js'
import { repoRoot, siteFrom } from '../helpers/site.js'

/** Every error code written in src/ (`code: '…'` or a catalogue entry's). */
async function codesInSource(): Promise<Set<string>> {
  const codes = new Set<string>()
  for (const entry of await readdir(path.join(repoRoot, 'src'), { recursive: true })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.generated.ts') || entry.startsWith('cli')) continue
    const text = await readFile(path.join(repoRoot, 'src', entry), 'utf8')
    for (const [, code] of text.matchAll(/\bcode: '([a-z][a-z-]+)'/g)) codes.add(code!)
  }
  return codes
}

describe('the error catalogue', () => {
  it('has one entry for every code the source uses, and one only', async () => {
    const codes = entries.map((entry) => entry.code)
    const missing = [...(await codesInSource())].filter((code) => !codes.includes(code as never))
    expect(missing, 'add these codes to src/errors/catalogue.ts').toEqual([])
    expect(
      codes.filter((code, i) => codes.indexOf(code) !== i),
      'merge the entries of these codes',
    ).toEqual([])
  })

  it("gives every entry a title, a stage and cases, each with a message and its entry's code", () => {
    for (const entry of entries) {
      const cases = Object.values(entry.cases) as readonly { code: string; message: unknown }[]
      expect([entry.code, entry.title.length > 0, entry.stage.length > 0, cases.length > 0]).toEqual([entry.code, true, true, true])
      for (const data of cases) expect([entry.code, typeof data.message, data.code]).toEqual([entry.code, 'function', entry.code])
    }
  })

  it('holds every problem text: no other module writes a message or hint of its own', async () => {
    const writers: string[] = []
    for (const entry of await readdir(path.join(repoRoot, 'src'), { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.startsWith('errors')) continue
      const text = await readFile(path.join(repoRoot, 'src', entry), 'utf8')
      for (const found of text.matchAll(/new Config(?:Error|Warning)\(\{[^;]{0,600}?\b(?:message|hint): *[`'"]/g)) {
        writers.push(`${entry}:${text.slice(0, found.index).split('\n').length}`)
      }
    }
    expect(writers, 'write these texts as entries of src/errors/catalogue.ts').toEqual([])
  })

  it('holds every text preview and its editor answer over HTTP or print: none is written in their HTTP modules', async () => {
    const http = [
      'preview/server.ts',
      'preview/respond.ts',
      'preview/served.ts',
      'preview/host-headers.ts',
      'preview/request-guard.ts',
      'preview/form-capture.ts',
      'editor/http.ts',
    ]
    const handlers = (await readdir(path.join(repoRoot, 'src/preview/handlers'))).map((name) => `preview/handlers/${name}`)
    expect(handlers.length).toBeGreaterThan(0)
    // A text in a body, a JSON reason, a refusal, or a line for the terminal (a line passed on with
    // its newline is none); the catalogue's `.text()` is how they are written.
    const written =
      /\b(?:body|reason): *[`'"](?=[^`'"])|\b(?:answer|send)\(res, [^,]+, [^,]+, *[`'"]|\brefuse\(res, \d+, *[`'"]|\banswerHtml\(res, [^,]+, *[`'"]|\b(?:out|err|logBug\?\.|log)\( *[`'"](?!\$\{\w+\}(?:\\n)?`)|new Error\( *[`'"]/g
    const writers: string[] = []
    for (const entry of [...http, ...handlers]) {
      const text = await readFile(path.join(repoRoot, 'src', entry), 'utf8')
      for (const found of text.matchAll(written)) writers.push(`${entry}:${text.slice(0, found.index).split('\n').length}`)
    }
    expect(writers, 'write these texts as entries of the "Preview and editor HTTP answers" block of src/errors/catalogue.ts').toEqual([])
  })

  it('prints an entry with its message and hint, from data alone', () => {
    const where = { file: 'dist/index.html' }
    expect(formatConfigError(fail(DiskFull, where, 'dist/index.html', false), { color: false })).toBe(
      [
        'error[disk-full]: The disk is full: citypress could not write dist/index.html.',
        '  --> dist/index.html',
        'hint: Free some space on that disk, or build into a folder on another disk with --out; then build again. The previous output was left as it was.',
      ].join('\n'),
    )
    expect(fail(ReadOnly, where, 'dist').message).toBe('dist is on a read-only file system, so citypress cannot write there.')
    expect(fail(NoPermission, where, 'dist', 'delete').message).toBe('citypress is not allowed to delete dist (permission denied).')
  })

  it('prints each note under the error with its own place and frame, and keeps notes in its data', () => {
    const at = {
      file: 'pages/contact.yaml',
      line: 1,
      column: 7,
      length: 8,
      lineText: 'path: /contact',
      also: [{ file: 'pages/again.yaml', line: 12, column: 7, length: 8, lineText: 'path: /contact' }],
    }
    const error = fail(DuplicateRoute, at, '/contact', 'sections', 'sections')
    expect(formatConfigError(error, { color: false })).toBe(
      [
        'error[duplicate-route]: Two pages would both be written to /contact: this sections page and another sections page.',
        '  --> pages/contact.yaml:1:7',
        '  |',
        '1 | path: /contact',
        '  |       ^^^^^^^^',
        'note: The sections page already at /contact comes from here.',
        '  --> pages/again.yaml:12:7',
        '   |',
        '12 | path: /contact',
        '   |       ^^^^^^^^',
        'hint: Give one of them a different path (or, for a service, a different file name).',
      ].join('\n'),
    )
    expect(error.toJSON().notes).toEqual([{ message: 'The sections page already at /contact comes from here.', ...at.also[0] }])
    expect('notes' in fail(DuplicateRoute, { file: 'pages/contact.yaml' }, '/contact', 'sections', 'sections').toJSON()).toBe(false)
  })

  it('keeps warnings apart from errors: a file citypress does not read is a warning, never thrown', async () => {
    const site = await siteFrom('minimal', { 'notes.yaml': 'todo: call the printer\n' })
    const loaded = await loadSite(site)
    expect(loaded.warnings.map((w) => [w.code, w instanceof ConfigWarning, w instanceof ConfigError])).toEqual([
      ['unknown-file', true, false],
    ])
  })

  it('prints the plan stage’s entries from data: a link that leads nowhere, a post file name that cannot be an address', async () => {
    const post = '---\ntitle: Spring\ndate: 2026-03-01\nexcerpt: What to do in March.\n---\n\nMow high.\n'
    const page =
      'path: /why\ntitle: Why us\nsections:\n  - type: hero\n    title: Why us\n    actions:\n      - { label: Prices, href: /pricess }\n'
    const site = await siteFrom('landing', { 'blog/Spring Tips.md': post, 'pages/why.yaml': page })
    const { errors } = planSite(await loadSite(site))
    expect(errors.map((e) => [e.code, e.message, e.hint])).toEqual(
      expect.arrayContaining([
        [
          'bad-slug',
          'The post file name "Spring Tips" cannot be a URL segment.',
          'Rename the file with lower-case letters, digits and hyphens, e.g. blog/spring-roof-checklist.md.',
        ],
        [
          'broken-link',
          'The link /pricess leads nowhere: no page of this site has the address /pricess.',
          'Run `citypress routes` to list every address.',
        ],
      ]),
    )
  })
})
