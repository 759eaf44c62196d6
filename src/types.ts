/**
 * The data that crosses stage boundaries: plain and readonly, with no getters and no functions,
 * so a stage that copies, digests or posts it to a thread sees what it was given. Where a value was
 * written is a file and a JSON Pointer, whose line config/place-problems.ts finds only when a
 * problem there is reported; a landing page carries the parts its props are composed from when it
 * is rendered. The exceptions are the ones named here: SiteConfig.images is a Map, problems are
 * ConfigError and ConfigWarning objects, and OutputWriter is the output stage's interface, not
 * data. Stages never mutate what they receive, and the render stage (a separate esbuild bundle of
 * templates/) sees exactly these shapes.
 */
import type { Origin } from './errors/config-error.js'
import type { ConfigWarning } from './errors/config-warning.js'
import type {
  AreasInput, Content, LandingInput, PageInput, Place, PostInput, Region, ServiceInput, SiteInput, Stat,
} from './config/site-input.generated.js'

export type { Origin } from './errors/config-error.js'

/** site.yaml with its defaults applied. */
/** site.yaml `analytics` resolved (src/config/analytics-providers.ts): the tag to add and what the CSP must allow for it. */
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

export interface SiteMeta extends Omit<SiteInput, 'analytics'> {
  /** site.yaml `analytics`, resolved; absent without analytics. */
  readonly analytics?: AnalyticsConfig
  /** site.yaml `theme` with every default applied (src/config/theme.ts). */
  readonly theme: ResolvedTheme
  readonly language: string
  readonly titleTemplate: string
  /**
   * The path part of `url` (`/repo` for `https://user.github.io/repo`, "" at a host's root), which
   * `href()` (src/plan/urls.ts) puts in front of every root-relative address a page links to.
   */
  readonly basePath: string
  /** Embed providers (src/markdown/embeds.ts) the site's Markdown uses, sorted; the CSP frames these. */
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
   * An SVG's text as config/sanitize-svg.ts left it: the only SVG bytes any stage uses (published,
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
   * (src/config/locate.ts pointerOrigin).
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
  /**
   * Every internal link written in YAML or Markdown (`/path`, `/path#id`, and a YAML `#id`, which
   * names an element of the page its file makes), checked against the route table by plan/.
   */
  readonly links: readonly { readonly href: string; readonly origin: Origin }[]
  /** `published-urls.json`: the landing URLs published so far, from which plan/ decides 301s. */
  readonly published: PublishedRecord
  /** Absolute paths of every file read, for watching and cache keys. */
  readonly files: readonly string[]
  readonly warnings: readonly ConfigWarning[]
  /** Whether the site has its own templates/ (then only `build` knows the ids of its pages). */
  readonly hasTemplateOverrides?: boolean
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
   * Template-specific data (a page, a service, a post). Undefined on landing pages, whose props are
   * composed from `landing` when the page is rendered (src/plan/route-props.ts).
   */
  readonly props: unknown
  /**
   * A landing page's parts, instead of its props: the large parts (the service, landing.yaml,
   * the place) are shared by every page that uses them, where composed props would be 6 kB per
   * page, 60 MB at 10,000 pages, that a warm build never needs.
   */
  readonly landing?: LandingParts
  /**
   * A digest that stands for `props` in cache keys, when the planner has one cheaper than
   * digesting them (landing pages: the digest of what their props are composed from).
   */
  readonly propsKey?: string
  readonly origin: Origin
  /** Absolute paths of the files the page is made from when more than `origin` (sitemap lastmod). */
  readonly sources?: readonly string[]
}

export interface LandingLink {
  readonly label: string
  readonly href: string
}

/** A nearby area of a landing page (src/plan/nearby-areas.ts). */
export interface NearbyArea {
  readonly area: string
  /** Straight-line miles, one decimal; absent when the list order was used. */
  readonly miles?: number
}

export interface NearbyLink extends LandingLink {
  /** Straight-line miles from the page's city; absent when areas have no coordinates. */
  readonly miles?: number
}

export interface ServiceCard {
  readonly slug: string
  readonly title: string
  /** The service's `summary`, else its `description`. */
  readonly description: string
  readonly features?: readonly string[]
}

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
  /** site.yaml `business.stats`, for the `stats` section. */
  readonly stats?: readonly Stat[]
  /** The site's services as cards, for the `services` section (one object for every page). */
  readonly cards?: { readonly services: readonly ServiceCard[] }
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

