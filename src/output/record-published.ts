import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'
import type { PublishedRecord } from '../config/published/published-urls.js'
import { PUBLISHED_URLS_FILE } from '../site/paths.js'

const comment =
  'Landing pages this site has published. Written by `citypress build`; commit it. A URL that disappears from the build is redirected (301) to its new address or the nearest page.'

/**
 * The one write into a site folder: `published-urls.json`, by `citypress build` only, after the
 * output was committed, only when the record changed, and through a temporary file and a rename
 * so an interrupted build cannot leave half a record. Returns whether it wrote.
 */
export async function writePublishedUrls(siteRoot: string, record: PublishedRecord): Promise<boolean> {
  const file = path.join(siteRoot, PUBLISHED_URLS_FILE)
  const text = `${JSON.stringify({ $comment: comment, pages: record.pages }, null, 2)}\n`
  const current = await readFile(file, 'utf8').catch(() => undefined)
  if (current === text) return false
  await replaceFile(file, text)
  return true
}
