import { escapePointer, pointerOrigin } from '../config/locate.js'
import { ConfigError } from '../errors/config-error.js'
import type { SiteConfig } from '../types.js'

/**
 * Every landing layout shows one hero, the page's only h1, and the form at most once (the schema
 * cannot say "contains" without a complaint about every other item of the list).
 */
export function checkLayouts(landing: NonNullable<SiteConfig['landing']>): ConfigError[] {
  const layouts: [string, readonly string[] | undefined][] = [
    ['/layout', landing.layout],
    ...Object.entries(landing.services ?? {}).map(([slug, content]): [string, readonly string[] | undefined] => [`/services/${escapePointer(slug)}/layout`, content.layout]),
    ...(landing.pages ?? []).map((page, i): [string, readonly string[] | undefined] => [`/pages/${i}/content/layout`, page.content?.layout]),
  ]
  const problem = (layout: readonly string[]): [string, string] | undefined => {
    const heroes = layout.filter((b) => b === 'hero' || b === 'hero-form').length
    if (heroes === 0) return ['This landing layout has no `hero`, so its pages would have no headline (h1).', 'Add `hero` (or `hero-form`) to the list, usually first.']
    if (heroes > 1) return ['This landing layout has both `hero` and `hero-form`, so its pages would have two headlines (h1).', 'Keep one of them.']
    if (layout.includes('hero-form') && layout.includes('form')) return ['This landing layout has both `hero-form` and `form`, so its pages would show the form twice.', 'Keep one of them.']
    return undefined
  }
  return layouts.flatMap(([pointer, layout]) => {
    const found = layout && problem(layout)
    return found ? [new ConfigError({ code: 'bad-value', message: found[0], hint: found[1], ...pointerOrigin(landing.origin.file, pointer) })] : []
  })
}
