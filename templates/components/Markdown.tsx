import MarkdownIt from 'markdown-it'

// Raw HTML off: text from YAML is escaped by construction (DESIGN.md § 2).
const md = new MarkdownIt({ html: false, linkify: false, typographer: true })

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

/** Markdown → HTML string, for templates that post-process it (blog headings). */
export function renderMarkdown(text: string): string {
  return md.render(text)
}
