import type { IconDrawing } from '../config/checks/sanitize-svg.js'
import type { AreasInput } from '../config/site-input.generated.js'
import type { FormConfig, PostSummary, ServiceConfig, SiteMeta } from '../config/site-model.js'
import type { ImageAsset } from '../plan/plan-images.js'
import type { AssetManifest, BrandLinks } from '../types.js'

/** A region of areas.yaml `regions` by its name, with the areas whose place names it, in list order. */
export interface AreaRegion {
  readonly name: string
  readonly areas: readonly string[]
}

/** What templates get besides a route's own props. */
export interface RenderContext {
  readonly site: SiteMeta
  readonly services: readonly ServiceConfig[]
  /**
   * The named area lists, and each area's region name (for chips grouped by region). Other facts
   * about places (areas.yaml `places`, regions' testimonials) reach a landing page through its own
   * props, so editing one city re-renders that city's pages, not every page.
   */
  readonly areas: Pick<AreasInput, 'lists'> & { readonly regions: readonly AreaRegion[] }
  readonly forms: Readonly<Record<string, FormConfig>>
  /** Posts without their bodies: a post's text is in its own page's props, so editing one post
   * re-renders that post (and listings only when its title, date or excerpt change). */
  readonly posts: readonly PostSummary[]
  /** The page listing every landing page (plan/plan-locations.ts), where the site has one: the footer's "View all locations". */
  readonly locationsUrl?: string
  /** Landing pages by `city|service` key → URL, so area chips link only to pages that exist. */
  readonly landingUrls: Readonly<Record<string, string>>
  readonly images: Readonly<Record<string, ImageAsset>>
  /** The site's own icons by name (`icons/raccoon.svg`): what templates/components/Icon.tsx draws for them. */
  readonly ownIcons: Readonly<Record<string, IconDrawing>>
  readonly assets: AssetManifest
  readonly brand: BrandLinks
  /** The build year for the footer's copyright line (fixed per build for reproducible output). */
  readonly year: number
  /**
   * The Content-Security-Policy each page carries in a `<meta http-equiv>` on hosts that send no
   * headers (src/output/csp.ts metaPolicy); undefined where `_headers` sends it.
   */
  readonly pagePolicy?: string
  /**
   * On a page of a language after the first: where its root-relative links go (plan/plan-languages.ts
   * EditionPlan `links`), so an address written for the default language leads to this language's page.
   */
  readonly links?: Readonly<Record<string, string>>
  /** What differs on the pages of each other language, by its code (templates/context.ts contextFor picks it by the route's language). */
  readonly editions?: Readonly<Record<string, LanguageContext>>
}

/** The parts of the render context that a language has its own of. */
export type LanguageContext = Pick<RenderContext, 'site' | 'services' | 'areas' | 'forms' | 'posts' | 'landingUrls' | 'links'> &
  Partial<Pick<RenderContext, 'assets'>>
