/** Types of bin/axe-check.mjs, for the tests that run axe-core. */
export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly targets: readonly string[]
}

export function axeInPage(): Promise<AxeViolation[]>
