import type { CtaSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Markdown } from '../components/Markdown.js'

/** A call to action: on the brand gradient (closing band) or light (contact band). */
export function Cta(props: CtaSection) {
  const tone = props.tone ?? 'brand'
  return (
    <section className={tone === 'brand' ? 'section cta-band' : `section cta-light tone-${tone}`} id={props.id}>
      <div className="container narrow center">
        {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
        <h2>{props.heading}</h2>
        {props.text && <Markdown text={props.text} className="cta-text" />}
        <Actions actions={props.actions} className="center" />
      </div>
    </section>
  )
}
