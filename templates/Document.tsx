import { absoluteUrl } from '../src/plan/urls.js'
import { usePage } from './context.js'

export interface DocumentProps {
  /** The rendered body markup. */
  body: string
  hasWidgets: boolean
}

/** The HTML document around a page: language, title, description, canonical link, assets. */
export function Document({ body, hasWidgets }: DocumentProps) {
  const { site, route, assets } = usePage()
  // The canonical link is the page's own address without a query string (spec § 3).
  const canonical = absoluteUrl(site.url, route.url)
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{route.title}</title>
        {route.description && <meta name="description" content={route.description} />}
        {route.template !== 'not-found' && <link rel="canonical" href={canonical} />}
        {route.noindex && <meta name="robots" content="noindex" />}
        <link rel="stylesheet" href={assets.css} />
        {hasWidgets && assets.js && <script type="module" src={assets.js} />}
      </head>
      <body dangerouslySetInnerHTML={{ __html: body }} />
    </html>
  )
}
