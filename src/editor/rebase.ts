import { isDeepStrictEqual } from 'node:util'
import { stringify } from 'yaml'
import { frontMatter } from './entry-text.js'
import { parseOrRefuse } from './refusal.js'

/**
 * A save over a file that changed on disk since the editor tab loaded it. The first such save is
 * refused, saying what changed (disk-lines.ts `diskChanges`); saved again, the marketer's own changes (what
 * they changed in the form since it loaded) are applied to the file as it is now (`rebased`), so
 * neither their text nor the other change is lost.
 */

/** The entry's data as Decap edits it: a YAML file's, or a Markdown file's front matter with its `body`. */
export function dataOf(name: string, text: string): unknown {
  if (!name.endsWith('.md')) return parseOrRefuse(text, name) ?? {}
  const [head, body] = frontMatter(text)
  return { ...((parseOrRefuse(head ?? '', name) as object | null) ?? {}), body }
}

/** What Decap sends for `data`: YAML, or front matter and body. */
export function textOf(name: string, data: unknown): string {
  if (!name.endsWith('.md')) return stringify(data, { lineWidth: 0 })
  const { body, ...head } = data as { body?: unknown }
  return `---\n${stringify(head, { lineWidth: 0 })}---\n${typeof body === 'string' ? body : ''}`
}

/**
 * What Decap sent (`sent`, for the entry it was given as `base`), as a save of the entry as it is
 * now (`now`): each value the marketer changed is theirs, every other value the file's now.
 */
export function rebasedText(name: string, base: string, sent: string, now: string): string {
  return textOf(name, rebased(dataOf(name, base), dataOf(name, sent), dataOf(name, now)))
}

function rebased(base: unknown, sent: unknown, now: unknown): unknown {
  if (isDeepStrictEqual(base, sent)) return now
  if (!isRecord(base) || !isRecord(sent) || !isRecord(now)) return sent
  const merged: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(now), ...Object.keys(sent)])) {
    const value = rebased(base[key], sent[key], now[key])
    if (value !== undefined) merged[key] = value
  }
  return merged
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
