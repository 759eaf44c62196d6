import { useText } from '../context.js'
import { Icon } from './Icon.js'

/** One heading of a blog post. */
export interface TocHeading {
  /** The heading's `id` in the page, the target of the link. */
  readonly id: string
  readonly text: string
  /** 2 to 4: the toc widget tracks h2–h4. */
  readonly level: number
}

export interface TocProps {
  headings: readonly TocHeading[]
  /** @default the messages table's `tableOfContents` */
  title?: string
}

/**
 * The blog table of contents: expanded by default, its header toggles it, entries are
 * indented by level. Without JavaScript it is a list of in-page links; the toc widget adds the
 * toggle, the active heading and smooth scrolling. Hidden when there are no headings.
 */
export function Toc({ headings, title }: TocProps) {
  const text = useText()
  if (headings.length === 0) return null
  return (
    <nav className="toc" data-widget="toc" aria-labelledby="toc-title">
      <h2 className="toc-title" id="toc-title">
        <button type="button" className="toc-toggle" aria-expanded="true" aria-controls="toc-list">
          <Icon name="list" size={18} />
          <span>{title ?? text('tableOfContents')}</span>
          <Icon name="chevron-down" size={18} className="toc-chevron" />
        </button>
      </h2>
      <ol className="toc-list" id="toc-list">
        {headings.map((h) => (
          <li key={h.id} className={`toc-item toc-level-${h.level}`}>
            <a href={`#${h.id}`} data-toc-link={h.id}>
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
