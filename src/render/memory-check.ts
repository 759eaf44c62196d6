import { getHeapStatistics } from 'node:v8'
import { fail, OutOfMemory } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'

/**
 * What planning and rendering hold on this thread, calibrated on the bench's generated site
 * (bin/bench.mjs: 10,000 landing pages) by lowering --max-old-space-size until each stage died,
 * with some room above. V8 that runs out of heap aborts the process with a native stack; a build
 * that would need more than Node.js may use stops first instead, saying how much it needs.
 */
const needs = {
  /** Per listed place × service. */
  planning: { baseMb: 56, perUnitKb: 5 },
  /** Per page to render. */
  rendering: { baseMb: 96, perUnitKb: 12 },
}

/**
 * An error when `work` on `units` (see `needs`) would exceed this process's heap limit; `what`
 * names the work for the message, e.g. "rendering 10,107 pages".
 */
export function checkHeapFor(work: keyof typeof needs, units: number, what: string): ConfigError | undefined {
  const limitMb = Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20)
  const neededMb = Math.ceil(needs[work].baseMb + (units * needs[work].perUnitKb) / 1024)
  if (limitMb >= neededMb) return undefined
  return fail(OutOfMemory, { file: '(memory limit)' }, what, limitMb, neededMb)
}
