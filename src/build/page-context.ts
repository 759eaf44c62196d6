import type { AssetsResult } from '../assets/bundle-assets.js'
import { cachedByInputs } from '../cache/by-inputs.js'
import { hash } from '../cache/digest.js'
import { routeText } from '../cache/page-cache.js'
import { openSampleNames } from '../cache/sample-names.js'
import type { CacheNote } from '../cache/sealed-file.js'
import { hostRules } from '../config/presets/hosts.js'
import type { SiteConfig } from '../config/site-model.js'
import type { PageSheets } from '../html/selector-names.js'
import type { BrandImagePlan } from '../images/brand-images.js'
import { metaPolicy, policyText } from '../output/csp.js'
import type { BuildPlan, RenderPlan } from '../plan/plan-site.js'
import type { TemplateBundle } from '../render/bundle-templates.js'
import type { InlineCode } from '../render/inline-code.js'
import { layoutNames, layoutSamples, pageStylesheets } from '../render/page-stylesheets.js'
import type { AreaRegion, LanguageContext, RenderContext } from '../render/render-context.js'
import { citypressVersion, codeDigest } from '../tool/package.js'
import { contextDigest } from './inputs.js'
import { type BuildMemo, computeEachTime } from './options.js'

// What a build hands every page's render besides its own props: the render context, and the
// stylesheets cut for the pages.

/**
 * What every page's render sees besides its own props. (Also the React floor's, src/bench/react-floor.ts,
 * so the bench renders exactly what a build renders.)
 */
export function renderContextOf(
  site: SiteConfig,
  plan: RenderPlan,
  images: BrandImagePlan,
  assets: AssetsResult,
  asOf: Date,
  inlineCode?: InlineCode,
  editionAssets: readonly AssetsResult[] = [],
): RenderContext {
  const pagePolicy = inlineCode && !hostRules(site.site.host).readsHeaders ? policyText(metaPolicy(site.site, inlineCode)) : undefined
  const locations = plan.routes.find((r) => r.template === 'locations' && (r.language ?? site.site.language) === site.site.language)
  return {
    pagePolicy,
    ...(locations ? { locationsUrl: locations.url } : {}),
    ...languageContext(site, plan.landingUrls),
    images: images.assets,
    ownIcons: Object.fromEntries(Object.entries(site.ownIcons).map(([name, { viewBox, shapes }]) => [name, { viewBox, shapes }])),
    assets: assets.manifest,
    brand: images.brand,
    year: asOf.getFullYear(),
    ...(plan.editions.length
      ? {
          editions: Object.fromEntries(
            plan.editions.map((e, i) => [
              e.language.code,
              { ...languageContext(e.site, e.landingUrls), links: e.links, assets: (editionAssets[i] ?? assets).manifest },
            ]),
          ),
        }
      : {}),
  }
}

/**
 * The stylesheets cut for the pages (render/page-stylesheets.ts), kept in the tool store by the
 * names the sampled pages use, and those names by each page's text (cache/sample-names.ts): a
 * build renders again only the sampled pages it changed, and cuts again only when their names
 * changed.
 */
export async function cutPageSheets(
  site: SiteConfig,
  plan: RenderPlan,
  templates: TemplateBundle,
  context: RenderContext,
  note?: CacheNote,
  memo: BuildMemo = computeEachTime,
): Promise<PageSheets | undefined> {
  const css = context.assets.inlineCss
  if (css === undefined) return undefined
  // Everything but the sampled pages that a page's names follow from.
  const scope = [`${citypressVersion}+${codeDigest}`, templates.hash, contextDigest(context)].join('\n')
  const known = await openSampleNames(scope, note)
  const layouts = layoutNames({
    samples: layoutSamples(plan.routes),
    templates,
    context,
    remembered: {
      get: (route) => known.get(routeText(route)),
      set: (route, names) => known.set(routeText(route), names),
    },
  })
  await known.save()
  const key = hash([scope, ...layouts.map((names) => names.join(' '))].join('\n'))
  const cuts = await memo<PageSheets | null>('page-sheets', key, () =>
    cachedByInputs<PageSheets | null>({
      name: 'page-sheets',
      siteRoot: site.root,
      key,
      compute: async () => ({ value: pageStylesheets(css, layouts) ?? null, inputs: [] }),
      note,
    }),
  )
  return cuts ?? undefined
}

/**
 * Gives `sheets` to the manifests that inline `assets`' stylesheet: the languages' bundles share
 * it (and have scripts of their own).
 */
export function withPageSheets(assets: AssetsResult, sheets: PageSheets | undefined): (edition: AssetsResult) => AssetsResult {
  return (edition) =>
    sheets && edition.manifest.inlineCss === assets.manifest.inlineCss
      ? { ...edition, manifest: { ...edition.manifest, pageSheets: sheets } }
      : edition
}

/** What a page sees of the site in its language: the site's, or an edition's (config/languages/edition.ts). */
function languageContext(site: SiteConfig, landingUrls: BuildPlan['landingUrls']): LanguageContext {
  return {
    site: site.site,
    services: site.services,
    areas: { lists: site.areas.lists, regions: areaRegions(site.areas) },
    forms: site.forms,
    posts: site.posts.map(({ body: _body, bodyLine: _line, imagePaths: _images, ...summary }) => summary),
    landingUrls,
  }
}

/** The regions of areas.yaml in their order, each with its areas (resolved names, places' `region`). */
function areaRegions(areas: SiteConfig['areas']): AreaRegion[] {
  const places = Object.entries(areas.places ?? {})
  return Object.entries(areas.regions ?? {})
    .map(([key, region]) => ({
      name: region.name,
      areas: places.filter(([, place]) => place.region === key).map(([area]) => area),
    }))
    .filter((region) => region.areas.length > 0)
}
