import MarkdownIt from 'markdown-it'
import { siteText } from '../config/messages/messages.js'
import { pointerOrigin } from '../config/read/locate.js'
import type { PageConfig, PostConfig, ServiceConfig, SiteConfig } from '../config/site-model.js'
import { fail, HeadingSkip, MissingH1 } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { DEFAULT_LANDING_LAYOUT } from './landing-model.js'

// The same parser settings as templates/components/Markdown.tsx: only heading tokens are read.
const md = new MarkdownIt({ html: false, linkify: false, typographer: true })

/** One heading a page will show, in document order, with where its text (or its cause) is written. */
interface PlannedHeading {
  readonly level: number
  readonly text: string
  readonly origin: Origin
  /** What to change when this heading follows an h`previous`. */
  readonly hint: (previous: number) => string
}

/**
 * Warnings for headings that skip a level (an h3 straight after the h1, an h4 after an h2): screen
 * reader users move through a page by its headings, and a skip reads as a missing section (WCAG
 * 1.3.1; axe's heading-order rule). Computed here from the sections and Markdown that the templates
 * render, so each warning points at the YAML or Markdown line that causes it; the templates' own
 * headings (header, footer, table of contents) never skip. A sections or service page with no h1
 * at all is warned too (landing layouts without a hero are an error: landing-layout.ts).
 */
export function findHeadingSkips(site: SiteConfig): ConfigError[] {
  const warnings: ConfigError[] = []
  for (const page of site.pages) {
    const origins = site.sectionOrigins[page.origin.file] ?? []
    const headings = pageHeadings(site, page, origins)
    const fix = page.markdown
      ? 'Start its Markdown with a `# Title` line, or put a `hero` section before it (its `title` is the h1).'
      : "Start it with a `hero` section: its `title` is the page's h1."
    // At the first section, where the hero would go.
    warnings.push(
      ...skipsOf(headings),
      ...withoutMainHeading(headings, `The page ${page.path}`, fix, (!page.markdown && origins[0]) || page.origin),
    )
  }
  for (const post of site.posts) warnings.push(...skipsOf(postHeadings(post)))
  for (const service of site.services) {
    const headings = serviceHeadings(site, service)
    const fix = service.skipHero
      ? "Leave its hero in (remove `skipHero`): the hero's headline is the page's h1."
      : "Put `hero` in its order (`page.order` in this service, or site.yaml `servicePage.order`): the hero's headline is the page's h1."
    warnings.push(...skipsOf(headings), ...withoutMainHeading(headings, `The service page of "${service.title}"`, fix, service.origin))
  }
  warnings.push(...landingSkips(site))
  return warnings
}

function skipsOf(headings: readonly PlannedHeading[]): ConfigError[] {
  const found: ConfigError[] = []
  // As axe's heading-order rule: the first heading sets the level the page starts from (a page
  // without an h1 is another matter).
  let previous = headings[0]?.level ?? 1
  for (const heading of headings) {
    if (heading.level > previous + 1) {
      found.push(fail(HeadingSkip, heading.origin, heading.text, heading.level, previous, heading.hint(previous)))
    }
    previous = heading.level
  }
  return found
}

/** A page with no h1 at all: search engines and screen reader users take the h1 for what the page is about. */
function withoutMainHeading(headings: readonly PlannedHeading[], page: string, fix: string, origin: Origin): ConfigError[] {
  return headings.some((h) => h.level === 1) ? [] : [fail(MissingH1, origin, page, fix)]
}

/** A page's headings; a Markdown page's text (pages/*.md) sits between its `before` and `after` sections. */
function pageHeadings(site: SiteConfig, page: PageConfig, origins: readonly Origin[]): PlannedHeading[] {
  if (!page.markdown) return sectionHeadings(site, page, origins)
  const { at, body, bodyLine } = page.markdown
  const lines = body.split('\n')
  const lineOrigin = (line: number): Origin => ({
    file: page.origin.file,
    path: '',
    line: bodyLine + line,
    column: 1,
    length: Math.max(1, lines[line]?.length ?? 1),
    lineText: lines[line] ?? '',
  })
  return [
    ...sectionHeadings(site, { ...page, sections: page.sections.slice(0, at) }, origins.slice(0, at)),
    ...markdownHeadings(body, page.origin, lineOrigin),
    ...sectionHeadings(site, { ...page, sections: page.sections.slice(at) }, origins.slice(at)),
  ]
}

