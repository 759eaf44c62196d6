import { readFile } from 'node:fs/promises'

/**
 * A JSON file of the cache read back: its data, or `undefined` when it is missing or is not JSON
 * (cut short by a full disk, or not ours). A cache file only ever saves work, so one that cannot
 * be read counts as absent: the work is done again, and the build never stops over it.
 */
export async function readCacheJson<T>(file: string): Promise<T | undefined> {
  return parseCacheJson<T>(await readFile(file, 'utf8').catch(() => ''))
}

/** The same for text already read (`undefined` for '' too). */
export function parseCacheJson<T>(text: string): T | undefined {
  try {
    return text ? JSON.parse(text) as T : undefined
  } catch {
    return undefined
  }
}
