import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { TemplateRoute } from '../../src/plan/route-plan.js'
import type { RenderContext } from '../../src/render/render-context.js'
import { type WalkthroughScope, WalkthroughScopeProvider } from '../components/WalkthroughDialog.js'
import { PageContextProvider } from '../context.js'
import { splitHoisted } from '../seo/body-markup.js'
import { Footer } from './Footer.js'
import { Header } from './Header.js'
import { type HeaderVariant, headerVariant } from './header-variant.js'

/**
 * The parts of the shell every page has (the header with its mobile menu, the footer) are the
 * same on thousands of pages: they are rendered once per build and variant and their markup is
 * spliced into each page. A part's markup depends on the render context, which is one
 * object per build (and per render worker), and on what the part takes from the page: the header
 * only its variant (header-variant.ts), the footer nothing. So the parts are kept per context
 * object and per variant. A part is rendered with a route that throws when read: one that reads
 * its page anyway (a site's own Footer.tsx may) is rendered in place on every page instead.
 */
export interface SharedPart {
  /** Its markup, without the resource links React hoisted out of it. */
  readonly html: string
  /** The resource links (preloads) React hoisted out of it, as React writes them. */
  readonly hoisted: readonly string[]
  /** Walkthrough buttons in it (WalkthroughDialog renders its popup only when a page has one). */
  readonly walkthroughs: number
}

/** The page's shell parts: shared, or undefined where the part must be rendered in place. */
export interface ShellParts {
  readonly headerVariant: HeaderVariant
  readonly header?: SharedPart
  readonly footer?: SharedPart
}

const byContext = new WeakMap<RenderContext, Map<string, SharedPart | 'in place'>>()

/** The header and footer of the page of `route`, each rendered at most once per context and variant. */
export function shellParts(route: TemplateRoute, context: RenderContext): ShellParts {
  let parts = byContext.get(context)
  if (!parts) byContext.set(context, (parts = new Map()))
  const variant = headerVariant(route, context.site)
  return {
    headerVariant: variant,
    header: partOf(parts, `header|${variant.overHero}|${variant.navUrl ?? ''}`, context, <Header {...variant} />),
    footer: partOf(parts, 'footer', context, <Footer />),
  }
}

function partOf(
  parts: Map<string, SharedPart | 'in place'>,
  key: string,
  context: RenderContext,
  element: ReactElement,
): SharedPart | undefined {
  const known = parts.get(key)
  if (known) return known === 'in place' ? undefined : known
  const scope: WalkthroughScope = { buttons: 0 }
  let markup: string
  try {
    markup = renderToStaticMarkup(
      <PageContextProvider value={{ ...context, route: unreadableRoute }}>
        <WalkthroughScopeProvider value={scope}>{element}</WalkthroughScopeProvider>
      </PageContextProvider>,
    )
  } catch {
    // It read its page (routeRead), or it threw: rendered in place, its error is reported with the page.
    parts.set(key, 'in place')
    return undefined
  }
  const { hoisted, rest } = splitHoisted(markup)
  const part = { html: rest, hoisted: linksOf(hoisted), walkthroughs: scope.buttons }
  parts.set(key, part)
  return part
}

const routeRead = new Error('A shared part of the shell read the page it is on.')

/** What a shared part sees as its page's route. */
const unreadableRoute = new Proxy({} as TemplateRoute, {
  get() {
    throw routeRead
  },
})

/** Where Shell puts a shared part: its <template data-citypress-part> as React writes it. */
function partMarker(name: 'header' | 'footer'): string {
  return `<template data-citypress-part="${name}"></template>`
}

/**
 * The page's body markup with the shared parts in their places, and their hoisted links with the
 * page's own, in the order one render of the whole page gives: the header's (it comes first),
 * the page's, the footer's, each link once.
 */
export function spliceParts(body: string, parts: ShellParts): string {
  if (!parts.header && !parts.footer) return body
  const { hoisted, rest } = splitHoisted(body)
  const links = [...new Set([...(parts.header?.hoisted ?? []), ...linksOf(hoisted), ...(parts.footer?.hoisted ?? [])])]
  let spliced = rest
  for (const name of ['header', 'footer'] as const) {
    const part = parts[name]
    if (!part) continue
    const marker = partMarker(name)
    const at = spliced.indexOf(marker)
    if (at < 0) throw new Error(`The shell has no ${name} marker to splice its ${name} into (templates/shell/Shell.tsx).`)
    spliced = spliced.slice(0, at) + part.html + spliced.slice(at + marker.length)
  }
  return links.join('') + spliced
}

function linksOf(hoisted: string): string[] {
  return hoisted.match(/<link [^>]*\/>/g) ?? []
}
