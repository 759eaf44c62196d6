import { rename, writeFile } from 'node:fs/promises'
import { naming } from '../errors/system-error.js'
import { ownPath } from './site-folder.js'

/**
 * Writes `file` whole or not at all: under a temporary name first, then renamed over it, so a
 * run killed mid-write never leaves a truncated cache entry or record that a later run would
 * trust. The folder must exist. Contents given in chunks are written as they are made.
 */
export async function replaceFile(file: string, contents: string | NodeJS.ArrayBufferView | Iterable<Uint8Array>): Promise<void> {
  ownPath(file)
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, contents).catch(naming(file))
  await rename(temporary, file)
}
