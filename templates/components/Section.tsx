import { Markdown } from './Markdown.js'

export type Tone = 'plain' | 'surface' | 'brand'

export interface SectionProps {
  id?: string
  /** Background band. @default 'plain' */
  tone?: Tone
  /** Extra class names, e.g. `section-areas`. */
  className?: string
  eyebrow?: string
  heading?: string
  /** Markdown paragraph under the heading. */
  text?: string
  /** Centre the header (grids) or keep it left-aligned (split layouts). @default true */
  centered?: boolean
  children?: React.ReactNode
}

/**
 * The frame every content section shares: a band with an anchor id, a container and an optional
 * header (eyebrow, h2, lead). Keeping it in one place keeps spacing and heading levels consistent.
 */
export function Section({ id, tone = 'plain', className, eyebrow, heading, text, centered = true, children }: SectionProps) {
  const classes = ['section', `tone-${tone}`, className].filter(Boolean).join(' ')
  return (
    <section className={classes} id={id}>
      <div className="container">
        <SectionHeader eyebrow={eyebrow} heading={heading} text={text} centered={centered} />
        {children}
      </div>
    </section>
  )
}

export function SectionHeader({
  eyebrow,
  heading,
  text,
  centered = true,
}: Pick<SectionProps, 'eyebrow' | 'heading' | 'text' | 'centered'>) {
  if (!eyebrow && !heading && !text) return null
  return (
    <header className={centered ? 'section-header center' : 'section-header'}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      {heading && <h2>{heading}</h2>}
      {text && <Markdown text={text} className="section-lead" />}
    </header>
  )
}
