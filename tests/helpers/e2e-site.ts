import type { Browser } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'
import { fixtureBuild } from './example-build.js'
import { type SiteServer, serveSite } from './server.js'

/**
 * Serves the widget fixture site (tests/fixtures/sites/widgets) on 127.0.0.1, as the real build()
 * writes it: built once for the whole test run (tests/helpers/example-build.ts), so never write
 * into `outDir`. Each e2e file calls it once in beforeAll and reuses the server for all its tests.
 */
export async function serveWidgetSite(): Promise<SiteServer & { readonly outDir: string }> {
  const { outDir } = await fixtureBuild('widgets')
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
