import type { EducationalOccupationalCredential, OpeningHoursSpecification, PersonLeaf, WebPage } from 'schema-dts'
import type { PageInput, TeamSection } from '../../src/config/site-input.generated.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { absoluteUrl } from '../../src/plan/urls.js'
import type { PageContext } from '../context.js'
import { socialImage } from './page-image.js'

/**
 * The structured data of the business facts with keys of their own: licences and certifications,
 * special days, the team, and a page's last-updated date. templates/seo/structured-data.ts puts
 * them into the page's graph.
 */

/** site.yaml `business.credentials` → schema.org `hasCredential`. */
export function credentialsOf(business: SiteMeta['business']): EducationalOccupationalCredential[] | undefined {
  if (!business?.credentials) return undefined
  return business.credentials.map((c) =>
    prune<EducationalOccupationalCredential>({
      '@type': 'EducationalOccupationalCredential',
      name: c.name,
      credentialCategory: c.category ?? 'certification',
      identifier: c.number,
      recognizedBy: c.issuer ? { '@type': 'Organization', name: c.issuer } : undefined,
    }),
  )
}

/**
 * site.yaml `business.specialHours` as Google documents holiday hours: one
 * OpeningHoursSpecification valid from and through the day (or run of days), with its hours,
 * or opening and closing at 00:00 when closed.
 */
export function specialHoursOf(business: SiteMeta['business']): OpeningHoursSpecification[] {
  return (business?.specialHours ?? []).map((day) =>
    prune<OpeningHoursSpecification>({
      '@type': 'OpeningHoursSpecification',
      name: day.name,
      validFrom: day.date,
      validThrough: day.through ?? day.date,
      opens: day.opens ?? '00:00',
      closes: day.closes ?? '00:00',
    }),
  )
}

/**
 * The people of a page's team sections as schema.org Person, for the business's `employee`.
 * Only the page that shows them carries them: structured data describes what its page shows.
 */
export function employeesOf(page: PageContext): PersonLeaf[] | undefined {
  const { route } = page
  if (route.template !== 'sections') return undefined
  const sections: PageInput['sections'] = route.props.sections
  const members = sections.flatMap((s) => (s.type === 'team' ? (s as TeamSection).members : []))
  if (members.length === 0) return undefined
  return members.map((m) =>
    prune<PersonLeaf>({
      '@type': 'Person',
      name: m.name,
      jobTitle: m.role,
      description: m.bio,
      image: m.photo ? socialImage(page, { src: m.photo })?.url : undefined,
    }),
  )
}

/**
 * The page as a WebPage published by the business (by its `@id`, described in full on the home
 * page), with its `dateModified` where pages/*.yaml or *.md give `updated`.
 */
export function webPageOf(page: PageContext, businessId: string): WebPage {
  const { route, site } = page
  const updated = route.template === 'sections' ? route.props.updated : undefined
  // On a site in several languages every page says its own; a site in one language says it once, in `lang`.
  const inLanguage = site.languages.length > 1 ? site.language : undefined
  const url = absoluteUrl(site.url, route.url, site.trailingSlash)
  return prune<WebPage>({
    '@type': 'WebPage',
    '@id': `${url}#webpage`,
    url,
    name: route.title,
    inLanguage,
    dateModified: updated,
    publisher: { '@id': businessId },
  })
}

function prune<T extends object>(thing: T): T {
  return Object.fromEntries(Object.entries(thing).filter(([, v]) => v !== undefined && v !== '')) as T
}
