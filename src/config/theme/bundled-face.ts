import { createRequire } from 'node:module'

/**
 * The face share images fall back to: Inter Bold's latin .woff from `@fontsource/inter`, a
 * dependency of citypress (so it ships with it), found from citypress's own node_modules, never
 * the site's. satori reads WOFF and TTF, not WOFF2 or variable fonts.
 */
export function bundledShareFace(): { file: string; family: string } {
  return { file: createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-700-normal.woff'), family: 'Inter' }
}
