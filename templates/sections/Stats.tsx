import type { StatsSection } from '../../src/config/site-input.generated.js'
import { statsCountClass } from '../components/grid.js'
import { usePage } from '../context.js'

/** A band of big figures; by default site.yaml `business.stats`, so every band agrees. */
export function Stats(props: StatsSection) {
  const { site } = usePage()
  const items = props.items ?? site.business?.stats ?? []
  if (items.length === 0) return null
  return (
    <section className={`section section-stats tone-${props.tone ?? 'brand'}`} id={props.id}>
      <div className="container">
        {props.heading && <h2 className={props.hideHeading ? 'visually-hidden' : 'center'}>{props.heading}</h2>}
        <dl className={`stats${statsCountClass(items.length)}`}>
          {items.map((s) => (
            <div key={s.label} className="stat">
              <dt className="stat-label">{s.label}</dt>
              <dd className="stat-value">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
