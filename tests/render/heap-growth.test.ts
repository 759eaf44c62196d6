import { describe, expect, it, vi } from 'vitest'

// What the process last told V8, caught instead of set: the flag changes this test process's own heap.
const flags: string[] = []
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => void flags.push(flag),
}))
vi.mock('node:vm', async (original) => ({
  ...(await original<typeof import('node:vm')>()),
  runInNewContext: () => () => {},
}))

const growth = () => flags.filter((f) => f.startsWith('--heap-growing-percent=')).at(-1)

describe("the heap's growth", () => {
  it('is bounded while workers render, and back to V8’s own choice after, in a process that set no bound', async () => {
    vi.resetModules()
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
    const { boundHeapGrowth, collectSooner } = await import('../../src/tool/heap-growth.js')
    boundHeapGrowth()
    expect(growth()).toBe('--heap-growing-percent=50')
    const done = collectSooner()
    expect(growth()).toBe('--heap-growing-percent=50')
    done()
    expect(growth()).toBe('--heap-growing-percent=50')
  })
})
