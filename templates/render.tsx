import { renderToStaticMarkup } from 'react-dom/server'
import { stylesheetFor } from '../src/html/selector-names.js'
import type { TemplateRoute } from '../src/plan/route-plan.js'
import type { RenderContext } from '../src/render/render-context.js'
import { contextFor, PageContextProvider } from './context.js'
import { Document } from './Document.js'
import { isolateBidi } from './isolate-bidi.js'
import { BlogIndexPage } from './pages/BlogIndexPage.js'
import { FormSuccessPage } from './pages/FormSuccessPage.js'
import { LandingPage } from './pages/LandingPage.js'
import { LocationsPage } from './pages/LocationsPage.js'
import { NotFoundPage } from './pages/NotFoundPage.js'
import { PostPage } from './pages/PostPage.js'
import { SectionsPage } from './pages/SectionsPage.js'
import { ServicePage } from './pages/ServicePage.js'
import { applyBasePath, applyLanguageLinks } from './seo/body-markup.js'
import { languageSlotPieces, withLanguageLinks } from './shell/LanguageLinks.js'
import { Shell } from './shell/Shell.js'
import { type SharedPart, shellParts, spliceParts } from './shell/shared-parts.js'
import { typesetHtml } from './typeset.js'

/** The page component of the route's template, given the route's props. */
function pageOf(route: TemplateRoute): React.ReactNode {
  switch (route.template) {
    case 'sections':
      return <SectionsPage {...route.props} />
    case 'service':
      return <ServicePage {...route.props} />
    case 'landing':
      return <LandingPage {...route.props} />
    case 'post':
      return <PostPage {...route.props} />
    case 'blog-index':
      return <BlogIndexPage {...route.props} />
    case 'locations':
      return <LocationsPage {...route.props} />
    case 'not-found':
      return <NotFoundPage />
    case 'form-success':
      return <FormSuccessPage {...route.props} />
    default:
      return unknownTemplate(route)
  }
}

/** Fails to compile when a template is added without a case above. */
function unknownTemplate(route: never): never {
  throw new Error(`no page component for template ${(route as TemplateRoute).template}`)
}

/**
 * Renders one route to a complete HTML document. The body is rendered first so the document
 * knows whether the page has any widget: a page without one loads no script at all.
 */
export function renderRoute(route: TemplateRoute, siteContext: RenderContext): string {
  const context = contextFor(siteContext, route.language)
  const page = { ...context, route }
  const parts = shellParts(route, context)
  const rendered = withLanguageLinks(
    spliceParts(
      renderToStaticMarkup(
        <PageContextProvider value={page}>
          <Shell parts={parts}>{pageOf(route)}</Shell>
        </PageContextProvider>,
      ),
      parts,
    ),
    route.otherLanguages,
  )
  const body = finishBody(rendered, context)
  const hasWidgets = body.includes('data-widget=')
  const { inlineCss, pageSheets } = context.assets
  const stylesheet = inlineCss === undefined ? undefined : stylesheetFor(body, pageSheets, inlineCss)
  const html =
    '<!doctype html>' +
    renderToStaticMarkup(
      <PageContextProvider value={page}>
        <Document body={body} hasWidgets={hasWidgets} stylesheet={stylesheet} />
      </PageContextProvider>,
    )
  return finishDocument(withPagePolicy(html, context.pagePolicy), context)
}

/**
 * One typographer for every field, after rendering, so no template has to remember it. Then
 * right-to-left text is isolated, in every field alike (templates/isolate-bidi.ts).
 */
function finishBody(html: string, context: RenderContext): string {
  return isolateBidi(context.site.typographer ? typesetHtml(html) : html)
}

/** Every address in the page's language, then under the site's base path. */
function finishDocument(html: string, context: RenderContext): string {
  return applyBasePath(applyLanguageLinks(html, context), context.site.basePath)
}

/** The shared parts' markup as pages hold it, per part: parts are per context, and so is finishing them. */
const finishedParts = new WeakMap<SharedPart, readonly string[]>()

/**
 * The markup of the shared header and footer as the page of `route` holds it word for word, in
 * page order, the places of the page's own language links left out: for the checks' scanner to
 * read once, not on every page (collectPageFacts' `shared`). What a page does not hold as given
 * here, the scanner reads on the page.
 */
export function sharedMarkup(route: TemplateRoute, siteContext: RenderContext): readonly string[] {
  const context = contextFor(siteContext, route.language)
  const parts = shellParts(route, context)
  return [parts.header, parts.footer].flatMap((part) => {
    if (!part) return []
    let finished = finishedParts.get(part)
    if (!finished) {
      finished = languageSlotPieces(part.html).map((piece) => finishDocument(finishBody(piece, context), context))
      finishedParts.set(part, finished)
    }
    return finished
  })
}

/**
 * The meta Content-Security-Policy (hosts that send no headers) right after `<meta charset>`, before
 * any inline style or script it must govern. Spliced in, since React puts its viewport meta
 * second whatever the order of the head's children.
 */
function withPagePolicy(html: string, policy: string | undefined): string {
  if (policy === undefined) return html
  const charset = '<meta charSet="utf-8"/>'
  const found = html.indexOf(charset)
  if (found === -1) return html
  const at = found + charset.length
  const content = policy.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${content}"/>${html.slice(at)}`
}
