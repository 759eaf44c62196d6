import path from 'node:path'

/**
 * `<site>/.citypress`: citypress's own folder in a site, for what its builds and previews keep
 * there. Every path in it is named here, so the link guard of writes and deletes under it
 * (cache/site-folder.ts) checks the same names the writers use.
 */
export const OWN_FOLDER = '.citypress'

/** The published-URL record's name in the site folder (config/published/published-urls.ts reads it, output/record-published.ts adds to it). */
export const PUBLISHED_URLS_FILE = 'published-urls.json'

/** Where a build or the preview keeps one cache folder's parts. */
export interface CachePaths {
  /** The folder itself: config, prints, the output record, the pages. */
  readonly dir: string
  /** Beside the folder, not in it: one build at a time per cache folder (cache/lock.ts). */
  readonly lock: string
  /** Sealed pointers to the tool store entries the last build used (cache/by-inputs.ts). */
  readonly tool: string
  /** Encoded image variants, kept between builds. */
  readonly images: string
  /** Rendered pages and what the checks took from them. */
  readonly pages: string
}

/** Every path of a site that citypress itself names: its own folder's layout, and the one file it writes in the site. */
export interface SitePaths {
  /** The site folder, resolved. */
  readonly root: string
  /** `<site>/.citypress` */
  readonly own: string
  /** The build cache. */
  readonly cache: CachePaths
  /** The preview's cache: its own, so a preview never waits for a build's lock or replaces its pages. */
  readonly previewCache: CachePaths
  /** The output a build replaced, from which the next build's staging folder starts. */
  readonly previousOutput: string
  /** The build report, which preview serves at /__citypress/report. */
  readonly report: string
  /** Form posts the preview accepted. */
  readonly submissions: string
  /** The published-URL record: in the site, not in `.citypress`, since it is committed with it. */
  readonly publishedUrls: string
}

export function sitePaths(site: string): SitePaths {
  const root = path.resolve(site)
  const own = path.join(root, OWN_FOLDER)
  return {
    root,
    own,
    cache: cachePaths(path.join(own, 'cache')),
    previewCache: cachePaths(path.join(own, 'preview-cache')),
    previousOutput: path.join(own, 'previous-output'),
    report: path.join(own, 'report.html'),
    submissions: path.join(own, 'submissions.ndjson'),
    publishedUrls: path.join(root, PUBLISHED_URLS_FILE),
  }
}

/** The parts of the cache folder `dir`: a site's, or one given with `cacheDir`. */
export function cachePaths(dir: string): CachePaths {
  return { dir, lock: `${dir}.lock`, tool: path.join(dir, 'tool'), images: path.join(dir, 'images'), pages: path.join(dir, 'pages') }
}

/** Every path of `paths` inside `.citypress`, folders before what they hold. */
export function ownLayout(paths: SitePaths): string[] {
  const cacheParts = (c: CachePaths) => [c.dir, c.lock, c.tool, c.images, c.pages]
  return [paths.own, ...cacheParts(paths.cache), ...cacheParts(paths.previewCache), paths.previousOutput, paths.report, paths.submissions]
}
