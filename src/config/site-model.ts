/**
 * The site as config/ hands it on: every file of the site folder read, checked and with its
 * defaults applied. Plain and readonly (SiteConfig.images is a Map, problems are ConfigError and
 * ConfigWarning objects); later stages never mutate it. Where a value was written is a file and a
 * JSON Pointer, whose line config/read/place-problems.ts finds only when a problem there is reported.
 */
import type { Origin } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import type { IconDrawing } from './checks/sanitize-svg.js'
import type { Edition } from './languages/edition.js'
import type { SiteLanguage } from './languages/site-languages.js'
import type { Messages } from './messages/messages.js'
import type { PublishedRecord } from './published/published-urls.js'
import type { AreasInput, LandingInput, PageInput, PostInput, ServiceInput, SiteInput } from './site-input.generated.js'
import type { ContrastRow, ResolvedTheme, SiteFonts } from './theme/theme-model.js'

/** site.yaml with its defaults applied. */
export interface SiteMeta extends Omit<SiteInput, 'analytics' | 'languages'> {
  /** site.yaml `analytics`, resolved; absent without analytics. */
  readonly analytics?: AnalyticsConfig
  /** site.yaml `theme` with every default applied (src/config/theme/theme.ts). */
  readonly theme: ResolvedTheme
  /** The language of the pages made from this SiteMeta: the default's, or a translation's (config/languages/). */
  readonly language: string
  /** Every language of the site, the default first (one, for a site in one language). */
  readonly languages: readonly SiteLanguage[]
  /** The address segment of `language`'s pages with its slash (`/es`); "" for the default language. */
  readonly languagePath: string
  /** citypress's own words in the site's language (src/config/messages/). */
  readonly messages: Messages
  readonly titleTemplate: string
  /**
   * The country calling code `tel:` links and structured data write numbers with, from where the
   * business is (config/phone-number.ts); absent when that is not known.
   */
  readonly callingCode?: string
  /**
   * The path part of `url` (`/repo` for `https://user.github.io/repo`, "" at a host's root), which
   * `href()` (src/plan/urls.ts) puts in front of every root-relative address a page links to.
   */
  readonly basePath: string
  /** Embed providers (src/markdown/embeds.ts) the site's Markdown uses, sorted; the CSP frames these. */
  readonly embeds?: readonly string[]
}

/** site.yaml `analytics` resolved (src/config/presets/analytics-providers.ts): the tag to add and what the CSP must allow for it. */
export interface AnalyticsConfig {
  readonly provider: 'generic' | 'ga4' | 'plausible' | 'fathom' | 'matomo'
  /** The script's address. */
  readonly src: string
  /** Attributes of the script element (`data-domain`, `data-site`, or site.yaml's own). */
  readonly attributes: Readonly<Record<string, string>>
  /** What the widget configures before the script runs: GA4 `id`; Matomo `tracker` and `siteId`. */
  readonly settings: Readonly<Record<string, string>>
  /** Whether the tag waits for the visitor's yes (site.yaml `analytics.consent`). @default false */
  readonly consent: boolean
  /** CSP sources by directive: the loader (script-src), beacons (connect-src), pixels (img-src). */
  readonly sources: { readonly script: readonly string[]; readonly connect: readonly string[]; readonly img: readonly string[] }
}

