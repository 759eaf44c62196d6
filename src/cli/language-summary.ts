import type { LanguageCoverage } from '../plan/plan-languages.js'

/**
 * What a build says of the site's other languages: per language, how many pages of each kind it
 * has of the default language's. The texts still to translate are warnings of their own, each
 * at its line (config/languages/edition.ts translationGaps).
 */
export function coverageLines(coverage: readonly LanguageCoverage[]): string[] {
  return coverage.map(({ code, kinds }) => {
    const built = kinds.reduce((sum, k) => sum + k.built, 0)
    const base = kinds.reduce((sum, k) => sum + k.base, 0)
    const byKind = kinds.map((k) => `${k.kind} ${k.built}/${k.base}`).join(', ')
    return `Language ${code}: ${built} of ${base} pages translated (${byKind}).`
  })
}
