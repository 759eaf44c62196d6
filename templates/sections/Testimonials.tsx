import type { TestimonialsSection } from '../../src/config/site-input.generated.js'
import { balancedGridClass } from '../components/grid.js'
import { Icon } from '../components/Icon.js'
import { Section } from '../components/Section.js'

/** Testimonial cards: the quote, then who said it (name and company or role). */
export function Testimonials(props: TestimonialsSection) {
  const shown = props.items.slice(0, props.limit)
  return (
    <Section
      id={props.id}
      tone={props.tone ?? 'surface'}
      className="section-testimonials"
      eyebrow={props.eyebrow}
      heading={props.heading}
      text={props.text}
    >
      <ul className={`testimonial-grid${balancedGridClass({ count: shown.length, max: 3 })}`}>
        {shown.map((t, i) => (
          <li key={i} className="testimonial">
            <figure>
              <Icon name="quote" size={32} className="testimonial-mark" />
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <span className="testimonial-name">{t.name}</span>
                {t.company && <span className="testimonial-company">{t.company}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}
