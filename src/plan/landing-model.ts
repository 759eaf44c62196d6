/**
 * The props of one /lp/{city}-{service} page: every text already filled and every link already
 * resolved by plan/, so the template only lays it out and the quality gate can read exactly what
 * the page will say (landing-text.ts) before anything is rendered.
 *
 * Kept free of imports with runtime code: templates/ bundles this file.
 */
import type { Action, Faq, Feature, LandingLayout, Stat, Testimonial } from '../config/site-input.generated.js'

export interface LandingLink {
  readonly label: string
  readonly href: string
}

export interface NearbyLink extends LandingLink {
  /** Straight-line miles from the page's city; absent when areas have no coordinates. */
  readonly miles?: number
  /** The miles as the page shows them, in its language ("4.2 mi"). */
  readonly distance?: string
}

export interface ServiceCard {
  readonly slug: string
  readonly title: string
  /** The service's `summary`, else its `description`. */
  readonly description: string
  readonly features?: readonly string[]
}

/**
 * Hidden fields every landing-page form carries so a lead names the page it came from. The
 * names are a documented convention (README § Attribution): a forms.yaml form
 * used on landing pages must declare them for the host's form detection.
 */
export const LANDING_HIDDEN_FIELDS = ['pageCity', 'pageService', 'pagePath'] as const

/** One section of a landing page (landing.yaml `layout`; the schema lists what each shows). */
export type LandingBlock = LandingLayout[number]

/**
 * The layout of a landing page whose landing.yaml names none: the generic landing variant of the
 * spec, in its order. The schema's `default` says the same for editors.
 */
export const DEFAULT_LANDING_LAYOUT: readonly LandingBlock[] = [
  'hero',
  'breadcrumbs',
  'intro',
  'local',
  'highlights',
  'testimonials',
  'faq',
  'nearby',
  'siblings',
  'form',
]

export interface LandingFact {
  readonly label: string
  readonly items: readonly string[]
}

export interface LandingPageProps {
  readonly url: string
  /** Area name as written in areas.yaml: "Ft. Collins, CO". */
  readonly area: string
  readonly city: string
  readonly state: string
  readonly citySlug: string
  readonly service: { readonly slug: string; readonly title: string; readonly url: string }
  /** The meta description, also the JSON-LD description. */
  readonly description: string
  readonly county?: string
  readonly geo?: { readonly lat: number; readonly lng: number }
  /**
   * The sections in the order they are rendered; a section whose props below are absent is left
   * out. The template and the quality gate's text (landing-text.ts) both follow this order.
   */
  readonly layout: readonly LandingBlock[]
  /** Also the BreadcrumbList JSON-LD; shown only when the layout has `breadcrumbs`. */
  readonly breadcrumbs: readonly LandingLink[]
  readonly hero: {
    readonly eyebrow?: string
    readonly title: string
    readonly lead?: string
    readonly badges: readonly string[]
    readonly actions: readonly Action[]
    readonly height: 'auto' | '60vh' | '70vh' | '75vh'
    readonly image?: string
    readonly imageAlt?: string
  }
  readonly intro?: { readonly heading?: string; readonly text: string }
  readonly local?: { readonly heading?: string; readonly text?: string; readonly facts: readonly LandingFact[] }
  readonly highlights?: { readonly heading?: string; readonly text?: string; readonly items: readonly Feature[] }
  readonly benefits?: { readonly heading?: string; readonly text?: string; readonly items: readonly Feature[] }
  /** Cards of the site's other services, as templates/sections/Services.tsx shows them. */
  readonly serviceCards?: {
    readonly heading?: string
    readonly text?: string
    /** Each card's link ("Learn more"). */
    readonly linkLabel: string
    readonly items: readonly ServiceCard[]
  }
  readonly testimonials?: { readonly heading?: string; readonly items: readonly Testimonial[] }
  readonly serviceTestimonials?: { readonly heading?: string; readonly items: readonly Testimonial[] }
  /**
   * The questions of `faqs` marked up as FAQPage JSON-LD: only those no other page shows (see
   * uniqueQuestions in landing-content.ts), so no question is marked up on two URLs.
   */
  readonly faqs?: { readonly heading?: string; readonly items: readonly Faq[]; readonly markedUp: readonly Faq[] }
  readonly serviceFaqs?: { readonly heading?: string; readonly items: readonly Faq[] }
  readonly stats?: { readonly heading?: string; readonly items: readonly Stat[] }
  readonly cta?: { readonly heading: string; readonly text?: string; readonly actions: readonly Action[] }
  readonly areas?: { readonly heading?: string; readonly text?: string; readonly label: string; readonly nearby: readonly NearbyLink[] }
  readonly siblings?: { readonly heading?: string; readonly items: readonly LandingLink[] }
  readonly form?: {
    readonly name: string
    readonly heading?: string
    readonly text?: string
    readonly hidden: Readonly<Record<(typeof LANDING_HIDDEN_FIELDS)[number], string>>
  }
}

/**
 * What identifies a landing page without composing its texts: enough for redirects of renamed
 * pages and the published-URL record (plan-redirects.ts), so they need not compose every page.
 */
export type LandingIdentity = Pick<LandingPageProps, 'url' | 'area' | 'city' | 'state' | 'citySlug' | 'service' | 'geo'>