/** The icons and manifest the document head links to (src/images/brand-images.ts). */
export interface BrandLinks {
  /** The `theme-color` meta: the browser's toolbar colour on phones. */
  readonly themeColor: string
  readonly icon?: { readonly href: string; readonly type: string }
  readonly appleTouchIcon?: string
  readonly manifest?: string
  /**
   * Stands for everything a generated share image draws besides its title (colours, logo, font,
   * renderer): part of each image's name (templates/seo/share-image.ts). Absent: none are made.
   */
  readonly shareDigest?: string
}

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
  /** Landing pages by `city|service` key → URL, so area chips link only to pages that exist. */
  readonly landingUrls: Readonly<Record<string, string>>
  readonly images: Readonly<Record<string, ImageAsset>>
  readonly assets: AssetManifest
  readonly brand: BrandLinks
  /** The build year for the footer's copyright line (fixed per build for reproducible output). */
  readonly year: number
  /**
   * The Content-Security-Policy each page carries in a `<meta http-equiv>` on hosts that send no
   * headers (src/output/csp.ts metaPolicy); undefined where `_headers` sends it.
   */
  readonly pagePolicy?: string
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

/**
 * The inline code the pages may carry, each as its CSP source `'sha256-…'`, sorted: what the
 * templates write and what site.yaml `csp` declares (src/render/inline-code.ts), known before any
 * page is rendered. The Content-Security-Policy allows these and no more; check/ stops the build
 * at any other inline script, `<style>` or style attribute.
 */
export interface InlineCode {
  readonly scripts: readonly string[]
  readonly styles: readonly string[]
  readonly styleAttributes: readonly string[]
}

/**
 * What the checked pages run or load that a Content-Security-Policy must allow: the declared
 * inline scripts, styles and style attributes (InlineCode) that some page uses, and image
 * origins. Sorted, unique.
 */
export interface ContentSources {
  readonly scriptHashes: readonly string[]
  readonly styleHashes: readonly string[]
  readonly styleAttributeHashes: readonly string[]
  readonly imageOrigins: readonly string[]
}

/**
 * Where pages and files go: the output folder's writer (src/output/write-output.ts), or memory
 * (preview). Render streams pages into one; check wraps one to watch them on their way.
 */
export interface OutputWriter {
  /** Writes one file into the staging folder. */
  write(file: OutputFile): Promise<void>
  /**
   * Puts an existing file (a cached page) at `path` as a hard link: no bytes are copied or
   * rewritten. Falls back to a copy where links are impossible (another file system).
   */
  link(path: string, page: LinkedPage): Promise<void>
  /**
   * For a file whose name changes whenever its contents do (an image): leaves the file the kept
   * output already holds at `path`, when it is there unchanged since it was listed, instead of
   * writing it again. Returns its size, or undefined when it must be written. Writers that keep
   * no output lack it.
   */
  keep?(path: string): number | undefined
  /**
   * Replaces the output folder with the staging folder. Call only when the whole build succeeded.
   * Returns what the output folder now holds and, with `keep`, what the folder kept for the next
   * build holds (a writer that writes no folder: undefined). `linked`: the sources it linked into
   * the output, when those are the only files outside it whose link count (and so ctime) it
   * changed; absent when it removed or copied a whole folder of links.
   */
  commit(): Promise<{ readonly output: FolderListing; readonly kept?: FolderListing; readonly linked?: ReadonlySet<string> } | undefined>
  /** Deletes the staging folder; the previous output stays as it was. */
  abort(): Promise<void>
  /** Files written so far. */
  readonly count: number
}

/** A file to link into the output, with what the caller already knows of it. */
export interface LinkedPage {
  /** The file itself: a page of the page cache. */
  readonly source: string
  /** Its inode, when the caller has just seen it (the page cache checks every page it reuses). */
  readonly ino?: number
  /**
   * Its text, when the caller has it in memory (a page just rendered), so writers that inspect
   * pages need not read it back.
   */
  readonly contents?: string
  /** What the checks take from it, when the render worker worked that out already. */
  readonly derived?: DerivedValues
}

/** A folder as a build left it (src/cache/output-record.ts). */
export interface FolderListing {
  /** Every file (relative, sorted) with size, mtime and inode. */
  readonly files: readonly (readonly [path: string, size: number, mtimeMs: number, ino: number])[]
  /** Every folder, the top one as '.', with mtime and inode: adding, removing or renaming a file changes its folder's mtime. */
  readonly dirs: readonly (readonly [path: string, mtimeMs: number, ino: number])[]
}

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

/** `<site>/published-urls.json`: every landing URL the site has published (src/config/published-urls.ts). */
export interface PublishedPage {
  /** Area name when published: "Ft. Collins, CO". */
  readonly area: string
  /** Service slug when published. */
  readonly service: string
  /** Service title when published, to recognise a service whose file was renamed. */
  readonly serviceTitle: string
  readonly lat?: number
  readonly lng?: number
}

