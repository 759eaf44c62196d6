import { createRequire } from 'node:module'
import type { Document, LineCounter } from 'yaml'

const require = createRequire(import.meta.url)
let yaml: typeof import('yaml') | undefined

/**
 * The yaml package, loaded on first use: a build whose files all come from the read cache
 * (read-cache.ts) never parses YAML, and loading it is 40 ms of every start.
 */
export function yamlLib(): typeof import('yaml') {
  return (yaml ??= require('yaml') as typeof import('yaml'))
}

/** One parsed YAML file, kept with everything needed to point back into it. */
export interface YamlSource {
  /** Display path: relative to the working directory, forward slashes. */
  readonly file: string
  readonly text: string
  readonly doc: Document
  readonly lines: LineCounter
  /** Plain JS value of the document (`undefined` for an empty file). */
  readonly data: unknown
}
