import type { Token } from 'markdown-it'
import MarkdownIt from 'markdown-it'
import { BadEmbedValue, fail, MissingAlt, MissingFragment, UnknownEmbed } from '../../errors/catalogue.js'
import { ConfigError, type Origin } from '../../errors/config-error.js'
import { closestMatch } from '../../errors/did-you-mean.js'
import { type EmbedMeta, useEmbeds } from '../../markdown/embed-blocks.js'
import { embedProviders, isEmbedProvider } from '../../markdown/embeds.js'
import { headingIds } from '../../markdown/heading-ids.js'

// The same settings as templates/components/Markdown.tsx, so what is checked is what is rendered.
const md = useEmbeds(new MarkdownIt({ html: false, linkify: false, typographer: false }))

/** The ids the h2–h4 headings of a Markdown document get when it is rendered (templates/components/Markdown.tsx). */
export function markdownHeadingIds(body: string): string[] {
  return [...headingIds(md.parse(body, {})).values()].map((h) => h.id)
}

/** A Markdown document of the site: a post's or a Markdown page's body. */
export interface MarkdownSource {
  /** Display path of the .md file. */
  readonly file: string
  readonly body: string
  /** 1-based line of the body's first line in the file (after the front matter). */
  readonly bodyLine: number
  /**
   * Where a written address is in the file, when the body is not the file's own text (a Markdown
   * field of a YAML file): from its 0-based line and column in the body.
   */
  readonly locate?: (line: number, column: number, written: string) => Origin
  /** Whether `#fragment` links must name one of this text's own headings. @default true */
  readonly hasOwnFragments?: boolean
}

/** An image or link written in a Markdown body, at its own place in the .md file. */
export interface MarkdownRef {
  /** `remote-image`: an image written as an http(s):// address (its host is checked; http is refused on an https site). */
  readonly kind: 'image' | 'remote-image' | 'href' | 'embed'
  /** As written (markdown-it's normalised form decoded back). */
  readonly value: string
  readonly alt?: string
  readonly origin: Origin
}

export interface MarkdownScan {
  readonly refs: MarkdownRef[]
  /** `#fragment` links to a heading the document does not have, and images without alt text. */
  readonly errors: ConfigError[]
}

/**
 * Finds every image and link of a Markdown body with its line and column in the .md file, so a
 * missing image or a broken link is reported where it is written.
 * markdown-it maps tokens to lines only; the column is where the address is written on them.
 */
export function scanMarkdown(source: MarkdownSource): MarkdownScan {
  const tokens = md.parse(source.body, {})
  const lines = source.body.split('\n')
  const refs: MarkdownRef[] = []
  const errors: ConfigError[] = []
  const ids = new Set([...headingIds(tokens).values()].map((h) => h.id))
  for (const block of tokens) {
    if (block.type === 'embed' && block.map) {
      const embed = checkEmbed(
        block.meta as unknown as EmbedMeta,
        positionOf(source, lines, block.map[0], 0, lines[block.map[0]]?.length ?? 1),
      )
      if (embed instanceof ConfigError) errors.push(embed)
      else refs.push(embed)
    }
    if (block.type !== 'inline' || !block.map) continue
    let cursor = { line: block.map[0], column: 0 }
    for (const token of flatten(block.children ?? [])) {
      const isImage = token.type === 'image'
      if (!isImage && token.type !== 'link_open') continue
      const value = decode(String(token.attrGet(isImage ? 'src' : 'href') ?? ''))
      const found = findWritten(lines, value, cursor, block.map[1]) ?? { line: block.map[0], column: 0 }
      cursor = { line: found.line, column: found.column + value.length }
      const origin = source.locate?.(found.line, found.column, value) ?? positionOf(source, lines, found.line, found.column, value.length)
      if (isImage) {
        const alt = token.content.trim()
        if (!alt) errors.push(fail(MissingAlt, origin, value))
        if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(value)) refs.push({ kind: 'image', value, alt, origin })
        else if (/^https?:\/\//i.test(value)) refs.push({ kind: 'remote-image', value, origin })
      } else if (value.startsWith('#') && value.length > 1 && source.hasOwnFragments !== false) {
        const id = decode(value.slice(1))
        if (!ids.has(id) && id !== 'top') errors.push(fail(MissingFragment, origin, id, [...ids], closestMatch(id, ids)))
      } else if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/#')) {
        refs.push({ kind: 'href', value, origin })
      } else if (value !== '' && !/^[a-z][a-z0-9+.-]*:|^[/#]/i.test(value)) {
        // Relative (`contact`, `../nope`): plan/ resolves it against the page's address.
        refs.push({ kind: 'href', value, origin })
      }
    }
  }
  return { refs, errors }
}

/** An embed of a known provider with a value it accepts (src/markdown/embeds.ts), else the error. */
function checkEmbed({ provider, value }: EmbedMeta, origin: Origin): MarkdownRef | ConfigError {
  if (!isEmbedProvider(provider)) {
    const providers = Object.entries(embedProviders).map(([name, spec]) => ({ name, expects: spec.expects }))
    return fail(
      UnknownEmbed,
      origin,
      provider,
      providers,
      closestMatch(
        provider,
        providers.map((p) => p.name),
      ),
    )
  }
  const spec = embedProviders[provider]
  if (!spec.isValid(value)) {
    return fail(BadEmbedValue, origin, provider, spec.expects, value)
  }
  return { kind: 'embed', value: provider, origin }
}

function flatten(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((t) => [t, ...flatten(t.children ?? [])])
}

function decode(value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}

/** The 0-based line and column of `value` in lines [from, to), at or after the cursor. */
function findWritten(
  lines: readonly string[],
  value: string,
  from: { line: number; column: number },
  to: number,
): { line: number; column: number } | undefined {
  if (!value) return undefined
  for (let line = from.line; line < Math.max(to, from.line + 1) && line < lines.length; line++) {
    const column = lines[line]!.indexOf(value, line === from.line ? from.column : 0)
    if (column !== -1) return { line, column }
  }
  // A reference-style link's address is on its definition line, anywhere in the document.
  const line = lines.findIndex((text) => text.includes(`]: ${value}`))
  return line === -1 ? undefined : { line, column: lines[line]!.indexOf(value) }
}

function positionOf(source: MarkdownSource, lines: readonly string[], line: number, column: number, length: number): Origin {
  return {
    file: source.file,
    path: '',
    line: source.bodyLine + line,
    column: column + 1,
    length: Math.max(1, length),
    lineText: lines[line]?.replace(/\r$/, '') ?? '',
  }
}
