/** The pages a build makes, as plan/ decides them: every URL and output path is fixed here. */

import type { Messages } from '../config/messages/messages.js'
import type { Content, LandingInput, Place, Region, Stat } from '../config/site-input.generated.js'
import type { PageConfig, PostConfig, ServiceConfig, TemplateName } from '../config/site-model.js'
import type { Origin } from '../errors/config-error.js'
import type { LandingPageProps, ServiceCard } from './landing-model.js'
import type { NearbyArea } from './nearby-areas.js'
import type { LocationsPageProps } from './plan-locations.js'

/** One HTML file of the output. Decided entirely by plan/; its props are typed by its template. */
export type RoutePlan = RouteFields & RouteVariant

/** A page as templates render it: a landing page's props and description composed (src/plan/route-props.ts templateRoute). */
export type TemplateRoute<K extends TemplateName = TemplateName> = RouteFields & Described & PropsOf<K>

/** The page's meta description. */
interface Described {
  readonly description: string
}

/** The props each template takes, by template name: the component in templates/pages/. */
export interface TemplateProps {
  readonly sections: PageConfig
  readonly service: ServiceConfig
  readonly landing: LandingPageProps
  readonly post: PostConfig
  readonly 'blog-index': BlogIndexProps
  readonly locations: LocationsPageProps
  readonly 'not-found': NotFoundProps
  readonly 'form-success': FormSuccessProps
}

/** What a route is besides its template and props. */
export interface RouteFields {
  /** Site-relative URL as linked: `/`, `/contact`, `/lp/springfield-roof-repair`. */
  readonly url: string
  /** Output path relative to the output folder, as src/plan/urls.ts decides: `contact.html`. */
  readonly outputPath: string
  /** Document title after the site's titleTemplate. */
  readonly title: string
  readonly noindex: boolean
  /**
   * A digest that stands for `props` in cache keys, when the planner has one cheaper than
   * digesting them (landing pages: the digest of what their props are composed from).
   */
  readonly propsKey?: string
  readonly origin: Origin
  /** Absolute paths of the files the page is made from when more than `origin` (sitemap lastmod). */
  readonly sources?: readonly string[]
  /** The page's language, a code of site.yaml `languages`; absent on a site in one language. */
  readonly language?: string
  /**
   * The page's versions that search engines are told of (hreflang): each built, indexable and its
   * own canonical, this page among them; absent where fewer than two are (plan/plan-languages.ts).
   */
  readonly alternates?: readonly Alternate[]
  /** The links to this page in the site's other languages: its twin, else that language's home page. */
  readonly otherLanguages?: readonly LanguageLink[]
}

/** One version of a page for hreflang: `x-default` names the default language's. */
export interface Alternate {
  readonly hreflang: string
  /** Site-relative, as routes' `url`. */
  readonly url: string
}

/** A link to a page in another language, named in that language. */
export interface LanguageLink {
  readonly code: string
  readonly label: string
  readonly url: string
}

/**
 * A route's template with its props and description: a page, a service, a post, …. A landing page
 * is planned without either: its `landing` parts stand for them until it is rendered.
 */
export type RouteVariant = (PropsOf<Exclude<TemplateName, 'landing'>> & Described & { readonly landing?: undefined }) | PlannedLanding

type PropsOf<K extends TemplateName> = { readonly [T in K]: { readonly template: T; readonly props: TemplateProps[T] } }[K]

interface PlannedLanding {
  readonly template: 'landing'
  readonly props?: undefined
  /**
   * Composed with the props (its words are the gate's, which compared it with its siblings' when
   * planning): every page's own text of about 170 characters, 11.7 MB at 50,107 pages, is not kept
   * while the pages render.
   */
  readonly description?: undefined
  /**
   * The page's parts, instead of its props: the large parts (the service, landing.yaml, the
   * place) are shared by every page that uses them, where composed props would be 6 kB per page,
   * 60 MB at 10,000 pages, that a warm build never needs.
   */
  readonly landing: LandingParts
}

/** The blog listing's page `page` of `pageCount`, with the slugs of the posts it shows. */
export interface BlogIndexProps {
  readonly page: number
  readonly pageCount: number
  readonly slugs: readonly string[]
}

/** What templates/pages/FormSuccessPage.tsx receives. */
export interface FormSuccessProps {
  readonly form: string
  readonly title: string
  readonly message: string
}

/** The 404 page takes nothing of its own. */
export type NotFoundProps = Readonly<Record<string, never>>

/** What one landing page's props are composed from (src/plan/landing-content.ts composeLanding). */
export interface LandingParts {
  readonly url: string
  readonly area: string
  readonly service: ServiceConfig
  readonly landing: LandingInput
  readonly place?: Place
  readonly region?: Region
  /** landing.yaml `pages[].content` of this page. */
  readonly pageContent?: Content
  /**
   * The nearest areas with a page of the same service, nearest first; composeLanding links each
   * to its page. One array for every page of the area whose service is offered in the same areas.
   */
  readonly nearby: readonly NearbyArea[]
  /**
   * The services with a landing page in this area, this page's among them, in landing.yaml order
   * (one array for the area's pages): the page links to the others, or, when it is the only one,
   * to the site's featured services (`cards`), so no landing page is a dead end.
   */
  readonly areaServices: readonly { readonly slug: string; readonly title: string }[]
  /** The locations index, for the breadcrumb; absent when the site has none. */
  readonly locationsUrl?: string
  /** The site's words (config/messages/), for the texts landing.yaml does not set: one object for every page. */
  readonly words: { readonly language: string; readonly messages: Messages }
  /** site.yaml `business.stats`, for the `stats` section. */
  readonly stats?: readonly Stat[]
  /** The site's services as cards, for the `services` section (one object for every page). */
  readonly cards?: { readonly services: readonly ServiceCard[] }
}
