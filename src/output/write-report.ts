import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { replaceFile } from '../cache/replace-file.js'
import { ownPath } from '../cache/site-folder.js'
import { sitePaths } from '../site/paths.js'

/** Where `citypress build` leaves its report; preview serves it. */
export const reportPath = (siteRoot: string): string => sitePaths(siteRoot).report

/**
 * Writes the build report beside the build cache, never into the output folder (it is not a page
 * of the site), through a temporary file and a rename: a preview serving it meanwhile sends the
 * old report or the new one, never half of one.
 */
export async function writeReport(siteRoot: string, html: string): Promise<void> {
  const file = reportPath(siteRoot)
  await mkdir(ownPath(path.dirname(file)), { recursive: true })
  await replaceFile(file, html)
}

export async function hasReport(siteRoot: string): Promise<boolean> {
  return access(reportPath(siteRoot)).then(
    () => true,
    () => false,
  )
}
