import { open } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'
import type { PublishedRecord } from '../config/published/published-urls.js'
import { PUBLISHED_URLS_FILE } from '../site/paths.js'
import { jsonChunks } from '../tool/json-chunks.js'

const comment =
  'Landing pages this site has published. Written by `citypress build`; commit it. A URL that disappears from the build is redirected (301) to its new address or the nearest page.'

/**
 * The one write into a site folder: `published-urls.json`, by `citypress build` only, after the
 * output was committed, only when the record changed, and through a temporary file and a rename
 * so an interrupted build cannot leave half a record. Returns whether it wrote.
 *
 * The text is made, compared and written a chunk at a time (at 50,000 pages it is 11 MB: as one
 * string beside the file's, it raised the end of a cold build by 40 MiB).
 */
export async function writePublishedUrls(siteRoot: string, record: PublishedRecord): Promise<boolean> {
  const file = path.join(siteRoot, PUBLISHED_URLS_FILE)
  const text = () => recordText(record)
  if (await sameBytes(file, text())) return false
  await replaceFile(file, text())
  return true
}

function* recordText(record: PublishedRecord): Generator<Buffer> {
  yield* jsonChunks({ $comment: comment, pages: record.pages }, 1 << 16, 2)
  yield Buffer.from('\n')
}

/** Whether `file` holds exactly `chunks`, read a chunk's length at a time; false when it cannot be read. */
async function sameBytes(file: string, chunks: Iterable<Buffer>): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => undefined)
  if (!handle) return false
  try {
    let position = 0
    for (const chunk of chunks) {
      const read = Buffer.allocUnsafe(chunk.length)
      const { bytesRead } = await handle.read(read, 0, chunk.length, position)
      if (bytesRead !== chunk.length || !read.equals(chunk)) return false
      position += bytesRead
    }
    return (await handle.stat()).size === position
  } catch {
    return false
  } finally {
    await handle.close()
  }
}
