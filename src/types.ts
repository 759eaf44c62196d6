/**
 * The contract between the stages that make files and the output stage that writes them. It lives
 * outside any stage because images/, assets/ and render/ (parallel stages) all write into the
 * output stage's writer and check/ watches it, while output/ comes after all of them; and because
 * render/ reads what assets/ and images/ made (AssetManifest, BrandLinks), which neither parallel
 * stage may import from the other. Plain readonly data, except OutputWriter, the output stage's
 * interface. Every other type lives with the stage that makes it.
 */
import type { FolderListing } from './cache/output-record.js'
import type { PageSheets } from './html/selector-names.js'

/** The bundled client assets, by URL. */
export interface AssetManifest {
  /** The stylesheet's URL (always written, for tools and old caches). */
  readonly css: string
  /** The whole stylesheet, when small enough to inline in every page instead of linking it. */
  readonly inlineCss?: string
  /**
   * `inlineCss` cut for the site's common page layouts, smallest first: a page inlines the first
   * that covers its markup, else the whole (src/render/page-stylesheets.ts).
   */
  readonly pageSheets?: PageSheets
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
 * Where pages and files go: the output folder's writer (src/output/write-output.ts), or memory
 * (preview). Render streams pages into one; check wraps one to watch them on their way.
 */
export interface OutputWriter {
  /** Writes one file into the staging folder. */
  write(file: OutputFile): Promise<void>
  /**
   * Puts an existing file (a cached page or image variant) at `path` as a hard link: no bytes are
   * copied or rewritten. Falls back to a copy where links are impossible (another file system).
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
  /** The file itself: a page of the page cache, or an image variant of the image cache. */
  readonly source: string
  /** Its inode, when the caller has just seen it (the page cache checks every page it reuses). */
  readonly ino?: number
  /** Its change time, seen with `ino`. */
  readonly ctimeMs?: number
  /**
   * Whether its owner trusts it by its change time, which linking changes: the page cache does
   * (commit() reports the file in `linked`); the image cache checks its bytes. @default true
   */
  readonly stamped?: boolean
  /**
   * Its text, when the caller has it in memory (a page just rendered), so writers that inspect
   * pages need not read it back.
   */
  readonly contents?: string
  /** What the checks take from it, when the render worker worked that out already. */
  readonly derived?: DerivedValues
}
