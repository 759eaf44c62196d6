import { describe, expect, it } from 'vitest'
import { stageClock } from '../../src/build/stage-clock.js'
import { collectNow } from '../../src/tool/heap-growth.js'

const MiB = 2 ** 20

describe("the build's stage clock", () => {
  it('reports the peak of a stage that holds memory only while it runs without a pause', async () => {
    const { timings, time } = stageClock()
    // Above anything this process held before, so that its high-water mark rises.
    const size = Math.max(0, process.resourceUsage().maxRSS * 1024 - process.memoryUsage.rss()) + 160 * MiB
    const before = process.memoryUsage.rss()
    await time('config', () => {
      // Touched, so resident, and let go before the stage ends: no sample can run meanwhile.
      let held: Buffer | undefined = Buffer.alloc(size, 1)
      expect(held[size - 1]).toBe(1)
      held = undefined
      collectNow()
    })
    // V8 frees a collected buffer's memory on a thread of its own, which a busy machine may run late.
    for (let waited = 0; process.memoryUsage.rss() >= before + size / 2 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(process.memoryUsage.rss()).toBeLessThan(before + size / 2)
    expect(timings.config.peakMiB * MiB).toBeGreaterThan(before + size * 0.9)
    // A stage after it did not reach that peak and does not report it.
    await time('plan', () => undefined)
    expect(timings.plan.peakMiB * MiB).toBeLessThan(before + size / 2)
  })
})
