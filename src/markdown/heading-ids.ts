import type { Token } from 'markdown-it'

/**
 * The ids of a Markdown document's h2–h4 headings, by the index of their `heading_open` token
 *. Made from the heading text and unique within
 * the document, so the table of contents and shared links (#why-it-matters) have stable targets.
 * config/ checks `#fragment` links against these; templates set them on the headings.
 */
export function headingIds(tokens: readonly Token[]): Map<number, { id: string; text: string; level: number }> {
  const ids = new Map<number, { id: string; text: string; level: number }>()
  const taken = new Map<string, number>()
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return
    const level = Number(token.tag.slice(1))
    if (level < 2 || level > 4) return
    const inline = tokens[i + 1]
    const text = (inline?.children ?? [])
      .filter((t) => t.type === 'text' || t.type === 'code_inline')
      .map((t) => t.content)
      .join('')
      .trim()
    ids.set(i, { id: uniqueId(slugifyHeading(text), taken), text, level })
  })
  return ids
}

/** "1. Are you insured & bonded?" → "1-are-you-insured-bonded". Accents are folded. */
export function slugifyHeading(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'section'
}

function uniqueId(base: string, taken: Map<string, number>): string {
  const seen = taken.get(base) ?? 0
  taken.set(base, seen + 1)
  if (seen === 0) return base
  let candidate = `${base}-${seen + 1}`
  while (taken.has(candidate)) candidate = `${candidate}-1`
  taken.set(candidate, 1)
  return candidate
}
