import { originOf } from './read/locate.js'
import type { YamlSource } from './read/read-yaml.js'
import type { SiteInput } from './site-input.generated.js'
import type { BudgetAsset, BudgetRule } from './site-model.js'

export type { BudgetAsset, BudgetRule }

const assets: readonly BudgetAsset[] = ['html', 'css', 'js', 'images']
const units: Record<string, number> = { B: 1, kB: 1000, KB: 1000, MB: 1_000_000 }

/**
 * site.yaml `budgets` as flat rules (the schema already checked their shape), each pointing at
 * its own value so a failing budget underlines the limit that was exceeded.
 */
export function normalizeBudgets(input: SiteInput, source: YamlSource): BudgetRule[] {
  const rules: BudgetRule[] = []
  for (const [kind, budget] of Object.entries(input.budgets ?? {})) {
    if (!budget) continue
    for (const asset of assets) {
      const written = budget[asset]
      if (!written) continue
      const [, amount, unit] = /^(\d+(?:\.\d+)?)\s*(B|kB|KB|MB)$/.exec(written)!
      const pointer = `/budgets/${kind}/${asset}`
      rules.push({
        kind,
        asset,
        written,
        limit: Math.round(Number(amount) * units[unit!]!),
        level: budget.level ?? 'warn',
        origin: originOf(source, pointer, 'value'),
      })
    }
  }
  return rules
}
