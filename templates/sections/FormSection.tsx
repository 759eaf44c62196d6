import type { FormSection as FormSectionInput } from '../../src/config/site-input.generated.js'
import { BusinessFacts } from '../components/BusinessFacts.js'
import { Form } from '../components/Form.js'
import { Icon } from '../components/Icon.js'
import { Markdown } from '../components/Markdown.js'
import { TickList } from '../components/TickList.js'

/**
 * A form beside what helps a visitor decide to send it: contact details, a list of reasons and
 * selling points. On small screens the text comes first, then the form.
 */
export function FormSection(props: FormSectionInput) {
  return (
    <section className={`section tone-${props.tone ?? 'surface'} section-form`} id={props.id}>
      <div className="container form-layout">
        <div className="form-aside">
          {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
          {props.heading && <h2>{props.heading}</h2>}
          {props.text && <Markdown text={props.text} className="section-lead" />}
          {props.details && (
            // A list, not a <dl>: a <dl> may hold only <dt>/<dd> groups, and the icon beside each
            // pair made it invalid (axe: definition-list; the Nu checker agreed).
            <ul className="contact-details">
              {props.details.map((d) => (
                <li key={d.label} className="contact-detail">
                  {d.icon && (
                    <span className="feature-icon">
                      <Icon name={d.icon} size={22} />
                    </span>
                  )}
                  <div>
                    <p className="contact-label">{d.label}</p>
                    <p className="contact-value">{d.href ? <a href={d.href}>{d.text}</a> : d.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {props.business && <BusinessFacts className="form-business" hasHours />}
          {props.bullets && (
            <div className="form-bullets">
              {props.bullets.heading && <h3>{props.bullets.heading}</h3>}
              <TickList items={props.bullets.items} />
            </div>
          )}
          {props.points && (
            <ul className="selling-points">
              {props.points.map((p) => (
                <li key={p.title} className="selling-point">
                  {p.icon && (
                    <span className="feature-icon">
                      <Icon name={p.icon} size={22} />
                    </span>
                  )}
                  <div>
                    <h3 className="feature-title">{p.title}</h3>
                    {p.description && <p className="feature-text">{p.description}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="form-main">
          <div className="form-panel">
            {props.formHeading && <h3 className="form-title">{props.formHeading}</h3>}
            {props.formText && <p className="form-intro">{props.formText}</p>}
            <Form name={props.form} />
          </div>
        </div>
      </div>
    </section>
  )
}
