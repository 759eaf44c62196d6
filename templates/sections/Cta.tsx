import type { CtaSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Markdown } from '../components/Markdown.js'

/** A closing call to action on a brand-coloured band. */
export function Cta(props: CtaSection) {
  return (
    <section className="section cta-band" id={props.id}>
      <div className="container narrow center">
        <h2>{props.heading}</h2>
        {props.text && <Markdown text={props.text} />}
        <Actions actions={props.actions} className="center" />
      </div>
    </section>
  )
}
