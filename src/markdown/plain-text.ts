import MarkdownIt from 'markdown-it'
import { type EmbedMeta, inlineText, useEmbeds } from './embed-blocks.js'

// The settings of the site's renderer (templates/components/Markdown.tsx): the text is the one its HTML shows.
const md = useEmbeds(new MarkdownIt({ html: false, linkify: false, typographer: false }))

/**
 * Markdown as the plain text a reader sees, for where markup has no place (structured data): read
 * from markdown-it's tokens, so only what is markup goes (`snake_case` keeps its underscore, a
 * link its words, an escaped `\*` its star) and character references are decoded. Blocks
 * (paragraphs, list items, an embed's title) are joined by a space, and runs of white space are
 * one space, as a browser shows them.
 */
export function markdownPlainText(markdown: string): string {
  const parts: string[] = []
  for (const token of md.parse(markdown, {})) {
    if (token.type === 'inline') parts.push(inlineText(token))
    else if (token.type === 'embed') parts.push((token.meta as unknown as EmbedMeta).title)
  }
  return parts
    .join(' ')
    .replace(/[ \t\n\r\f]+/g, ' ')
    .trim()
}
