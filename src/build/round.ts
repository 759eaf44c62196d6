import { type LoadSiteOptions, readSite, type SiteRound } from '../config/load-site.js'
import { placeReported } from '../config/read/place-problems.js'
import type { SiteConfig } from '../config/site-model.js'
import { BuildFailure } from '../errors/config-error.js'
import { type BuildPlan, planSite } from '../plan/plan-site.js'

// One round: the config stage reads every file it can and the plan runs on what it read, so that
// mistakes in independent files are reported together, and the build fails once with them all.

/**
 * A site loaded and planned, as `validate`, `routes` and the React floor need it: throws a
 * BuildFailure with every error placed at its line; warnings are left for the caller to place.
 */
export async function loadAndPlan(
  siteDir: string,
  overlay?: ReadonlyMap<string, string | null>,
  options: Pick<LoadSiteOptions, 'strictTranslations'> = {},
): Promise<{ readonly site: SiteConfig; readonly plan: BuildPlan }> {
  return placeReported(
    (async () => {
      const round = await readSite(siteDir, { overlay, ...options })
      const site = siteOf(round)
      const plan = planSite(site)
      failRound(round, plan)
      return { site, plan, warnings: [] }
    })(),
  )
}

/** The config round's site; without one (site.yaml could not be used) its errors are all there is to tell. */
export function siteOf(round: SiteRound): SiteConfig {
  if (!round.site) throw new BuildFailure(round.errors)
  return round.site
}

/**
 * Fails once with everything the config round and the plan found, warnings included. When the
 * config left a file out for its errors, what the plan finds missing may be in that file: then
 * only the plan's problems that cannot follow from a missing file are added (headings, duplicate
 * addresses, file names), so one mistake is told once.
 */
export function failRound(round: SiteRound, plan: BuildPlan): void {
  const standalone = (p: { readonly code: string }) => !round.partial || independentCodes.has(p.code)
  const errors = [...round.errors, ...plan.errors.filter(standalone)]
  if (errors.length === 0) return
  throw new BuildFailure(errors, [...round.site!.warnings, ...plan.warnings.filter(standalone)])
}

const independentCodes = new Set(['heading-skip', 'missing-h1', 'duplicate-route', 'bad-slug'])
