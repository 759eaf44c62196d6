import type { LanguageCoverage } from '../plan/plan-languages.js'

/**
 * What a build says of the site's other languages: per language, a table of the pages of each
 * kind it has of the default language's, then each text still to translate at its line in the
 * base file, under the translation file to write it in. (Each translation file's texts are also
 * one warning, at the first of them: config/languages/edition.ts translationGaps.)
 */
export function coverageLines(coverage: readonly LanguageCoverage[]): string[] {
  return coverage.flatMap(({ code, kinds, missing }) => {
    const built = kinds.reduce((sum, k) => sum + k.built, 0)
    const base = kinds.reduce((sum, k) => sum + k.base, 0)
    const width = Math.max('page kind'.length, ...kinds.map((k) => k.kind.length))
    const lines = [
      `Language ${code}: ${built} of ${base} pages translated.`,
      `  ${'page kind'.padEnd(width)}  built  missing`,
      ...kinds.map((k) => `  ${k.kind.padEnd(width)}  ${String(k.built).padStart(5)}  ${String(k.base - k.built).padStart(7)}`),
    ]
    if (missing.length === 0) return lines
    lines.push(
      `  ${missing.length} text${missing.length === 1 ? '' : 's'} to translate, under the file to write ${missing.length === 1 ? 'it' : 'them'} in:`,
    )
    const at = (text: (typeof missing)[number]) => `${text.file}:${text.line}`
    const atWidth = Math.max(...missing.map((text) => at(text).length))
    let current: string | undefined
    for (const text of missing) {
      if (text.translation !== current) lines.push(`    ${(current = text.translation)}`)
      lines.push(`      ${at(text).padEnd(atWidth)}  ${text.field}`)
    }
    return lines
  })
}
