import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { BadRecord, BadRecordKey, ContentOutsideSite, fail } from '../../errors/catalogue.js'
import { BuildFailure, type ConfigError } from '../../errors/config-error.js'
import { PUBLISHED_URLS_FILE } from '../../site/paths.js'
import { displayFile } from '../../tool/package.js'
import { checkUrlPath } from '../checks/check-url.js'
import { siteFileTarget } from '../read/inside-site.js'

/**
 * The record of landing-page URLs a site has published, `<site>/published-urls.json`, committed
 * with the site so a renamed city or service slug becomes a 301 instead of a dead page
 * (src/plan/plan-redirects.ts).
 *
 * Read here with the rest of the site (a broken record is a config error, which `validate`
 * reports too); plan/plan-redirects.ts decides the 301s from it; output/record-published.ts
 * writes it back, the one write into a site folder, as build()'s last step after the commit.
 */
export { PUBLISHED_URLS_FILE }

/**
 * The record, or an empty one when the site has none yet. Its keys become `from` of _redirects
 * rules and the output paths of redirect pages, so each is checked as a plain path
 * (src/config/checks/check-url.ts); a bad one fails the build, naming this file.
 */
export async function readPublishedUrls(siteRoot: string): Promise<PublishedRecord> {
  const file = path.join(siteRoot, PUBLISHED_URLS_FILE)
  let text: string
  const target = await siteFileTarget(siteRoot, file)
  if (target.kind === 'outside')
    throw new BuildFailure([fail(ContentOutsideSite, { file: displayFile(file) }, PUBLISHED_URLS_FILE, target.real)])
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pages: {} }
    throw error
  }
  let pages: Record<string, PublishedPage>
  try {
    const data = JSON.parse(text) as { pages?: Record<string, PublishedPage> }
    if (!data || typeof data.pages !== 'object' || data.pages === null) throw new Error('no "pages" object')
    pages = data.pages
  } catch (error) {
    throw new BuildFailure([fail(BadRecord, { file: displayFile(file) }, PUBLISHED_URLS_FILE, (error as Error).message)])
  }
  const errors: ConfigError[] = []
  const checked: Record<string, PublishedPage> = {}
  const once = new Map<string, string>()
  for (const [key, page] of Object.entries(pages)) {
    const address = checkUrlPath(key)
    if (address.ok) checked[address.value] = withNamesOnce(page, once)
    else errors.push(fail(BadRecordKey, { file: displayFile(file) }, PUBLISHED_URLS_FILE, key, address.problem))
  }
  if (errors.length > 0) throw new BuildFailure(errors)
  return { pages: checked }
}

/**
 * `page` with its names taken from `once`: JSON.parse makes a string per page, and every page of a
 * town or a service names it again (at 50,107 pages, 6 MB of copies kept for the whole build).
 */
function withNamesOnce(page: PublishedPage, once: Map<string, string>): PublishedPage {
  if (typeof page !== 'object' || page === null) return page
  const named = page as unknown as Record<string, unknown>
  for (const field of ['area', 'service', 'serviceTitle']) {
    const name = named[field]
    if (typeof name !== 'string') continue
    const kept = once.get(name)
    if (kept === undefined) once.set(name, name)
    else named[field] = kept
  }
  return page
}

/** `<site>/published-urls.json`: every landing URL the site has published (src/config/published/published-urls.ts). */
export interface PublishedPage {
  /** Area name when published: "Ft. Collins, CO". */
  readonly area: string
  /** Service slug when published. */
  readonly service: string
  /** Service title when published, to recognise a service whose file was renamed. */
  readonly serviceTitle: string
  readonly lat?: number
  readonly lng?: number
}

export interface PublishedRecord {
  /** Landing-page URL → what it was about. */
  readonly pages: Readonly<Record<string, PublishedPage>>
}
