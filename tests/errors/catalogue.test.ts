import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { planSite } from '../../src/plan/plan-site.js'
import { DiskFull, fail, NoPermission, ReadOnly, titles } from '../../src/errors/catalogue.js'
import { ConfigError } from '../../src/errors/config-error.js'
import { ConfigWarning } from '../../src/errors/config-warning.js'
import { formatConfigError } from '../../src/errors/format.js'
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
  it('has a title for every code the source uses', async () => {
    const missing = [...await codesInSource()].filter((code) => !(code in titles))
    expect(missing, 'add these codes to src/errors/catalogue.ts').toEqual([])
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
    const http = ['preview/server.ts', 'preview/respond.ts', 'preview/served.ts', 'preview/host-headers.ts', 'preview/request-guard.ts', 'preview/form-capture.ts', 'editor/http.ts']
    const handlers = (await readdir(path.join(repoRoot, 'src/preview/handlers'))).map((name) => `preview/handlers/${name}`)
    expect(handlers.length).toBeGreaterThan(0)
    // A text in a body, a JSON reason, a refusal, or a line for the terminal; the catalogue's `.text()` is how they are written.
    const written = /\b(?:body|reason): *[`'"](?=[^`'"])|\b(?:answer|send)\(res, [^,]+, [^,]+, *[`'"]|\brefuse\(res, \d+, *[`'"]|\banswerHtml\(res, [^,]+, *[`'"]|\b(?:out|err|logBug\?\.|log)\( *[`'"]|new Error\( *[`'"]/g
    const writers: string[] = []
    for (const entry of [...http, ...handlers]) {
      const text = await readFile(path.join(repoRoot, 'src', entry), 'utf8')
      for (const found of text.matchAll(written)) writers.push(`${entry}:${text.slice(0, found.index).split('\n').length}`)
    }
    expect(writers, 'write these texts as entries of the "Preview and editor HTTP answers" block of src/errors/catalogue.ts').toEqual([])
  })

  it('prints an entry with its message and hint, from data alone', () => {
    const where = { file: 'dist/index.html' }
    expect(formatConfigError(fail(DiskFull, where, 'dist/index.html', false), { color: false })).toBe([
      'error[disk-full]: The disk is full: citypress could not write dist/index.html.',
      '  --> dist/index.html',
      'hint: Free some space on that disk, or build into a folder on another disk with --out; then build again. The previous output was left as it was.',
    ].join('\n'))
    expect(fail(ReadOnly, where, 'dist').message).toBe('dist is on a read-only file system, so citypress cannot write there.')
    expect(fail(NoPermission, where, 'dist', 'delete').message).toBe('citypress is not allowed to delete dist (permission denied).')
  })

  it('keeps warnings apart from errors: a file citypress does not read is a warning, never thrown', async () => {
    const site = await siteFrom('minimal', { 'notes.yaml': 'todo: call the printer\n' })
    const loaded = await loadSite(site)
    expect(loaded.warnings.map((w) => [w.code, w instanceof ConfigWarning, w instanceof ConfigError])).toEqual([['unknown-file', true, false]])
  })

  it('prints the plan stage’s entries from data: a link that leads nowhere, a post file name that cannot be an address', async () => {
    const post = '---\ntitle: Spring\ndate: 2026-03-01\nexcerpt: What to do in March.\n---\n\nMow high.\n'
    const page = 'path: /why\ntitle: Why us\nsections:\n  - type: hero\n    title: Why us\n    actions:\n      - { label: Prices, href: /pricess }\n'
    const site = await siteFrom('landing', { 'blog/Spring Tips.md': post, 'pages/why.yaml': page })
    const { errors } = planSite(await loadSite(site))
    expect(errors.map((e) => [e.code, e.message, e.hint])).toEqual(expect.arrayContaining([
      ['bad-slug', 'The post file name "Spring Tips" cannot be a URL segment.', 'Rename the file with lower-case letters, digits and hyphens, e.g. blog/spring-roof-checklist.md.'],
      ['broken-link', 'The link /pricess leads nowhere: no page of this site has the address /pricess.', 'Run `citypress routes` to list every address.'],
    ]))
  })
})
