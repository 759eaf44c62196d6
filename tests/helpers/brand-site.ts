import type { Browser } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { build } from '../../src/build/index.js'
import { launchChromium } from './browser.js'
import { type SiteServer, serveSite } from './server.js'
import { siteFrom, tempDir } from './site.js'

export interface BrandSiteEnv {
  readonly browser: Browser
  readonly site: SiteServer & { readonly outDir: string }
}

/**
 * Chromium and the brand fixture site (tests/fixtures/sites/brand: its own colours, fonts, two
 * logos and an icon), built from a copy with no caches and served on 127.0.0.1, for one test file.
 */
export function useBrandSite(): BrandSiteEnv {
  const env = {} as { browser: Browser; site: BrandSiteEnv['site'] }
  beforeAll(async () => {
    const [browser, dir, outDir] = await Promise.all([launchChromium(), siteFrom('brand'), tempDir('citypress-brand-')])
    await build({ site: dir, outDir, cacheDir: false, imageCacheDir: false })
    env.browser = browser
    env.site = Object.assign(await serveSite(outDir), { outDir })
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.site?.close()
  })
  return env
}
