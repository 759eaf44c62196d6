import type { LineShelf } from '../cache/line-shelf.js'
import type { PageQuality } from '../plan/landing-quality.js'
import type { BuildPlan, RenderPlan } from '../plan/plan-site.js'

/**
 * A plan with what only the end of a build reads put aside: every landing page's identity and
 * its gate verdict, in every language, read again by the published-URL record, the report and
 * the build's result once the pages are out. At 50,000 pages they were 13 MB of the main thread's
 * heap, held through rendering, where the build peaks.
 */
export interface PlanAside {
  /** The plan as rendering and the checks read it. */
  readonly plan: RenderPlan
  /**
   * The whole plan again, read back each time it is asked: a caller that needs it twice, with
   * other work between, need not hold it meanwhile.
   */
  whole(): BuildPlan
}

/**
 * Puts `plan`'s landing pages and gates on `shelf` (cache/line-shelf.ts), one JSON line each;
 * without a shelf (no cache folder) they stay in memory. The shelf's owner closes it.
 */
export function setPlanAside(plan: BuildPlan, shelf: LineShelf | undefined): PlanAside {
  return shelf ? shelved(plan, shelf) : { plan, whole: () => plan }
}

/** A separate function so that `whole`'s closure cannot hold the plan it was given. */
function shelved(given: BuildPlan, shelf: LineShelf): PlanAside {
  const { landingPages, landingQuality, editions, ...rest } = given
  const gates = [landingQuality, ...editions.map((e) => e.landingQuality)]
  const lists = [landingPages, ...gates.flatMap((gate) => [gate.pages, gate.weakest])]
  for (const list of lists) for (const item of list) shelf.put(JSON.stringify(item))
  const lengths = lists.map((list) => list.length)
  const settings = gates.map((gate) => gate.settings)
  const plan: RenderPlan = { ...rest, editions: editions.map(({ landingQuality: _quality, ...edition }) => edition) }
  return {
    plan,
    whole() {
      const lines = shelf.lines()
      const next = () => {
        const line = lines.next()
        if (line.done) throw new Error('The plan put aside ended early.')
        return JSON.parse(line.value)
      }
      const [pages, ...verdicts] = lengths.map((length) => Array.from({ length }, next))
      const gate = (i: number): BuildPlan['landingQuality'] => ({
        pages: verdicts[2 * i] as PageQuality[],
        weakest: verdicts[2 * i + 1] as PageQuality[],
        settings: settings[i]!,
      })
      return {
        ...plan,
        landingPages: pages as BuildPlan['landingPages'],
        landingQuality: gate(0),
        editions: plan.editions.map((edition, i) => ({ ...edition, landingQuality: gate(i + 1) })),
      }
    },
  }
}
