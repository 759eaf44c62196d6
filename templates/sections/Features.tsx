import type { FeaturesSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { balancedGridClass, gridColumnsClass } from '../components/grid.js'
import { Icon } from '../components/Icon.js'
import { Markdown } from '../components/Markdown.js'
import { Section } from '../components/Section.js'

/**
 * A grid of icon + title + text items. One component serves benefits, industries, values and
 * reasons; `layout` changes only the look, never the markup's meaning (each item is an h3).
 */
export function Features(props: FeaturesSection) {
  const layout = props.layout ?? 'cards'
  // A list is one column; beside a note there is room for two; compact items pair up on phones.
  const max = layout === 'list' ? 1 : (props.columns ?? (props.note ? 2 : 4))
  const columns = `${gridColumnsClass(props.columns, props.items.length)}${balancedGridClass({ count: props.items.length, max, phoneColumns: layout === 'compact' ? 2 : 1 })}`
  const grid = (
    <ul className={`feature-grid feature-${layout}${columns}`}>
      {props.items.map((item, i) => (
        <li key={`${item.title}-${i}`} className="feature">
          {layout === 'steps' ? (
            <span className="feature-step" aria-hidden="true">
              {i + 1}
            </span>
          ) : (
            item.icon && (
              <span className="feature-icon">
                <Icon name={item.icon} size={layout === 'compact' ? 20 : 26} />
              </span>
            )
          )}
          <div className="feature-body">
            <h3 className="feature-title">{item.title}</h3>
            {item.description && <p className="feature-text">{item.description}</p>}
            {props.link && (
              <a className="feature-link" href={props.link.href}>
                {props.link.label}
                <span className="visually-hidden">
                  : <bdi>{item.title}</bdi>
                </span>
                <Icon name="arrow-right" size={16} />
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
  return (
    <Section
      id={props.id}
      tone={props.tone}
      className={`section-features${props.note ? ' has-note' : ''}`}
      eyebrow={props.eyebrow}
      heading={props.heading}
      text={props.text}
    >
      {props.note ? (
        <div className="feature-split">
          {grid}
          <aside className="note-card">
            {props.note.heading && (
              <h3>
                {props.note.icon && <Icon name={props.note.icon} size={24} />}
                {props.note.heading}
              </h3>
            )}
            <Markdown text={props.note.text} />
          </aside>
        </div>
      ) : (
        grid
      )}
      <Actions actions={props.actions} className="center" />
    </Section>
  )
}
