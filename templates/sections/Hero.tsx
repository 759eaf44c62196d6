import type { HeroSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Icon } from '../components/Icon.js'
import { Image } from '../components/Image.js'
import { Markdown } from '../components/Markdown.js'

/** The opening band of a page; its title is the page's only h1. */
export function Hero(props: HeroSection) {
  const height = props.height ?? '75vh'
  return (
    <section className={`hero hero-h-${height.replace('vh', '')}${props.image ? ' has-image' : ''}`} id={props.id}>
      {props.image && <Image src={props.image} alt={props.imageAlt ?? ''} priority className="hero-bg" />}
      <div className="container hero-inner">
        <div className="hero-copy">
          {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
          <h1>{props.title}</h1>
          {props.lead && <Markdown text={props.lead} className="hero-lead" />}
          {props.points && (
            <ul className="tick-list">
              {props.points.map((p) => <li key={p}><Icon name="circle-check" size={20} />{p}</li>)}
            </ul>
          )}
          <Actions actions={props.actions} />
          {props.badges && (
            <ul className="badges" aria-label="Why customers trust us">
              {props.badges.map((b) => <li key={b} className="badge"><Icon name="shield-check" size={18} />{b}</li>)}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
