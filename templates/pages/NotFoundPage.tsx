import { Action } from '../components/Action.js'
import { usePage, useText } from '../context.js'

/** 404.html: says the page is missing and leads home. */
export function NotFoundPage() {
  const { site } = usePage()
  const text = useText()
  return (
    <section className="section not-found">
      <div className="container narrow center">
        <p className="eyebrow">404</p>
        <h1>{text('notFoundHeading')}</h1>
        <p>{text('notFoundHelp')}</p>
        <div className="actions center">
          <a className="btn btn-primary" href="/">
            {text('goHome')}
          </a>
          {site.header?.cta && <Action action={{ ...site.header.cta, style: 'secondary' }} />}
        </div>
      </div>
    </section>
  )
}
