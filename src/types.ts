/**
 * The data that crosses stage boundaries. Everything here is plain, readonly and serialisable:
 * stages never mutate what they receive, and the render stage (a separate esbuild bundle of
 * templates/) sees exactly these shapes.
 */
import type { BudgetRule } from './config/normalize-budgets.js'
import type { ConfigError, Origin } from './errors/config-error.js'
import type {
  AreasInput, FormsInput, LandingInput, PageInput, PostInput, ServiceInput, SiteInput,
} from './config/site-input.generated.js'

export type { Origin } from './errors/config-error.js'

/** site.yaml with its defaults applied. */
export interface SiteMeta extends SiteInput {
  readonly language: string
  readonly titleTemplate: string
  /** Embed providers (src/plan/embeds.ts) the site's Markdown uses, sorted; the CSP frames these. */
  readonly embeds?: readonly string[]
}

export interface ServiceConfig extends ServiceInput {
  /** The file name without `.yaml`; the page is /services/{slug}. */
  readonly slug: string
  readonly origin: Origin
}

export interface PageConfig extends PageInput {
  readonly origin: Origin
  /**
   * A Markdown page's text (pages/*.md): shown after its first `at` sections (its `before`), the
   * rest (its `after`) follow.
   */
  readonly markdown?: {
    readonly body: string
    /** 1-based line of the body's first line in the .md file. */
    readonly bodyLine: number
    readonly at: number
    /** The body's images: as written → key of SiteConfig.images. */
    readonly imagePaths: Readonly<Record<string, string>>
  }
}

export interface PostConfig extends PostInput {
  /** The file name without `.md`. */
  readonly slug: string
  /** The Markdown body, front matter removed. */
  readonly body: string
  /** 1-based line of the body's first line, for positions in Markdown errors. */
  readonly bodyLine: number
  /** The body's images: as written → key of SiteConfig.images (config/markdown-images.ts). */
  readonly imagePaths: Readonly<Record<string, string>>
  readonly origin: Origin
}

export type PostSummary = Omit<PostConfig, 'body' | 'bodyLine' | 'imagePaths'>

export interface FormField {
  readonly name: string
  readonly label: string
  readonly type: 'text' | 'email' | 'tel' | 'select' | 'textarea' | 'checkboxes'
  readonly required: boolean
  readonly placeholder?: string
  readonly placeholderDisabled?: boolean
  /** Choices of a select or checkbox group; a plain string in forms.yaml is both value and label. */
  readonly options?: readonly FormOption[]
  readonly rows?: number
  readonly autocomplete?: string
  readonly inputmode?: 'none' | 'text' | 'decimal' | 'numeric' | 'tel' | 'search' | 'email' | 'url'
  readonly pattern?: string
  /** Plain text under the field, tied to it with aria-describedby. */
  readonly help?: string
  readonly width: 'full' | 'half'
}

export interface FormOption {
  /** What the form sends. */
  readonly value: string
  /** What the visitor sees. */
  readonly label: string
}

/** A form with every default resolved. */
export interface FormConfig {
  readonly name: string
  readonly id: string
  readonly submitLabel: string
  readonly submittingLabel: string
  /** Heading of the success panel and page. @default "Success!" */
  readonly successTitle: string
  readonly success: string
  /** The button that brings back an empty form. @default "Send Another Message" */
  readonly sendAnotherLabel: string
  readonly error: string
  readonly honeypot: boolean
  readonly fields: readonly FormField[]
}

/** A local source image, read and measured by config/ so later stages never touch the site folder. */
export interface ImageSource {
  /** As written in YAML, relative to the site folder: `images/hero.jpg`. */
  readonly src: string
  readonly absolutePath: string
  readonly width: number
  readonly height: number
  readonly format: string
  /** sha256 of the file, hex; names outputs and keys the image cache. */
  readonly hash: string
  /** The first YAML place that references the image, for errors found while encoding it. */
  readonly origin?: Origin
}

