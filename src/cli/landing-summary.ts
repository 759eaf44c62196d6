import type { BuildResult } from '../build/index.js'
import { type GateSummary, hiddenPagesText, type LandingSummary } from '../build/summary.js'
import { hostRules } from '../config/presets/hosts.js'
import type { SiteInput } from '../config/site-input.generated.js'
import { type Io, paint } from './io.js'

/**
 * What `citypress build` says about landing pages: how many are indexable, the weakest few with
 * the reason (the quality gate, src/plan/landing-quality.ts), and every 301 written for a landing
 * page that moved, so a rename is never silent.
 */
export function formatLandingSummary(io: Io, landing: LandingSummary, host?: SiteInput['host']): string {
  const { built, optedIn, weakest, settings } = landing
  const lines: string[] = []
  if (built > 0) {
    const summary = `Landing pages: ${counts(io, landing)}${optedIn ? `, ${optedIn} indexed by opt-in although weak` : ''}.`
    lines.push(summary)
    if (weakest.length > 0) {
      lines.push(
        `  Weakest (gate: local paragraph ≥ ${settings.minLocalWords} words, ≤ ${Math.round(settings.maxSimilarity * 100)}% alike a sibling${settings.minWords ? `, ≥ ${settings.minWords} words` : ''}):`,
      )
      const width = Math.max(...weakest.map((p) => p.url.length))
      for (const p of weakest) {
        const verdict = p.reasons.length === 0 ? 'passes' : p.indexable ? 'fails, indexed by opt-in' : paint(io, 'yellow', 'noindex')
        const why = p.reasons.length ? p.reasons.join('; ') : `nearest sibling ${p.nearest ?? '–'} ${Math.round(p.similarity * 100)}% alike`
        lines.push(`  ${String(p.score).padStart(3)}  ${p.url.padEnd(width)}  ${verdict}: ${why}; ${p.words} words, ${p.localWords} local`)
      }
    }
  }
  lines.push(...paragraphLines(landing, 'areas.yaml places.<area>.local, about your work there'))
  // Another language's pages are judged against their own siblings, and its paragraphs are its own.
  for (const language of landing.languages) {
    if (language.built === 0) continue
    lines.push(`Landing pages in ${language.code}: ${counts(io, language)}.`)
    lines.push(...paragraphLines(language, `locales/${language.code}/areas.yaml places.<area>.local`))
  }
  lines.push(...redirectLines(io, landing.redirects, host))
  if (landing.recordUpdated) lines.push('  published-urls.json updated: commit it with the site.')
  return lines.length ? `${lines.join('\n')}\n` : ''
}

/** "18 built, 16 indexed, 2 noindex (left out of the sitemap)" of one language's gate. */
function counts(io: Io, { built, noindex }: GateSummary): string {
  return `${built} built, ${built - noindex} indexed${noindex ? `, ${paint(io, 'yellow', `${noindex} noindex (left out of the sitemap)`)}` : ''}`
}

/** Each town whose paragraph holds one language's pages back, under where that paragraph is written. */
function paragraphLines({ paragraphsToWrite, settings }: GateSummary, where: string): string[] {
  if (paragraphsToWrite.length === 0) return []
  return [
    `  Local paragraphs to write (${where}); each lets its pages into search:`,
    ...paragraphsToWrite.map((area) => `    ${hiddenPagesText(area, settings.minLocalWords)}`),
  ]
}

/**
 * Every published landing page that is no longer built, with where it now leads and why: planned
 * by plan/, so `build`, `validate` and `routes` say the same before anything is written.
 */
export function redirectLines(io: Io, redirects: BuildResult['landing']['redirects'], host?: SiteInput['host']): string[] {
  if (redirects.length === 0) return []
  const how = hostRules(host).readsRedirects ? '301 in _redirects' : 'a redirect page at each old address'
  return [
    `${paint(io, 'yellow', '↪')} ${redirects.length} published landing page${redirects.length === 1 ? '' : 's'} no longer built; ${how}:`,
    ...redirects.map((r) => `  ${r.from} → ${r.to}  (${r.reason})`),
  ]
}
