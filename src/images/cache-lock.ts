import { open, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/** A lock older than this belongs to a build that died; take it over. */
const staleAfterMs = 120_000
const pollMs = 100

/**
 * Claims the right to encode one cache entry, so builds running at the same time on the same site
 * (parallel test files, a preview beside a build) encode each variant once instead of once each.
 * Resolves to a release function, or to the bytes another build produced while we waited.
 */
export async function claimOrWait(cacheDir: string, key: string): Promise<{ release: () => Promise<void> } | { bytes: Uint8Array }> {
  const lock = path.join(cacheDir, `.${key}.lock`)
  for (;;) {
    try {
      await (await open(lock, 'wx')).close()
      return { release: () => rm(lock, { force: true }) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const bytes = await waitForEntry(path.join(cacheDir, key), lock)
    if (bytes) return { bytes }
    // The other build gave up (its lock is gone or stale) without writing the entry: try again.
    await rm(lock, { force: true }).catch(() => undefined)
  }
}

async function waitForEntry(file: string, lock: string): Promise<Uint8Array | undefined> {
  for (;;) {
    const bytes = await readFile(file).catch(() => undefined)
    if (bytes) return bytes
    const held = await stat(lock).catch(() => undefined)
    // Gone: the other build finished (read once more, it may have written just now) or gave up.
    if (!held) return readFile(file).catch(() => undefined)
    if (Date.now() - held.mtimeMs > staleAfterMs) return undefined
    await new Promise((done) => setTimeout(done, pollMs))
  }
}
