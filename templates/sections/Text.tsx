import type { TextSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Image } from '../components/Image.js'
import { Markdown } from '../components/Markdown.js'

export function Text(props: TextSection) {
  return (
    <section className={`section tone-${props.tone ?? 'plain'}`} id={props.id}>
      <div className={props.image ? 'container split' : 'container narrow'}>
        <div>
          {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
          {props.heading && <h2>{props.heading}</h2>}
          <Markdown text={props.body} />
          <Actions actions={props.actions} />
        </div>
        {props.image && <Image src={props.image} alt={props.imageAlt ?? ''} sizes="(min-width: 900px) 50vw, 100vw" className="rounded" />}
      </div>
    </section>
  )
}
