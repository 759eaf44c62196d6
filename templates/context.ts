import { createContext, createElement, Fragment, type ReactNode, useContext } from 'react'
import { HOLE, type MessageKey, siteText } from '../src/config/messages/messages.js'

import type { TemplateRoute } from '../src/plan/route-plan.js'
import { href } from '../src/plan/urls.js'
import type { RenderContext } from '../src/render/render-context.js'

export interface PageContext extends RenderContext {
  readonly route: TemplateRoute
}

const Context = createContext<PageContext | null>(null)
export const PageContextProvider = Context.Provider

/** The site data and the current route, for any component. */
export function usePage(): PageContext {
  const value = useContext(Context)
  if (!value) throw new Error('usePage() outside a page render')
  return value
}

/** `href()` for this site: a root-relative address with the site's base path in front. */
export function useHref(): (path: string) => string {
  const { site } = usePage()
  return (path) => href(site.basePath, path)
}

/** A text of ours with an element in its HOLE ("Serving <bdi>…</bdi>"), for React to render. */
export function around(text: string, element: ReactNode): ReactNode {
  const [before, after] = text.split(HOLE)
  return createElement(Fragment, null, before, element, after)
}

/** An entry of the site's words, its values filled in. */
export type SiteText = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string

/** citypress's own words for this page, in the site's language: `text('skipToContent')`. */
export function useText(): SiteText {
  const { site } = usePage()
  return (key, values) => siteText(site, key, values)
}

const editionContexts = new WeakMap<RenderContext, Map<string, RenderContext>>()

/**
 * The context a page of `language` is rendered with: the site's in that language. One object per
 * language and context, so what is kept per context (the shared header and footer) is kept per language.
 */
export function contextFor(context: RenderContext, language: string | undefined): RenderContext {
  const edition = language === undefined ? undefined : context.editions?.[language]
  if (!edition) return context
  let known = editionContexts.get(context)
  if (!known) editionContexts.set(context, (known = new Map()))
  let found = known.get(language!)
  if (!found) known.set(language!, (found = { ...context, ...edition, editions: undefined }))
  return found
}