export interface PublishedRecord {
  /** Landing-page URL → what it was about. */
  readonly pages: Readonly<Record<string, PublishedPage>>
}

/** Whether page addresses end in a slash: `/contact` (contact.html) or `/contact/` (contact/index.html). */
export type TrailingSlash = 'never' | 'always'

type ThemeInput = NonNullable<SiteInput['theme']>
export type ColorToken = keyof NonNullable<ThemeInput['colors']>

/** site.yaml `theme` with every default applied: what the stylesheet and the contrast check read. */
export interface ResolvedTheme {
  readonly colors: Readonly<Record<ColorToken, string>>
  /** A CSS length. */
  readonly radius: string
  /** Family names as written (`Source Sans 3`); the heading font defaults to the body font. */
  readonly fonts: { readonly heading: string; readonly body: string }
}

/** Text size classes of WCAG 2.2 SC 1.4.3 (text) and 1.4.11 (non-text: icons, outlines). */
export type ContrastSize = 'normal' | 'large' | 'ui'

/** One text colour on one background, as a rule of templates/styles/ uses them. */
export interface ContrastPair {
  /** Where the pair shows, for people: `accent buttons`. */
  readonly use: string
  readonly text: ColorToken
  readonly background: ColorToken
  readonly size: ContrastSize
}

/** A checked pair: the line of the `--verbose` table. */
export interface ContrastRow extends ContrastPair {
  readonly textColor: string
  readonly backgroundColor: string
  /** Rounded down to two decimals, as checkers print it (4.499 is not 4.5). */
  readonly ratio: number
  readonly required: number
  readonly passes: boolean
}

/** One @font-face of a self-hosted family: one subset's file. */
export interface FontFaceFile {
  /** Absolute path of the .woff2 in its @fontsource package. */
  readonly file: string
  readonly subset: string
  /** `100 900` for a variable face, else one weight. */
  readonly weight: string
  readonly variable: boolean
  readonly unicodeRange: string
}

/** A family as the stylesheet declares it: its faces and the local font stretched to its metrics. */
export interface ResolvedFont {
  /** As written in site.yaml: `Source Sans 3`; a system stack as written: `system-ui, sans-serif`. */
  readonly family: string
  /** The npm package it comes from: `@fontsource-variable/source-sans-3`. Absent for a system stack. */
  readonly package?: string
  /** A system stack's names (site.yaml `body: system-ui`): no package, no face, no fallback. */
  readonly system?: readonly string[]
  readonly category: string
  readonly faces: readonly FontFaceFile[]
  /**
   * The weights the stylesheet may ask of this family: site.yaml `theme.fonts.weights`, else the
   * faces shipped. Empty: any (a variable face's whole axis, or a system stack).
   */
  readonly weights: readonly number[]
  /** The weight range a variable face serves, `[min, max]`. */
  readonly axis?: readonly [number, number]
  /**
   * A local font with overrides that give it this family's line height and average width, so the
   * swap to the web font moves no line (CLS). Percentages, from the font file's own metrics.
   */
  readonly fallback?: { readonly local: readonly string[]; readonly ascent: number; readonly descent: number; readonly lineGap: number; readonly sizeAdjust: number }
  /** The .woff file of the same subset and a bold weight where the package has one (share images read WOFF, not WOFF2). */
  readonly woff?: string
}

export interface SiteFonts {
  readonly body: ResolvedFont
  readonly heading: ResolvedFont
  /**
   * Absolute paths of every font-package file the fonts were made from, and of every place a
   * package was looked for, sorted: part of the assets' inputs, so a font package removed,
   * changed or installed makes the next build rebuild (src/assets/bundle-assets.ts).
   */
  readonly inputs: readonly string[]
  /**
   * The .woff share images are drawn with: the heading's (else the body's) static face, else the
   * face bundled with citypress (`@fontsource/inter`), which a warning names.
   */
  readonly share: { readonly file: string; readonly family: string }
}

/** Everything one share image draws: plain data, so it travels in an ImageJob. */
export interface ShareDrawing {
  readonly title: string
  readonly siteName: string
  /** The site's address without the scheme, shown small at the bottom. */
  readonly host: string
  readonly background: string
  readonly text: string
  readonly accent: string
  /** A .woff or .ttf of the heading font (satori reads neither WOFF2 nor variable fonts). */
  readonly font: string
  /** `hash`: its ImageSource's; `svg`: an SVG logo's sanitized text (ImageSource `svg`), drawn instead of `file`. */
  readonly logo?: { readonly file: string; readonly format: string; readonly width: number; readonly height: number; readonly hash: string; readonly svg?: string }
}
