import MarkdownIt from 'markdown-it'

/**
 * `&`, `<`, `>` and `"` as character references, for markup the Markdown renderer writes as text:
 * markdown-it's own escaping, so text it renders and the pieces written beside it agree.
 */
export const escapeHtml: (text: string) => string = new MarkdownIt().utils.escapeHtml
