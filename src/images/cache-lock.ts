import path from 'node:path'
import { tryLock } from '../cache/lock.js'
import { readSealed } from '../cache/sealed-file.js'

const pollMs = 100

/**
 * Claims the right to encode one cache entry, so processes sharing an image cache (a preview
 * beside a build, sites sharing `imageCacheDir`) encode each variant once instead of once each.
 * Resolves to a release function, or to the bytes another process produced while we waited. A
 * lock whose holder died (a build killed mid-encode) is taken over at once (cache/lock.ts).
 */
export async function claimOrWait(cacheDir: string, key: string): Promise<{ release: () => Promise<void> } | { bytes: Uint8Array }> {
  const lockFile = path.join(cacheDir, `.${key}.lock`)
  for (;;) {
    const tried = await tryLock(lockFile)
    if ('lock' in tried) return { release: () => tried.lock.release() }
    // Held by a live process: its entry, once written, is ours too.
    const bytes = await readSealed(path.join(cacheDir, key))
    if (bytes) return { bytes }
    await new Promise((done) => setTimeout(done, pollMs))
  }
}
