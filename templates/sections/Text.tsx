import type { TextSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Image } from '../components/Image.js'
import { Markdown } from '../components/Markdown.js'
import { TickList } from '../components/TickList.js'

/** A heading and Markdown body (intros, stories, legal text), with an optional ticked list and image. */
export function Text(props: TextSection) {
  const split = Boolean(props.image)
  return (
    <section className={`section section-text tone-${props.tone ?? 'plain'}`} id={props.id}>
      <div className={split ? `container split image-${props.imagePosition ?? 'right'}` : 'container narrow'}>
        <div className="text-body">
          {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
          {props.heading && <h2>{props.heading}</h2>}
          <Markdown text={props.body} />
          {props.points && (
            <div className="text-points">
              {props.pointsHeading && <h3>{props.pointsHeading}</h3>}
              <TickList items={props.points} />
            </div>
          )}
          <Actions actions={props.actions} />
        </div>
        {props.image && (
          <div className="text-media">
            <Image src={props.image} alt={props.imageAlt ?? ''} sizes="(min-width: 900px) 50vw, 100vw" className="rounded" />
          </div>
        )}
      </div>
    </section>
  )
}