/** A sections page: the headings each section type renders (templates/sections/), in order. */
function sectionHeadings(site: SiteConfig, page: PageConfig, origins: readonly Origin[]): PlannedHeading[] {
  const out: PlannedHeading[] = []
  page.sections.forEach((section, i) => {
    const origin = origins[i] ?? page.origin
    const untitled = () => `Give this ${section.type} section a \`heading\` (its h2), or move it below a section that has one.`
    const add = (level: number, text: string | undefined) => text && out.push({ level, text, origin, hint: untitled })
    const heading = 'heading' in section ? section.heading : undefined
    switch (section.type) {
      case 'hero':
        add(1, section.title)
        if (section.form) add(2, section.formTitle)
        return
      case 'text':
        add(2, heading)
        out.push(...markdownHeadings(section.body, origin))
        if (section.points?.length) add(3, section.pointsHeading)
        return
      case 'features':
        add(2, heading)
        add(3, section.items[0]?.title)
        add(3, section.note?.heading)
        return
      case 'services':
        add(2, heading)
        add(3, firstCardTitle(site, section.items))
        return
      case 'areas':
        add(2, heading)
        // Grouped by region, every group has an h3: a region's name, else `otherHeading`.
        add(
          3,
          section.groupBy === 'region'
            ? (section.otherHeading ?? siteText(site.site, 'otherAreas'))
            : section.groups.find((g) => g.heading)?.heading,
        )
        return
      case 'form':
        add(2, heading)
        add(3, section.bullets?.heading)
        add(3, section.points?.[0]?.title)
        add(3, section.formHeading)
        return
      default:
        add(2, heading)
    }
  })
  return out
}

/**
 * The first service card's title, its h3, as templates/sections/Services.tsx writes it: the card's
 * own `title`, else its service's; without `items`, the first of site.yaml `services`.
 */
function firstCardTitle(
  site: SiteConfig,
  items: readonly { readonly service: string; readonly title?: string }[] | undefined,
): string | undefined {
  const first = items ? items[0] : site.site.services?.[0] === undefined ? undefined : { service: site.site.services[0] }
  return first && (first.title ?? site.services.find((s) => s.slug === first.service)?.title)
}

/** The shared service template's order when site.yaml names none (templates/pages/ServicePage.tsx). */
const serviceOrder = [
  'hero',
  'body',
  'why',
  'benefits',
  'services',
  'industries',
  'areas',
  'testimonials',
  'contact',
  'faq',
  'cta',
] as const

/**
 * A service page: the shared service template's parts in their order, each with the heading of
 * site.yaml `servicePage.<part>` or the service's `page.<part>`; the warning points at the service.
 */
function serviceHeadings(site: SiteConfig, service: ServiceConfig): PlannedHeading[] {
  const defaults = site.site.servicePage ?? {}
  const own = service.page ?? {}
  const part = <K extends Exclude<keyof typeof defaults, 'order'>>(key: K) =>
    ({ ...defaults[key], ...own[key] }) as NonNullable<(typeof defaults)[K]>
  const out: PlannedHeading[] = []
  const add = (level: number, text: string | undefined, key: string) =>
    text &&
    out.push({
      level,
      text: text.replaceAll('{service}', service.title),
      origin: service.origin,
      hint: () =>
        `Give the ${key} section a heading: site.yaml \`servicePage.${key}.heading\`, or \`page.${key}.heading\` in this service.`,
    })
  for (const key of own.order ?? defaults.order ?? serviceOrder) {
    // The service's `body` has no heading of its own, only those its Markdown writes.
    if (key === 'body') {
      if (service.body) out.push(...markdownHeadings(service.body, service.origin))
      continue
    }
    if (key === 'hero') {
      if (!service.skipHero) add(1, service.headline ?? service.title, key)
    } else if (key === 'cta') {
      add(2, part('cta').heading, key)
    } else if (key === 'areas') {
      if (!(service.areas?.list ?? part('areas').list)) continue
      add(2, part('areas').heading, key)
      add(3, service.areas?.heading ?? service.areas?.more?.find((g) => g.heading)?.heading, key)
    } else if (key === 'contact') {
      const contact = part('contact')
      if (!contact.form) continue
      add(2, contact.heading, key)
      add(3, contact.points?.[0]?.title ?? contact.formHeading, key)
    } else {
      const items = {
        why: part('why').points,
        benefits: service.benefits,
        services: service.services,
        industries: service.industries ?? part('industries').items,
        testimonials: service.testimonials,
        faq: service.faqs,
      }[key]
      if (!items?.length) continue
      add(2, part(key).heading, key)
      // Feature grids title their items with h3; testimonials and questions have no headings.
      if (key !== 'testimonials' && key !== 'faq') add(3, (items[0] as { title?: string }).title, key)
      if (key === 'why') add(3, part('why').promise?.heading, key)
    }
  }
  return out
}

