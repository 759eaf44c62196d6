/**
 * Runs `run` on every item, at most `limit` at a time, in order of starting: for work in the
 * thousands (image variants, a folder's entries) that would hold every request in memory if all
 * were started at once.
 */
export async function runAll<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