export interface ServiceConfig extends ServiceInput {
  /** The file name without `.yaml`: the service's name everywhere, and its page /services/{slug}. */
  readonly slug: string
  /** In another language, the address segment its translation gives (`slug`), used instead of `slug` in its pages' addresses. */
  readonly addressSlug?: string
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
  /** In another language, the address segment its translation gives (`slug`), used instead of `slug` in its address. */
  readonly addressSlug?: string
  /** The Markdown body, front matter removed. */
  readonly body: string
  /** 1-based line of the body's first line, for positions in Markdown errors. */
  readonly bodyLine: number
  /** The body's images: as written → key of SiteConfig.images (config/checks/markdown-images.ts). */
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
  /** The most characters the field takes (HTML maxlength); text-like fields only. */
  readonly maxLength?: number
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
  /** The hidden anti-spam field's name (site.yaml `forms.honeypot`); undefined where forms.yaml turns it off. */
  readonly honeypot?: string
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
  /** sha256 of the file, hex; names outputs and keys the image cache. An SVG's: of `svg`. */
  readonly hash: string
  /** Size of the file in bytes, for the build report's savings; absent for a drawn image. */
  readonly bytes?: number
  /**
   * An SVG's text as config/checks/sanitize-svg.ts left it: the only SVG bytes any stage uses (published,
   * drawn by sharp for icons and the share image), so none reads the file again.
   */
  readonly svg?: string
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
  /**
   * areas.yaml's display path, absent without the file: plan/ points at its values by JSON Pointer
   * (src/config/read/locate.ts pointerOrigin).
   */
  readonly areasFile?: string
  readonly forms: Readonly<Record<string, FormConfig>>
  /** landing.yaml; plan/ points at its values by JSON Pointer in `origin.file` (`/pages/0/area`). */
  readonly landing: (LandingInput & { readonly origin: Origin }) | undefined
  readonly posts: readonly PostConfig[]
  /** Local images by their `src` as written in YAML. */
  readonly images: ReadonlyMap<string, ImageSource>
  /** Every text/background pair of theme colours the stylesheets use, with its WCAG contrast (all passing). */
  readonly contrast: readonly ContrastRow[]
  /** site.yaml `theme.fonts` found in installed @fontsource packages, with the subsets the site's text needs. */
  readonly fonts: SiteFonts
  /** site.yaml `budgets`, one rule per limit, checked after rendering by check/budgets.ts. */
  readonly budgets: readonly BudgetRule[]
  /** Lucide icon names used anywhere; the template bundle includes only these. */
  readonly icons: readonly string[]
  /** The site's own icons used anywhere (`icons/raccoon.svg`), by that name. */
  readonly ownIcons: Readonly<Record<string, OwnIcon>>
  /**
   * Every internal link written in YAML or Markdown (`/path`, `/path#id`, and a YAML `#id`, which
   * names an element of the page its file makes), checked against the route table by plan/. In a
   * language's site (Edition), only those its translation files write.
   */
  readonly links: readonly { readonly href: string; readonly origin: Origin }[]
  /** `published-urls.json`: the landing URLs published so far, from which plan/ decides 301s. */
  readonly published: PublishedRecord
  /** Absolute paths of every file read, for watching and cache keys. */
  readonly files: readonly string[]
  readonly warnings: readonly ConfigWarning[]
  /** Whether the site has its own templates/ (then only `build` knows the ids of its pages). */
  readonly hasTemplateOverrides?: boolean
  /** The site in each of its other languages (site.yaml `languages` after the first); none for a site in one language. */
  readonly editions: readonly Edition[]
  /**
   * In another language's edition: the areas whose place has a text without that language's
   * translation, which have no landing page in it.
   */
  readonly untranslatedAreas?: ReadonlySet<string>
}

/** Page kinds: each is one component in templates/pages/. */
export type TemplateName = 'sections' | 'service' | 'landing' | 'post' | 'blog-index' | 'locations' | 'not-found' | 'form-success'

export type BudgetAsset = 'html' | 'css' | 'js' | 'images'

/** One size limit of site.yaml `budgets`, with its place in site.yaml for the error. */
export interface BudgetRule {
  /** A page kind (`landing`) or `all`. */
  readonly kind: string
  readonly asset: BudgetAsset
  /** Bytes. */
  readonly limit: number
  /** As written: `25 kB`. */
  readonly written: string
  readonly level: 'warn' | 'fail'
  readonly origin: Origin
}

/** Whether page addresses end in a slash: `/contact` (contact.html) or `/contact/` (contact/index.html). */
export type TrailingSlash = 'never' | 'always'

/** A site's own icon (icons/*.svg), sanitized and kept to its shapes in the text's colour. */
export interface OwnIcon extends IconDrawing {
  /** The file, watched by preview like every file a build read. */
  readonly absolutePath: string
}
