import type { MarkdownIt, Token } from 'markdown-it'
import container from 'markdown-it-container'
import { parseEmbedInfo } from './embeds.js'

/** An `embed` token's meta: what the facade shows. */
export interface EmbedMeta {
  readonly provider: string
  readonly value: string
  /** The container's text, as plain text; '' when none. */
  readonly title: string
}

/**
 * Embeds in Markdown are containers (markdown-it-container), one per embed, their text the title:
 *
 *     ::: youtube dQw4w9WgXcQ
 *     A two-minute tour of the workshop
 *     :::
 *
 * Every `:::` block is one: an unknown provider is reported by config/, not shown as text. Each
 * container is collapsed into a single `embed` token (meta: EmbedMeta) that keeps its line map.
 */
export function useEmbeds(md: MarkdownIt): MarkdownIt {
  // The plugin's types are written against the older markdown-it typings.
  ;(container as unknown as (md: MarkdownIt, name: string, options: object) => void)(md, 'embed', { validate: () => true })
  md.core.ruler.push('collapse_embeds', (state) => {
    state.tokens = collapseEmbeds(state.tokens, (type) => new state.Token(type, '', 0))
  })
  return md
}

function collapseEmbeds(tokens: Token[], make: (type: string) => Token): Token[] {
  const out: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!
    if (open.type !== 'container_embed_open') {
      out.push(open)
      continue
    }
    let depth = 1
    let end = i + 1
    for (; end < tokens.length && depth > 0; end++) {
      if (tokens[end]!.type === 'container_embed_open') depth++
      if (tokens[end]!.type === 'container_embed_close') depth--
    }
    const inner = tokens.slice(i + 1, end - 1)
    const title = inner
      .filter((t) => t.type === 'inline')
      .map((t) => inlineText(t))
      .join(' ')
      .trim()
    const embed = make('embed')
    embed.block = true
    embed.map = open.map
    embed.meta = { ...parseEmbedInfo(open.info), title } satisfies EmbedMeta
    out.push(embed)
    i = end - 1
  }
  return out
}

/**
 * An inline token's text as a reader sees it: its text and code spans, a line break as a space,
 * an image as its alternative text; the markup (emphasis, links) adds no character of its own.
 */
export function inlineText(inline: Token): string {
  return (inline.children ?? [])
    .map((t) => {
      if (t.type === 'text' || t.type === 'code_inline') return t.content
      if (t.type === 'softbreak' || t.type === 'hardbreak') return ' '
      return t.type === 'image' ? inlineText(t) : ''
    })
    .join('')
}
