import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { build } from '../../src/build/index.js'
import { en } from '../../src/config/messages/en.js'
import { fixture, validationErrors } from '../helpers/site.js'
import { warmSiteFrom } from '../helpers/warm-fixture.js'

// site.yaml `language` picks citypress's own words; messages.yaml puts the site's words over them.
const siteYaml = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
const withLanguage = (language: string) => `${siteYaml}language: ${language}\n`
const pageOf = (files: readonly { path: string; contents: string | Uint8Array }[], file: string) =>
  String(files.find((f) => f.path === file)?.contents)

describe("a site's own words", () => {
  it("replace citypress's entries on every page and in the forms' default messages", async () => {
    const site = await warmSiteFrom('minimal', {
      'messages.yaml': 'skipToContent: Jump to the quote form\nformSuccessTitle: Got it!\nnotFoundHeading: Nothing lives here.\n',
    })
    const { files } = await build({ site, write: false, cacheDir: false })
    const home = pageOf(files, 'index.html')
    expect(home).toContain('Jump to the quote form')
    expect(home).not.toContain('Skip to content')
    expect(pageOf(files, '404.html')).toContain('<h1>Nothing lives here.</h1>')
    expect(files.filter((f) => f.path.endsWith('.html') && String(f.contents).includes('Got it!')).length).toBeGreaterThan(0)
  })

  it('are refused at their line when the key is unknown or the text names a value citypress does not fill in', async () => {
    const site = await warmSiteFrom('minimal', {
      'messages.yaml': 'skipToContnet: Jump\npageOf: "Page {page} of {total}"\nshareText:\n  other: "Read {titel}"\n',
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => [e.code, e.file.endsWith('messages.yaml'), e.line])).toEqual([
      ['unknown-key', true, 1],
      ['bad-message', true, 2],
      ['bad-message', true, 4],
    ])
    expect(errors[0]!.hint).toContain('skipToContent')
    expect(errors[1]!.message).toContain('{total}')
    expect(errors[1]!.hint).toBe('This message can use {page}, {count}.')
  })
})

describe('the language of a site', () => {
  it.each([
    ['en_US', 'is not a language tag'],
    ['xx', 'knows no dates, numbers or plural rules'],
    ['ar', 'is written right to left'],
    ['fr-CA', 'in English and Spanish only, and messages.yaml gives 5'],
  ])('"%s" is an error at site.yaml\'s language line that says why', async (language, why) => {
    const site = await warmSiteFrom('minimal', {
      'site.yaml': withLanguage(language),
      ...(language === 'fr-CA'
        ? {
            'messages.yaml': stringify(
              Object.fromEntries(
                Object.keys(en)
                  .slice(5)
                  .map((k) => [k, 'Texte']),
              ),
            ),
          }
        : {}),
    })
    const errors = await validationErrors(site)
    expect(errors.map((e) => [e.code, path.basename(e.file), e.path])).toEqual([['bad-language', 'site.yaml', 'language']])
    expect(errors[0]!.line).toBe(siteYaml.split('\n').length)
    expect(errors[0]!.message).toContain(why)
  })

  it('may be one citypress ships no words for, when messages.yaml gives every entry', async () => {
    const french = Object.fromEntries(Object.keys(en).map((key) => [key, `Mot français ${key}`]))
    const site = await warmSiteFrom('minimal', { 'site.yaml': withLanguage('fr-CA'), 'messages.yaml': stringify(french) })
    const { files } = await build({ site, write: false, cacheDir: false })
    const home = pageOf(files, 'index.html')
    expect(home).toContain('<html lang="fr-CA"')
    expect(home).toContain('Mot français skipToContent')
    for (const words of ['Skip to content', 'Open menu', 'All rights reserved']) expect(home).not.toContain(words)
  })
})