export interface SiteConfig {
  /** Absolute path of the site folder. */
  readonly root: string
  readonly site: SiteMeta
  readonly services: readonly ServiceConfig[]
  readonly pages: readonly PageConfig[]
  /**
   * Where each section of each page is written, by the page's `origin.file`, for plan/'s warnings
   * (heading-order.ts). Kept beside the pages, not in them: a page is its template's props, whose
   * digest must not change when YAML lines move.
   */
  readonly sectionOrigins: Readonly<Record<string, readonly Origin[]>>
  readonly areas: AreasInput
  /** Where a value of areas.yaml was written, by JSON Pointer (`/lists/north-county`); absent without the file. */
  readonly areasOriginAt?: (pointer: string, at?: 'key' | 'value') => Origin
  readonly forms: Readonly<Record<string, FormConfig>>
  readonly landing: (LandingInput & {
    readonly origin: Origin
    /** Where a value of landing.yaml was written, by JSON Pointer (`/pages/0/area`). */
    readonly originAt: (pointer: string, at?: 'key' | 'value') => Origin
  }) | undefined
  readonly posts: readonly PostConfig[]
  /** Local images by their `src` as written in YAML. */
  readonly images: ReadonlyMap<string, ImageSource>
  /** site.yaml `budgets`, one rule per limit, checked after rendering by check/budgets.ts. */
  readonly budgets: readonly BudgetRule[]
  /** Lucide icon names used anywhere; the template bundle includes only these. */
  readonly icons: readonly string[]
  /** Every internal link written in YAML, checked against the route table by plan/. */
  readonly links: readonly { readonly href: string; readonly origin: Origin }[]
  /** Absolute paths of every file read, for watching and cache keys. */
  readonly files: readonly string[]
  readonly warnings: readonly ConfigError[]
}

/** Page kinds: each is one component in templates/pages/. */
export type TemplateName = 'sections' | 'service' | 'landing' | 'post' | 'blog-index' | 'locations' | 'not-found' | 'form-success'

/** One HTML file of the output. Decided entirely by plan/. */
export interface RoutePlan {
  /** Site-relative URL as linked: `/`, `/contact`, `/lp/springfield-roof-repair`. */
  readonly url: string
  /** Output path relative to the output folder, as src/plan/urls.ts decides: `contact.html`. */
  readonly outputPath: string
  readonly template: TemplateName
  /** Document title after the site's titleTemplate. */
  readonly title: string
  readonly description: string
  readonly noindex: boolean
  /**
   * Template-specific data (a page, a service, a post, a landing-page model). For landing pages
   * a getter that composes them anew on each read, so 10,000 pages' props are never all held.
   */
  readonly props: unknown
  /**
   * A digest that stands for `props` in cache keys, when the planner has one cheaper than
   * digesting them (landing pages: the digest of what their props are composed from).
   */
  readonly propsKey?: string
  readonly origin: Origin
  /** Absolute paths of the files the page is made from when more than `origin` (sitemap lastmod). */
  readonly sources?: readonly string[]
}

/** A built image as templates reference it. */
export interface ImageAsset {
  /** Fallback URL (original format). */
  readonly src: string
  readonly width: number
  readonly height: number
  /** Responsive variants by format, widest last: `{ avif: 'a-480.avif 480w, …' }`. */
  readonly srcset?: Readonly<Record<string, string>>
}

/** The bundled client assets, by URL. */
export interface AssetManifest {
  /** The stylesheet's URL (always written, for tools and old caches). */
  readonly css: string
  /** The whole stylesheet, when small enough to inline in every page instead of linking it. */
  readonly inlineCss?: string
  /** Self-hosted font files; the document preloads the first (the body text's face). */
  readonly fonts: readonly string[]
  /** The widget script; absent when there are no widgets at all. */
  readonly js?: string
}

/** What templates get besides a route's own props. */
export interface RenderContext {
  readonly site: SiteMeta
  readonly services: readonly ServiceConfig[]
  /**
   * The named area lists only. Facts about places (areas.yaml `places`, regions) reach a landing
   * page through its own props, so editing one city re-renders that city's pages, not every page.
   */
  readonly areas: Pick<AreasInput, 'lists'>
  readonly forms: Readonly<Record<string, FormConfig>>
  /** Posts without their bodies: a post's text is in its own page's props, so editing one post
   * re-renders that post (and listings only when its title, date or excerpt change). */
  readonly posts: readonly PostSummary[]
  /** Landing pages by `city|service` key → URL, so area chips link only to pages that exist. */
  readonly landingUrls: Readonly<Record<string, string>>
  readonly images: Readonly<Record<string, ImageAsset>>
  readonly assets: AssetManifest
  /** The build year for the footer's copyright line (fixed per build for reproducible output). */
  readonly year: number
}

export interface OutputFile {
  /** Relative to the output folder, forward slashes. */
  readonly path: string
  readonly contents: string | Uint8Array
}

/**
 * What the checks take from a page, by the page memo's names (`page-facts`, `forms`), worked out
 * where the page was rendered (src/render/render-worker.ts) so its HTML need not travel.
 */
export type DerivedValues = Readonly<Record<string, unknown>>
