import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import type { FileKind } from '../config/checks/schema-validators.js'
import { LOCALES } from '../config/languages/read-translations.js'
import { textFields } from '../config/languages/text-fields.js'
import { parsePointer } from '../config/read/locate.js'

/**
 * Gives a generated bench site a second language (`code`) with every text of site.yaml,
 * forms.yaml, landing.yaml, areas.yaml, the services and the YAML pages translated, so every
 * landing page has its twin: the site a build in two languages is measured on. The "translation"
 * changes each word (the word runs and common words the untranslated check reads are no longer
 * the default language's) and keeps what a page needs as written: `{tokens}`, addresses, Markdown
 * link targets. Markdown pages and posts stay in one language, as a real site's often do.
 */
export async function writeSecondLanguage(siteRoot: string, code: string): Promise<{ files: number }> {
  const services = (await readdir(path.join(siteRoot, 'services'))).filter((f) => f.endsWith('.yaml')).map((f) => `services/${f}`)
  const pages = (await readdir(path.join(siteRoot, 'pages'))).filter((f) => f.endsWith('.yaml')).map((f) => `pages/${f}`)
  const files: [string, FileKind][] = [
    ['site.yaml', 'site'],
    ['forms.yaml', 'forms'],
    ['landing.yaml', 'landing'],
    ['areas.yaml', 'areas'],
    ...services.map((name) => [name, 'service'] as [string, FileKind]),
    ...pages.map((name) => [name, 'page'] as [string, FileKind]),
  ]
  for (const [name, kind] of files) {
    const data = parse(await readFile(path.join(siteRoot, name), 'utf8')) as unknown
    const overlay = overlayOf(data, textFields(kind, data))
    const target = path.join(siteRoot, LOCALES, code, name)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, stringify(overlay, { lineWidth: 0 }))
  }
  const site = path.join(siteRoot, 'site.yaml')
  const text = await readFile(site, 'utf8')
  const language = /^language: *(\S+) *$/m.exec(text)?.[1] ?? 'en-US'
  await writeFile(site, `${text.replace(/^language: .*\n/m, '')}languages: [{ code: ${language} }, { code: ${code} }]\n`)
  return { files: files.length }
}

/** The texts of `data` at `fields`, in its shape: a list as long as its base, an item without text `{}`. */
function overlayOf(data: unknown, fields: readonly { pointer: string }[]): unknown {
  const overlay: Record<string, unknown> = {}
  for (const { pointer } of fields) {
    const keys = parsePointer(pointer)
    let into: Record<string, unknown> | unknown[] = overlay
    let base: unknown = data
    keys.forEach((key, i) => {
      const next = (base as Record<string, unknown>)[key]
      const slot = into as Record<string, unknown>
      if (i === keys.length - 1) slot[key] = translated(next as string)
      else {
        slot[key] ??= Array.isArray(next) ? next.map(() => ({})) : {}
        into = slot[key] as Record<string, unknown>
      }
      base = next
    })
  }
  return overlay
}

/** Each word changed; `{tokens}`, addresses, link targets and numbers left as they are. */
function translated(text: string): string {
  return text.replace(/(\{[^}]*\}|\]\([^)]*\)|\S*[/@#:%.]\w\S*)|([A-Za-z]+)/g, (whole, kept: string | undefined, word: string) =>
    kept ? whole : `${word}o`,
  )
}
