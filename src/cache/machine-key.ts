import { createHash, randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { toolStoreDir } from '../tool/package.js'

/**
 * The secret every cache file is sealed with (sealed-file.ts). A hash anyone can compute proves
 * only that a file is undamaged; a `.citypress` folder made elsewhere (another machine's build, a
 * contractor's repository) could carry forged pages, bundles or parsed YAML with hashes to match.
 * A key the site folder cannot carry turns the seal into proof that this machine wrote the file.
 *
 * `CITYPRESS_CACHE_KEY` when set (a CI secret, so its cached entries stay trusted across runs);
 * else 32 random bytes in the file `key` of the tool store (tool/package.ts `toolStoreDir`, never in the
 * site folder), made on first use, readable by this user only. When no key file can be kept, a
 * key for this process alone: nothing cached earlier is trusted, which costs work, never a build.
 */
export function machineKey(): Buffer {
  return (key ??= findKey())
}
let key: Buffer | undefined

const keyLength = 32

function findKey(): Buffer {
  const given = process.env.CITYPRESS_CACHE_KEY
  if (given) return createHash('sha256').update(given).digest()
  const file = path.join(toolStoreDir(), 'key')
  try {
    return readKey(file) ?? makeKey(file)
  } catch {
    return randomBytes(keyLength)
  }
}

function readKey(file: string): Buffer | undefined {
  try {
    const bytes = readFileSync(file)
    return bytes.length === keyLength ? bytes : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Writes a new key under a temporary name and links it into place, which fails when another
 * process made one first: then that one is used, so concurrent first builds agree on one key. A
 * key file of the wrong length (damaged) is replaced.
 */
function makeKey(file: string): Buffer {
  const fresh = randomBytes(keyLength)
  const temporary = `${file}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`
  writeFileSync(temporary, fresh, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(temporary, file)
    return fresh
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const found = readKey(file)
    if (found) return found
    renameSync(temporary, file)
    return fresh
  } finally {
    rmSync(temporary, { force: true })
  }
}
