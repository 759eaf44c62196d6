import type { HeroSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { Badges } from '../components/Badges.js'
import { Form } from '../components/Form.js'
import { Image } from '../components/Image.js'
import { Markdown } from '../components/Markdown.js'
import { TickList } from '../components/TickList.js'

/**
 * The opening band of a page; its title is the page's only h1. Two layouts: `background` puts the image behind the text and an optional form on
 * the right; `split` stacks headline, form and buttons on the left and shows the image on the
 * right with the trust badges over it.
 */
export function Hero(props: HeroSection & { formHidden?: Readonly<Record<string, string>> }) {
  const height = props.height ?? '75vh'
  const layout = props.layout ?? 'background'
  const classes = [
    'hero',
    `hero-${layout}`,
    `hero-h-${height.replace('vh', '')}`,
    props.image && layout === 'background' ? 'has-image' : '',
    props.form ? 'has-form' : '',
    props.form && props.formOnMobile === false ? 'form-desktop-only' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const form = props.form && (
    <div className="hero-form">
      {props.formTitle && <h2 className="form-title">{props.formTitle}</h2>}
      {props.formText && <p className="form-intro">{props.formText}</p>}
      <Form name={props.form} hidden={props.formHidden} />
    </div>
  )
  const notice = props.notice && <p className="hero-notice">{props.notice}</p>
  const copy = (
    <>
      {props.eyebrow && <p className="eyebrow">{props.eyebrow}</p>}
      <h1>{props.title}</h1>
      {props.lead && <Markdown text={props.lead} className="hero-lead" />}
      <TickList items={props.points} />
    </>
  )
  if (layout === 'split') {
    return (
      <section className={classes} id={props.id}>
        <div className="container hero-inner">
          <div className="hero-copy">
            {copy}
            {form}
            <Actions actions={props.actions} />
            {notice}
          </div>
          <div className="hero-media">
            {props.image && (
              <Image
                src={props.image}
                alt={props.imageAlt ?? ''}
                priority
                className="hero-media-img"
                sizes="(min-width: 1024px) 50vw, 100vw"
              />
            )}
            <Badges items={props.badges} className="badges-over" />
          </div>
        </div>
      </section>
    )
  }
  return (
    <section className={classes} id={props.id}>
      {props.image && <Image src={props.image} alt={props.imageAlt ?? ''} priority className="hero-bg" />}
      <div className="container hero-inner">
        <div className="hero-copy">
          {copy}
          <Actions actions={props.actions} />
          {notice}
          <Badges items={props.badges} />
        </div>
        {form}
      </div>
    </section>
  )
}
