import path from 'node:path'
import { heldEntryDigest } from '../cache/by-inputs.js'
import { digestJson, hash, orderedJson, stableJson } from '../cache/digest.js'
import { siteInputsDigest } from '../cache/site-inputs.js'
import { isWebAddress } from '../config/checks/check-url.js'
import { schemaDigest } from '../config/checks/schema-validators.js'
import type { SiteConfig } from '../config/site-model.js'
import type { BrandImagePlan } from '../images/brand-images.js'
import type { RoutePlan } from '../plan/route-plan.js'
import type { RenderContext } from '../render/render-context.js'
import { citypressVersion, codeDigest } from '../tool/package.js'
import type { OutputFile } from '../types.js'
import type { ResolvedBuildOptions } from './options.js'

// What a build's work follows from, as the digests the build cache (src/cache/) compares: the
// inputs a build that loads nothing can vouch for, the output folder's bytes, the pages' context.

/**
 * The digest of everything a build reads (cache/site-inputs.ts) besides the live sitemap, for
 * builds that write an output folder from scratch; undefined when it cannot vouch for them. In two
 * steps: the site folder and the settings before the config reads anything (a file changed
 * later changes the next build's digest), and then, with the commit dates the sitemap uses, the
 * template and client-asset bundles as they are kept once bundled (cache/by-inputs.ts: changed
 * templates, fonts or packages make them out of date).
 */
export function startInputs(options: ResolvedBuildOptions): string | undefined {
  if (!options.mayReplay) return undefined
  const folder = siteInputsDigest(options.site, options.outDir)
  return (
    folder &&
    hash(
      JSON.stringify([
        folder,
        citypressVersion,
        codeDigest,
        schemaDigest(),
        options.asOf.getFullYear(),
        options.fixedDate && options.asOf.getTime(),
        path.resolve(options.outDir),
        options.baseUrl,
        options.drafts,
        options.published,
        options.recordUrls,
        options.writeReport,
        options.cacheDir,
        options.imageCacheDir,
      ]),
    )
  )
}

/** The second step of startInputs: undefined while a template or asset bundle is not kept. */
export async function finishInputs(
  options: ResolvedBuildOptions,
  started: string | undefined,
  commits: Promise<ReadonlyMap<string, string>> | undefined,
): Promise<string | undefined> {
  if (started === undefined || commits === undefined) return undefined
  const [templates, assets, dates] = await Promise.all([
    heldEntryDigest('templates', options.site),
    heldEntryDigest('assets', options.site),
    commits,
  ])
  return templates && assets ? hash(JSON.stringify([started, templates, assets, [...dates]])) : undefined
}

/** Everything the output folder's bytes follow from, for the build cache's "is it up to date". */
export function outputInputs(
  options: ResolvedBuildOptions,
  site: SiteConfig,
  routes: readonly RoutePlan[],
  keys: readonly string[],
  fixed: readonly OutputFile[],
  images: BrandImagePlan,
): string[] {
  return [
    `record:${options.recordUrls}`,
    `report:${options.writeReport}`,
    digestJson(site.budgets),
    ...routes.map((r, i) => `${r.outputPath}\0${keys[i]}`),
    ...fixed.map((f) => `${f.path}\0${hash(f.contents)}`),
    // Image outputs are named by their source's content hash and the encoder version. (Sorted:
    // the images are found in the order parallel file reads finish.) Each page's share image is
    // named by the page's title and the drawing's digest, and its page links to it: the page's
    // key covers it.
    ...images.jobs.map((j) => j.outputPath).sort(),
  ]
}

/**
 * What every page's cache key shares: the render context, in the order it was built, since
 * templates follow it (the footer lists the first landing pages in the plan's order). Only the
 * images are digested with sorted keys: they are filled in the order their files were read.
 */
export function contextDigest(context: RenderContext): string {
  return hash(`${orderedJson({ ...context, images: undefined })}\n${stableJson(context.images)}`)
}

/** Whether the build read a sitemap the site folder's listing does not cover: a URL, or a file elsewhere. */
export function readsElsewhere(site: SiteConfig): boolean {
  const source = site.site.published
  if (source === undefined) return false
  const relative = path.relative(site.root, path.resolve(site.root, source))
  return isWebAddress(source) || relative.startsWith('..') || path.isAbsolute(relative)
}
