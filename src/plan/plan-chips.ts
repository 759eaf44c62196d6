import { escapePointer, pointerOrigin } from '../config/read/locate.js'
import type { SiteConfig } from '../config/site-model.js'
import { ChipsWithoutPage, fail } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { landingKey } from './plan-landing.js'
import { cityName } from './slug.js'

interface ChipUse {
  readonly list: string
  readonly service: string
}

/**
 * Area chips link to their landing page when it exists and are plain text otherwise
 * (templates/components/AreaChips.tsx). For a service with no landing pages at all that is the
 * intent; but when a service has landing pages and some chips of its lists still have none, a
 * visitor sees some towns as links and others not, usually because an area is missing from a
 * matrix rule. All such chips are listed in one warning, at the first area list's line.
 */
export function findChipsWithoutPage(site: SiteConfig, landingUrls: Readonly<Record<string, string>>): ConfigError[] {
  const servicesWithPages = new Set(Object.keys(landingUrls).map((key) => key.slice(key.lastIndexOf('|') + 1)))
  const uses: ChipUse[] = []
  for (const page of site.pages) {
    for (const section of page.sections as {
      type: string
      landingService?: string
      allowPlainChips?: boolean
      groups?: { list: string }[]
    }[]) {
      if (section.type !== 'areas' || !section.landingService || section.allowPlainChips) continue
      for (const group of section.groups ?? []) uses.push({ list: group.list, service: section.landingService })
    }
  }
  for (const service of site.services) {
    // Mirrors templates/pages/ServicePage.tsx: the service's own lists, else servicePage's.
    const list = service.areas?.list ?? site.site.servicePage?.areas?.list
    if (!list || (service.areas?.allowPlainChips ?? site.site.servicePage?.areas?.allowPlainChips)) continue
    const target = service.areas?.landingService ?? service.slug
    for (const one of [list, ...(service.areas?.more ?? []).map((g) => g.list)]) uses.push({ list: one, service: target })
  }

  const missing = new Map<string, Set<string>>()
  const lists: string[] = []
  for (const { list, service } of uses) {
    if (!servicesWithPages.has(service)) continue
    for (const area of Object.hasOwn(site.areas.lists, list) ? site.areas.lists[list]! : []) {
      if (landingUrls[landingKey(area, service)]) continue
      const services = missing.get(area) ?? new Set<string>()
      missing.set(area, services.add(service))
      if (!lists.includes(list)) lists.push(list)
    }
  }
  if (missing.size === 0) return []
  const shown = [...missing].slice(0, 8).map(([area, services]) => `${cityName(area)} (${[...services].join(', ')})`)
  const origin = site.areasFile
    ? pointerOrigin(site.areasFile, `/lists/${escapePointer(lists[0]!)}`, 'key')
    : { file: 'areas.yaml', path: '' }
  return [fail(ChipsWithoutPage, { ...origin, path: `lists.${lists[0]}` }, lists, shown, missing.size)]
}