/**
 * Landing pages, one layout per service: a grid of items (h3) with no heading of its own right
 * after the hero's h1. Per service rather than per page, so a site of 10,000 pages gets one
 * warning per cause; texts of single pages (`pages[].content`) are not looked at.
 */
function landingSkips(site: SiteConfig): ConfigError[] {
  const landing = site.landing
  if (!landing) return []
  const slugs = new Set([...(landing.matrix ?? []).flatMap((m) => m.services), ...(landing.pages ?? []).map((p) => p.service)])
  return site.services
    .filter((service) => slugs.has(service.slug))
    .flatMap((service) => {
      const own = landing.services?.[service.slug]
      const text = <K extends keyof NonNullable<typeof own>>(key: K) => own?.[key] ?? landing.content?.[key]
      const origin = pointerOrigin(landing.origin.file, own ? `/services/${service.slug}` : landing.content ? '/content' : '', 'key')
      const hint = (key: string) => () =>
        `Give the section a heading: \`${key}\` in landing.yaml \`content\` or \`services.${service.slug}\`.`
      const headings: PlannedHeading[] = []
      const add = (level: number, heading: string | undefined, key = '') =>
        heading && headings.push({ level, text: heading, origin, hint: hint(key) })
      for (const block of own?.layout ?? landing.layout ?? DEFAULT_LANDING_LAYOUT) {
        if (block === 'hero') add(1, text('h1') ?? text('title') ?? service.title)
        else if (block === 'hero-form') {
          add(1, text('h1') ?? text('title') ?? service.title)
          add(2, text('formHeading'))
        } else if (block === 'highlights') {
          add(2, text('highlightsHeading'))
          add(3, (text('highlights') ?? service.services)?.[0]?.title, 'highlightsHeading')
        } else if (block === 'services') {
          add(2, text('servicesHeading'))
          add(3, site.services.find((s) => s.slug !== service.slug && site.site.services.includes(s.slug))?.title, 'servicesHeading')
        } else if (block === 'benefits') {
          add(2, text('benefitsHeading'))
          add(3, service.benefits?.[0]?.title, 'benefitsHeading')
        } else if (block !== 'breadcrumbs') add(2, text(sectionHeadingKeys[block]))
      }
      return skipsOf(headings)
    })
}

/** The landing.yaml text that heads each other landing section (its h2). */
const sectionHeadingKeys = {
  intro: 'introHeading',
  local: 'localHeading',
  testimonials: 'testimonialsHeading',
  'service-testimonials': 'serviceTestimonialsHeading',
  faq: 'faqHeading',
  'service-faq': 'serviceFaqHeading',
  nearby: 'areasHeading',
  siblings: 'siblingsHeading',
  form: 'formHeading',
  stats: 'statsHeading',
  cta: 'ctaHeading',
} as const

/** A post: its h1 is the title, and its body's Markdown headings follow as written. */
function postHeadings(post: PostConfig): PlannedHeading[] {
  const lines = post.body.split('\n')
  const at = (line: number): Origin => ({
    file: post.origin.file,
    path: '',
    line: post.bodyLine + line,
    column: 1,
    length: Math.max(1, lines[line]?.length ?? 1),
    lineText: lines[line] ?? '',
  })
  return [{ level: 1, text: post.title, origin: post.origin, hint: () => '' }, ...markdownHeadings(post.body, post.origin, at)]
}

/**
 * The headings of a Markdown text, as rendered (`##` is an h2). In a post each is placed at its
 * own line; in YAML at the section that holds the text.
 */
function markdownHeadings(text: string, origin: Origin, lineOrigin?: (line: number) => Origin): PlannedHeading[] {
  const tokens = md.parse(text, {})
  return tokens.flatMap((token, i) => {
    if (token.type !== 'heading_open') return []
    const level = Number(token.tag.slice(1))
    return [
      {
        level,
        text: tokens[i + 1]?.content ?? '',
        origin: lineOrigin && token.map ? lineOrigin(token.map[0]) : origin,
        hint: (previous: number) => `Write it as ${'#'.repeat(previous + 1)} (an h${previous + 1}), or add the missing level above it.`,
      },
    ]
  })
}
