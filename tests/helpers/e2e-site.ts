import type { Browser } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { build } from '../../src/build.js'
import { launchChromium } from './browser.js'
import { siteFrom, tempDir } from './site.js'
import { serveSite, type SiteServer } from './server.js'

/**
 * Builds the widget fixture site (tests/fixtures/sites/widgets) into a temporary folder with the
 * real build() and serves it on 127.0.0.1. Each e2e file calls it once in beforeAll (about half a
 * second) and reuses the server for all its tests.
 */
export async function serveWidgetSite(): Promise<SiteServer & { readonly outDir: string }> {
  const outDir = await tempDir('citypress-e2e-')
  await build({ site: await siteFrom('widgets'), outDir, cacheDir: false })
  return Object.assign(await serveSite(outDir), { outDir })
}

export interface WidgetSiteEnv {
  readonly browser: Browser
  readonly site: SiteServer & { readonly outDir: string }
}

/**
 * Chromium and the served widget fixture site for the calling test file: started once before its
 * tests (register this before the file's own beforeAll hooks, which may then use them) and closed
 * after them. Read `env.browser` and `env.site` inside hooks and tests.
 */
export function useWidgetSite(): WidgetSiteEnv {
  const env = {} as { browser: Browser; site: WidgetSiteEnv['site'] }
  beforeAll(async () => {
    ;[env.browser, env.site] = await Promise.all([launchChromium(), serveWidgetSite()])
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.site?.close()
  })
  return env
}
