import { blogTitle } from '../src/config/messages/messages.js'
import { absoluteUrl, feedUrl } from '../src/plan/urls.js'
import { JsonLd } from './components/JsonLd.js'
import { usePage } from './context.js'
import { inlineScripts } from './inline-code.js'
import { applyTrailingSlash, splitHoisted } from './seo/body-markup.js'
import { HoistedLinks } from './seo/HoistedLinks.js'
import { SocialMeta } from './seo/SocialMeta.js'
import { structuredData } from './seo/structured-data.js'

export interface DocumentProps {
  /** The rendered body markup. */
  body: string
  hasWidgets: boolean
  /** The stylesheet to inline, the one cut for this page (templates/render.tsx); else the linked one. */
  stylesheet?: string
}

/**
 * The HTML document around a page. The head is ordered for the first paint: charset and
 * viewport, then the requests the page needs first (the body font, the largest above-the-fold
 * image and the logo, preloaded with high priority), then the stylesheet (inlined when small, so
 * nothing blocks rendering), then everything that only crawlers read: description, canonical
 * link, Open Graph and Twitter tags, the RSS link on blog pages and the JSON-LD graph.
 */
export function Document({ body, hasWidgets, stylesheet }: DocumentProps) {
  const page = usePage()
  const { site, route, assets, posts, brand } = page
  const policy = site.trailingSlash ?? 'never'
  // The canonical link is the page's own address without a query string.
  const canonical = absoluteUrl(site.url, route.url, policy)
  const { hoisted, rest } = splitHoisted(body)
  const isBlog = (route.template === 'post' || route.template === 'blog-index') && posts.length > 0
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{route.title}</title>
        {assets.fonts[0] && <link rel="preload" href={assets.fonts[0]} as="font" type="font/woff2" crossOrigin="anonymous" />}
        <HoistedLinks markup={hoisted} />
        {stylesheet ? <style dangerouslySetInnerHTML={{ __html: stylesheet }} /> : <link rel="stylesheet" href={assets.css} />}
        {/* Allowed by its hash in the CSP, as every inline script in templates/inline-code.ts. */}
        {hasWidgets && assets.js && <script dangerouslySetInnerHTML={{ __html: inlineScripts.jsClass }} />}
        {hasWidgets && assets.js && <script type="module" src={assets.js} />}
        {route.description && <meta name="description" content={route.description} />}
        {route.template !== 'not-found' && <link rel="canonical" href={canonical} />}
        {route.alternates?.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={absoluteUrl(site.url, a.url, policy)} />
        ))}
        {route.noindex && <meta name="robots" content="noindex" />}
        {/* Without an icon, an empty one stops the browser's /favicon.ico request (a 404). */}
        <link rel="icon" href={brand.icon?.href ?? 'data:,'} type={brand.icon?.type} />
        {brand.appleTouchIcon && <link rel="apple-touch-icon" href={brand.appleTouchIcon} />}
        {brand.manifest && <link rel="manifest" href={brand.manifest} />}
        <meta name="theme-color" content={brand.themeColor} />
        <SocialMeta canonical={canonical} />
        {isBlog && <link rel="alternate" type="application/rss+xml" title={`${site.name}: ${blogTitle(site)}`} href={feedUrl(site)} />}
        {/* Every page, the 404 included, names the business. */}
        <JsonLd data={structuredData(page)} />
      </head>
      <body dangerouslySetInnerHTML={{ __html: applyTrailingSlash(rest, policy) }} />
    </html>
  )
}
