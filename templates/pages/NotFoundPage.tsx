import { Action } from '../components/Action.js'
import { usePage } from '../context.js'

/** 404.html: says the page is missing and leads home. */
export function NotFoundPage() {
  const { site } = usePage()
  return (
    <section className="section not-found">
      <div className="container narrow center">
        <p className="eyebrow">404</p>
        <h1>This page could not be found.</h1>
        <p>The address may be mistyped, or the page has moved.</p>
        <div className="actions center">
          <a className="btn btn-primary" href="/">
            Go to the home page
          </a>
          {site.header?.cta && <Action action={{ ...site.header.cta, style: 'secondary' }} />}
        </div>
      </div>
    </section>
  )
}
