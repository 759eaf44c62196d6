import { describe, expect, it, vi } from 'vitest'

// What the process last told V8, caught instead of set: the flag changes this test process's own heap.
const flags: string[] = []
/** What a full collection leaves alive, as the test says. */
let aliveMiB = 40
vi.mock('node:v8', async (original) => {
  const v8 = await original<typeof import('node:v8')>()
  return {
    ...v8,
    setFlagsFromString: (flag: string) => void flags.push(flag),
    getHeapStatistics: () => ({ ...v8.getHeapStatistics(), used_heap_size: aliveMiB * 2 ** 20 }),
  }
})
vi.mock('node:vm', async (original) => ({
  ...(await original<typeof import('node:vm')>()),
  runInNewContext: () => () => {},
}))

const growth = () => flags.filter((f) => f.startsWith('--heap-growing-percent=')).at(-1)

describe("the heap's growth", () => {
  it('is bounded while workers render, and back to V8’s own choice after, in a process that set no bound', async () => {
    vi.resetModules()
    aliveMiB = 30
    const { collectSooner } = await import('../../src/tool/heap-growth.js')
    const first = collectSooner()
    const second = collectSooner()
    expect(growth()).toBe('--heap-growing-percent=70')
    first()
    expect(growth()).toBe('--heap-growing-percent=70')
    second()
    expect(growth()).toBe('--heap-growing-percent=0')
  })

  it("stays at the process's bound through and after a render stage, where the process set one", async () => {
    vi.resetModules()
    aliveMiB = 40
    const { boundHeapGrowth, collectSooner } = await import('../../src/tool/heap-growth.js')
    boundHeapGrowth()
    expect(growth()).toBe('--heap-growing-percent=50')
    const done = collectSooner()
    expect(growth()).toBe('--heap-growing-percent=50')
    done()
    expect(growth()).toBe('--heap-growing-percent=50')
  })

  it('grows by about 24 MiB while workers render where much is alive, however large, and never by less than a tenth', async () => {
    vi.resetModules()
    const { boundHeapGrowth, collectSooner } = await import('../../src/tool/heap-growth.js')
    boundHeapGrowth()
    aliveMiB = 120
    const done = collectSooner()
    expect(growth()).toBe('--heap-growing-percent=20')
    done()
    expect(growth()).toBe('--heap-growing-percent=50')
    aliveMiB = 2000
    collectSooner()()
    expect(flags.filter((f) => f.startsWith('--heap-growing-percent=')).at(-2)).toBe('--heap-growing-percent=10')
  })
})
