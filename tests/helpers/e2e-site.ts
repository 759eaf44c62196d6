import { build } from '../../src/build.js'
import { fixture, tempDir } from './site.js'
import { serveSite, type SiteServer } from './server.js'

/**
 * Builds the widget fixture site (tests/fixtures/sites/widgets) into a temporary folder with the
 * real build() and serves it on 127.0.0.1. Each e2e file calls it once in beforeAll (about half a
 * second) and reuses the server for all its tests.
 */
export async function serveWidgetSite(): Promise<SiteServer & { readonly outDir: string }> {
  const outDir = await tempDir('citypress-e2e-')
  await build({ site: fixture('widgets'), outDir, cacheDir: false })
  return Object.assign(await serveSite(outDir), { outDir })
}
