import MarkdownIt from 'markdown-it'

// Raw HTML off: text from YAML is escaped by construction (DESIGN.md § 2).
// No typographer here: site.yaml `typographer` applies one to every field alike (templates/typeset.ts).
const md = new MarkdownIt({ html: false, linkify: false, typographer: false })

export interface MarkdownProps {
  text: string
  /** Render without the wrapping paragraph, for one-line texts inside headings or buttons. */
  inline?: boolean
  className?: string
}

export function Markdown({ text, inline, className }: MarkdownProps) {
  if (inline) return <span className={className} dangerouslySetInnerHTML={{ __html: md.renderInline(text) }} />
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: md.render(text) }} />
}

/** Markdown → HTML string, for templates that post-process it. */
export function renderMarkdown(text: string): string {
  return md.render(text)
}

/** One heading of a rendered post: the table of contents links to `#id` (spec § 3 Heading entry). */
export interface PostHeading {
  readonly id: string
  readonly text: string
  /** 2, 3 or 4. */
  readonly level: number
}

/**
 * Renders a blog post body and lists its h2–h4 headings (spec § 4: the table of contents tracks
 * h2 to h4). Each of those headings gets an id made from its text, unique within the post, so the
 * table of contents and shared links (#why-winter-is-so-hard-on-floors) have stable targets.
 */
export function renderPostBody(text: string): { html: string; headings: PostHeading[] } {
  const env = {}
  const tokens = md.parse(text, env)
  const headings: PostHeading[] = []
  const taken = new Map<string, number>()
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return
    const level = Number(token.tag.slice(1))
    if (level < 2 || level > 4) return
    const inline = tokens[i + 1]
    const headingText = (inline?.children ?? []).filter((t) => t.type === 'text' || t.type === 'code_inline').map((t) => t.content).join('').trim()
    const id = uniqueId(slugifyHeading(headingText), taken)
    token.attrSet('id', id)
    headings.push({ id, text: headingText, level })
  })
  return { html: md.renderer.render(tokens, md.options, env), headings }
}

/** "1. Are you insured & bonded?" → "1-are-you-insured-bonded". Accents are folded. */
export function slugifyHeading(text: string): string {
  const slug = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
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
