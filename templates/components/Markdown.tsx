import { candidatesOf } from '../../src/markdown/image-paths.js'
import { usePage, useText } from '../context.js'
import { fieldHtml } from './markdown-html.js'
import type { MarkdownEnv } from './markdown-image.js'

export interface MarkdownProps {
  text: string
  /** Render without the wrapping paragraph, for one-line texts inside headings or buttons. */
  inline?: boolean
  className?: string
}

export function Markdown({ text, inline, className }: MarkdownProps) {
  const { images } = usePage()
  const words = useText()
  // A YAML field's images resolve against the site folder, then images/ (config/checks/markdown-images.ts).
  const env: MarkdownEnv = {
    text: words,
    image: (src) =>
      candidatesOf(src, '')
        .map((key) => images[key])
        .find(Boolean),
  }
  if (inline) return <span className={className} dangerouslySetInnerHTML={{ __html: fieldHtml(text, env, true) }} />
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: fieldHtml(text, env) }} />
}
