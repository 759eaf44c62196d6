import { isDeepStrictEqual } from 'node:util'
import { stringify } from 'yaml'
import { frontMatter } from './entry-text.js'
import { parseOrRefuse } from './refusal.js'

/**
 * A save over a file that changed on disk since the editor tab loaded it. The first such save is
 * refused, saying what changed (`diskChanges`); saved again, the marketer's own changes (what
 * they changed in the form since it loaded) are applied to the file as it is now (`rebased`), so
 * neither their text nor the other change is lost.
 */

/** The lines of `disk` that differ from `base`, as "line 12: `title: Roof Care`", at most `limit`. */
export function diskChanges(base: string, disk: string, limit = 3): string[] {
  const was = base.split('\n')
  const now = disk.split('\n')
  let head = 0
  while (head < was.length && head < now.length && was[head] === now[head]) head++
  let tail = 0
  while (tail < was.length - head && tail < now.length - head && was[was.length - 1 - tail] === now[now.length - 1 - tail]) tail++
  // Between the first and the last change, the lines that are new (a line kept between two changes is not).
  const kept = new Set(was.slice(head, was.length - tail))
  const added = now
    .slice(head, now.length - tail)
    .map((line, i) => ({ line, at: head + i + 1 }))
    .filter(({ line }) => !kept.has(line))
  if (added.length === 0) return [`line ${head + 1}: ${was.length - head - tail} line(s) removed`]
  const shown = added.slice(0, limit).map(({ line, at }) => `line ${at}: \`${line.trim().slice(0, 80)}\``)
  return added.length > limit ? [...shown, `and ${added.length - limit} more line(s)`] : shown
}

/** The entry's data as Decap edits it: a YAML file's, or a Markdown file's front matter with its `body`. */
function dataOf(name: string, text: string): unknown {
  if (!name.endsWith('.md')) return parseOrRefuse(text, name) ?? {}
  const [head, body] = frontMatter(text)
  return { ...((parseOrRefuse(head ?? '', name) as object | null) ?? {}), body }
}

/** What Decap sends for `data`: YAML, or front matter and body. */
function textOf(name: string, data: unknown): string {
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
