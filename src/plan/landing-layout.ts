import { escapePointer, pointerOrigin } from '../config/read/locate.js'
import type { SiteConfig } from '../config/site-model.js'
import { fail, LayoutWithFormTwice, LayoutWithoutHero, LayoutWithTwoHeroes } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'

/**
 * Every landing layout shows one hero, the page's only h1, and the form at most once (the schema
 * cannot say "contains" without a complaint about every other item of the list).
 */
export function checkLayouts(landing: NonNullable<SiteConfig['landing']>): ConfigError[] {
  const layouts: [string, readonly string[] | undefined][] = [
    ['/layout', landing.layout],
    ...Object.entries(landing.services ?? {}).map(([slug, content]): [string, readonly string[] | undefined] => [
      `/services/${escapePointer(slug)}/layout`,
      content.layout,
    ]),
    ...(landing.pages ?? []).map((page, i): [string, readonly string[] | undefined] => [
      `/pages/${i}/content/layout`,
      page.content?.layout,
    ]),
  ]
  const problem = (layout: readonly string[]) => {
    const heroes = layout.filter((b) => b === 'hero' || b === 'hero-form').length
    if (heroes === 0) return LayoutWithoutHero
    if (heroes > 1) return LayoutWithTwoHeroes
    if (layout.includes('hero-form') && layout.includes('form')) return LayoutWithFormTwice
    return undefined
  }
  return layouts.flatMap(([pointer, layout]) => {
    const found = layout && problem(layout)
    return found ? [fail(found, pointerOrigin(landing.origin.file, pointer))] : []
  })
}
