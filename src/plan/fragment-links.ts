import { markdownHeadingIds } from '../config/checks/markdown-refs.js'
import { SHELL_IDS, TEMPLATE_IDS } from '../config/checks/template-ids.js'
import type { SiteConfig } from '../config/site-model.js'
import { FragmentNotOnPage, fail } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { closestMatch } from '../errors/did-you-mean.js'
import type { RoutePlan } from './route-plan.js'
import { linkPath } from './urls.js'

/** The ids a page will have, as far as the plan knows them. */
interface KnownIds {
  readonly ids: ReadonlySet<string>
  /** Ids made from a prefix: a form's fields (`quote-email`), the locations page's states. */
  readonly prefixes: readonly string[]
}

/**
 * Checks, before anything is rendered, the `#fragment` of every link written in YAML or Markdown
 * whose target page's ids the plan knows: the ids of its sections, of its forms and of its
 * Markdown headings, and those the shared templates always write (config/checks/template-ids.ts). A
 * `#fragment` alone names an element of the page its file makes. What only `build` can check
 * (README § What the build guarantees): links on a site with its own templates/, `#fragment`
 * links in site.yaml (they are on every page) or in a Markdown field of a YAML file.
 */
export function checkFragmentLinks(site: SiteConfig, routes: readonly RoutePlan[]): ConfigError[] {
  if (site.hasTemplateOverrides) return []
  const byUrl = new Map(routes.map((r) => [r.url, r]))
  const byFile = new Map(routes.filter((r) => r.template === 'sections' || r.template === 'service').map((r) => [r.origin.file, r]))
  const known = new Map<RoutePlan, KnownIds>()
  const knownOf = (route: RoutePlan) => {
    let ids = known.get(route)
    if (!ids) known.set(route, (ids = knownIds(site, route)))
    return ids
  }
  const errors: ConfigError[] = []
  for (const { href, origin } of site.links) {
    const hashAt = href.indexOf('#')
    if (hashAt === -1) continue
    const fragment = href.slice(hashAt + 1)
    if (fragment === '' || fragment === 'top') continue // both scroll to the top by definition
    const route = hashAt === 0 ? byFile.get(origin.file) : byUrl.get(linkPath(href))
    if (!route) continue // another page's problem (checkLinks), or a file
    let id = fragment
    try {
      id = decodeURIComponent(fragment)
    } catch {
      /* compared as written */
    }
    const ids = knownOf(route)
    if (hasId(ids, id)) continue
    errors.push(fail(FragmentNotOnPage, origin as Origin, href, route.url, id, closestMatch(id, ids.ids)))
  }
  return errors
}

const hasId = ({ ids, prefixes }: KnownIds, id: string) => ids.has(id) || prefixes.some((p) => id.startsWith(p))

function knownIds(site: SiteConfig, route: RoutePlan): KnownIds {
  const forms = Object.values(site.forms).map((f) => f.id)
  const ids = new Set([...SHELL_IDS, ...TEMPLATE_IDS[route.template], ...forms])
  const prefixes = forms.map((id) => `${id}-`)
  if (route.template === 'sections') {
    const page = route.props
    for (const section of page.sections) if (section.id) ids.add(section.id)
    if (page.markdown) for (const id of markdownHeadingIds(page.markdown.body)) ids.add(id)
  }
  if (route.template === 'post') for (const id of markdownHeadingIds(route.props.body)) ids.add(id)
  if (route.template === 'locations') prefixes.push('state-')
  return { ids, prefixes }
}
