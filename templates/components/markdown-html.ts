import MarkdownIt from 'markdown-it'
import { type EmbedMeta, useEmbeds } from '../../src/markdown/embed-blocks.js'
import { headingIds } from '../../src/markdown/heading-ids.js'
import type { ImageAsset } from '../../src/plan/plan-images.js'
import type { SiteText } from '../context.js'
import { embedFacadeHtml } from './embed-facade.js'
import { type MarkdownEnv, markdownImageRule, standaloneFigures } from './markdown-image.js'

export { slugifyHeading } from '../../src/markdown/heading-ids.js'

// One renderer for every template: a YAML field (the Markdown component), a post's or a Markdown
// page's body, so embeds, images and figures come out the same wherever Markdown is written.
// Raw HTML off: text from YAML is escaped by construction.
// No typographer here: site.yaml `typographer` applies one to every field alike (templates/typeset.ts).
const md = useEmbeds(new MarkdownIt({ html: false, linkify: false, typographer: false }))
md.renderer.rules.image = markdownImageRule
// Every render passes the site's words in `env` (fieldHtml's and renderPostBody's callers).
md.renderer.rules.embed = (tokens, idx, _options, env?: MarkdownEnv) =>
  embedFacadeHtml(tokens[idx]!.meta as unknown as EmbedMeta, env!.text!)
md.core.ruler.push('standalone_figures', (state) => standaloneFigures(state.tokens))

/** A YAML field's Markdown → HTML, its images found through `env`; `inline` leaves out the wrapping paragraph. */
export function fieldHtml(text: string, env: MarkdownEnv, inline = false): string {
  return inline ? md.renderInline(text, env) : md.render(text, env)
}

/** One heading of a rendered post: the table of contents links to `#id`. */
export interface PostHeading {
  readonly id: string
  readonly text: string
  /** 2, 3 or 4. */
  readonly level: number
}

export interface MarkdownBodyOptions {
  /** The document's images: its written path → key of `images` (config/ resolved and measured them). */
  readonly imagePaths?: Readonly<Record<string, string>>
  readonly images?: Readonly<Record<string, ImageAsset>>
  /** The site's words, for the embeds' buttons. */
  readonly text: SiteText
}

/**
 * Renders a Markdown document (a post's or a Markdown page's body) and lists its h2–h4 headings,
 * each with the id src/markdown/heading-ids.ts gives it, the one config/ checks `#fragment` links
 * against. Images become the optimised `<picture>` of the image stage.
 */
export function renderPostBody(text: string, options: MarkdownBodyOptions): { html: string; headings: PostHeading[] } {
  const env: MarkdownEnv = {
    text: options.text,
    image: (src) => {
      const key = options.imagePaths?.[src]
      return key === undefined ? undefined : options.images?.[key]
    },
  }
  const tokens = md.parse(text, env)
  const headings: PostHeading[] = []
  for (const [i, heading] of headingIds(tokens)) {
    tokens[i]!.attrSet('id', heading.id)
    headings.push(heading)
  }
  return { html: md.renderer.render(tokens, md.options, env), headings }
}
