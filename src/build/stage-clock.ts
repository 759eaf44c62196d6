import type { StageName, StageTiming } from './summary.js'

/** Times `run` as (a part of) `stage`, adding its wall, CPU and peak to the stage's. */
export type StageTime = <T>(stage: StageName, run: () => T | Promise<T>) => Promise<T>

/** What each stage took (summary.ts StageTiming); a stage may be timed in several parts (output: the up-to-date check and the commit). */
export function stageClock(): { readonly timings: Record<StageName, StageTiming>; readonly time: StageTime } {
  const stages: readonly StageName[] = ['config', 'plan', 'assets', 'images', 'render', 'check', 'output']
  const timings = Object.fromEntries(stages.map((s) => [s, { ms: 0, cpuMs: 0, peakMiB: 0 }])) as Record<StageName, StageTiming>
  // The parts being timed now, each with its highest resident memory so far (bytes).
  const running = new Set<{ peak: number }>()
  // A sample every 50 ms misses a peak shorter than that, and any while a stage runs without a
  // pause (reading a large YAML file). The process's own high-water mark does not: when it has
  // risen since it was last read, the parts running meanwhile reached it.
  let highest = process.resourceUsage().maxRSS
  const sample = () => {
    const rss = process.memoryUsage.rss()
    const mark = process.resourceUsage().maxRSS
    for (const part of running) part.peak = Math.max(part.peak, rss, mark > highest ? mark * 1024 : 0)
    highest = Math.max(highest, mark)
  }
  const time: StageTime = async (stage, run) => {
    const start = performance.now()
    const cpu = process.cpuUsage()
    sample()
    const part = { peak: process.memoryUsage.rss() }
    running.add(part)
    const sampler = setInterval(sample, 50).unref()
    try {
      return await run()
    } finally {
      clearInterval(sampler)
      sample()
      running.delete(part)
      const used = process.cpuUsage(cpu)
      const before = timings[stage]
      timings[stage] = {
        ms: before.ms + performance.now() - start,
        cpuMs: before.cpuMs + (used.user + used.system) / 1000,
        peakMiB: Math.max(before.peakMiB, part.peak / 2 ** 20),
      }
    }
  }
  return { timings, time }
}
