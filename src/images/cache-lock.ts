import path from 'node:path'
import { tryLock } from '../cache/lock.js'

const pollMs = 100

/**
 * Claims the right to encode one cache entry, so processes sharing an image cache (a preview
 * beside a build, sites sharing `imageCacheDir`) encode each variant once instead of once each.
 * Resolves to a release function, or to what `written` finds once another process, which held
 * the claim, has written the entry. A lock whose holder died (a build killed mid-encode) is taken
 * over at once (cache/lock.ts).
 */
export async function claimOrWait<T>(
  cacheDir: string,
  key: string,
  written: () => Promise<T | undefined>,
): Promise<{ release: () => Promise<void> } | { found: T }> {
  const lockFile = path.join(cacheDir, `.${key}.lock`)
  for (;;) {
    const tried = await tryLock(lockFile)
    if ('lock' in tried) return { release: () => tried.lock.release() }
    // Held by a live process: its entry, once written, is ours too.
    const found = await written()
    if (found !== undefined) return { found }
    await new Promise((done) => setTimeout(done, pollMs))
  }
}
