import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'
import { BuildFailure, ConfigError } from '../errors/config-error.js'
import { displayFile } from '../paths.js'
import type { PublishedPage, PublishedRecord } from '../plan/plan-redirects.js'

/**
 * The record of landing-page URLs a site has published, `<site>/published-urls.json`, committed
 * with the site so a renamed city or service slug becomes a 301 instead of a dead page
 * (src/plan/plan-redirects.ts).
 *
 * A deliberate exception to "only config/ reads the site folder, only output/ writes the output
 * folder": this module is the ONE place a build reads this file and writes back into the site
 * folder, and it touches nothing else there. It writes only after the output was committed, only
 * when the record changed, and via a temporary file and rename so an interrupted build cannot
 * leave half a record.
 */
export const PUBLISHED_URLS_FILE = 'published-urls.json'

const comment = 'Landing pages this site has published. Written by `citypress build`; commit it. A URL that disappears from the build is redirected (301) to its new address or the nearest page.'

/** The record, or an empty one when the site has none yet. */
export async function readPublishedUrls(siteRoot: string): Promise<PublishedRecord> {
  const file = path.join(siteRoot, PUBLISHED_URLS_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pages: {} }
    throw error
  }
  try {
    const data = JSON.parse(text) as { pages?: Record<string, PublishedPage> }
    if (!data || typeof data.pages !== 'object' || data.pages === null) throw new Error('no "pages" object')
    return { pages: data.pages }
  } catch (error) {
    throw new BuildFailure([new ConfigError({
      code: 'bad-record',
      message: `${PUBLISHED_URLS_FILE} cannot be read (${(error as Error).message}), so renamed landing pages cannot be redirected.`,
      hint: 'Restore it from version control (git checkout), or delete it to start a new record.',
      file: displayFile(file),
    })])
  }
}

/** Writes the record when it differs from the file; returns whether it wrote. */
export async function writePublishedUrls(siteRoot: string, record: PublishedRecord): Promise<boolean> {
  const file = path.join(siteRoot, PUBLISHED_URLS_FILE)
  const text = JSON.stringify({ $comment: comment, pages: record.pages }, null, 2) + '\n'
  const current = await readFile(file, 'utf8').catch(() => undefined)
  if (current === text) return false
  await replaceFile(file, text)
  return true
}
