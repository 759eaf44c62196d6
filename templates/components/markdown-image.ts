import type { Env, RendererRule, Token } from 'markdown-it'
import type { ImageAsset } from '../../src/plan/plan-images.js'
import type { SiteText } from '../context.js'
import { escapeHtml } from './escape-html.js'

/** What a Markdown render is given besides the text: how to find a written image's built asset. */
export interface MarkdownEnv extends Env {
  readonly image?: (src: string) => ImageAsset | undefined
  /** The site's words, for the embeds' buttons. */
  readonly text?: SiteText
}

/** A body is at most 720 px wide (templates/styles/blog.css `.post-body`). */
const sizes = '(min-width: 760px) 720px, 100vw'

/**
 * A Markdown image as templates/components/Image.tsx draws a YAML one: AVIF and WebP sources, a
 * JPEG/PNG fallback, its intrinsic size (no layout shift), lazy (a body image is below the fold).
 * A title makes it a figure with a caption when the image stands alone in its paragraph.
 */
export const markdownImageRule: RendererRule = (tokens, idx, _options, env?: MarkdownEnv) => {
  const token = tokens[idx]!
  const written = String(token.attrGet('src') ?? '')
  const alt = escapeHtml(token.content)
  const title = token.attrGet('title')?.toString()
  const asset = env?.image?.(safeDecode(written))
  let picture: string
  if (!asset) {
    picture = `<img src="${escapeHtml(written)}" alt="${alt}" loading="lazy" decoding="async">`
  } else {
    const { avif, webp, ...fallbacks } = asset.srcset ?? {}
    const fallback = Object.values(fallbacks)[0]
    const img = `<img src="${escapeHtml(asset.src)}"${fallback ? ` srcset="${escapeHtml(fallback)}" sizes="${sizes}"` : ''} alt="${alt}" width="${asset.width}" height="${asset.height}" loading="lazy" decoding="async">`
    const sources = [
      avif && `<source type="image/avif" srcset="${escapeHtml(avif)}" sizes="${sizes}">`,
      webp && `<source type="image/webp" srcset="${escapeHtml(webp)}" sizes="${sizes}">`,
    ]
      .filter(Boolean)
      .join('')
    picture = sources ? `<picture>${sources}${img}</picture>` : img
  }
  if (title && token.meta?.standalone) return `<figure class="md-figure">${picture}<figcaption>${escapeHtml(title)}</figcaption></figure>\n`
  return picture
}

/**
 * A paragraph holding one image and nothing else loses its `<p>` when the image has a title, so
 * the image becomes a `<figure>` (a figure inside a paragraph is invalid HTML).
 */
export function standaloneFigures(tokens: Token[]): void {
  tokens.forEach((token, i) => {
    if (token.type !== 'paragraph_open') return
    const inline = tokens[i + 1]
    const only = inline?.children?.length === 1 ? inline.children[0] : undefined
    if (only?.type !== 'image' || !only.attrGet('title') || tokens[i + 2]?.type !== 'paragraph_close') return
    only.meta = { ...only.meta, standalone: true }
    token.hidden = true
    tokens[i + 2]!.hidden = true
  })
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}
