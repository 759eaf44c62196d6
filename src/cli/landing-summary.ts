import type { BuildResult } from '../build/index.js'
import { hiddenPagesText, type LandingSummary } from '../build/summary.js'
import { hostRules } from '../config/presets/hosts.js'
import type { SiteInput } from '../config/site-input.generated.js'
import { type Io, paint } from './io.js'

/**
 * What `citypress build` says about landing pages: how many are indexable, the weakest few with
 * the reason (the quality gate, src/plan/landing-quality.ts), and every 301 written for a landing
 * page that moved, so a rename is never silent.
 */
export function formatLandingSummary(io: Io, landing: LandingSummary, host?: SiteInput['host']): string {
  const { built, noindex, optedIn, weakest, settings } = landing
  const lines: string[] = []
  if (built > 0) {
    const summary = `Landing pages: ${built} built, ${built - noindex} indexed${noindex ? `, ${paint(io, 'yellow', `${noindex} noindex (left out of the sitemap)`)}` : ''}${optedIn ? `, ${optedIn} indexed by opt-in although weak` : ''}.`
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
  if (landing.paragraphsToWrite.length > 0) {
    lines.push('  Local paragraphs to write (areas.yaml places.<area>.local, about your work there); each lets its pages into search:')
    for (const area of landing.paragraphsToWrite) lines.push(`    ${hiddenPagesText(area, landing.settings.minLocalWords)}`)
  }
  // Another language's pages are judged against their own siblings, and its paragraphs are its own.
  for (const language of landing.languages) {
    if (language.built === 0) continue
    const hidden = language.noindex ? `, ${paint(io, 'yellow', `${language.noindex} noindex (left out of the sitemap)`)}` : ''
    lines.push(`Landing pages in ${language.code}: ${language.built} built, ${language.built - language.noindex} indexed${hidden}.`)
    if (language.paragraphsToWrite.length > 0) {
      lines.push(`  Local paragraphs to write (locales/${language.code}/areas.yaml places.<area>.local); each lets its pages into search:`)
      for (const area of language.paragraphsToWrite) lines.push(`    ${hiddenPagesText(area, language.settings.minLocalWords)}`)
    }
  }
  lines.push(...redirectLines(io, landing.redirects, host))
  if (landing.recordUpdated) lines.push('  published-urls.json updated: commit it with the site.')
  return lines.length ? `${lines.join('\n')}\n` : ''
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
