import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * Absolute paths of the files in a site's `templates/` folder, sorted. They are code: the build
 * bundles them with citypress's templates and runs them (render/bundle-templates.ts), so
 * `validate` names them and the template bundle's cache entry is named by their contents.
 */
export function siteTemplateFiles(siteRoot: string): string[] {
  const dir = path.join(path.resolve(siteRoot), 'templates')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}
