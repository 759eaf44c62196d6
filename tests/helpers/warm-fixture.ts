import { sitePaths } from '../../src/site/paths.js'
import { copyImageCache, fixtureBuild, type SharedFixture } from './example-build.js'
import { siteFrom } from './site.js'

/**
 * siteFrom (a fixture copied into a temporary folder, files overwritten from inline text), with
 * the image cache of the run's shared build of that fixture in the copy's .citypress: the cache
 * is keyed by what each variant is made of (source bytes, width, encoder; a share image by what
 * it draws), so a build of the copy encodes and draws only the images its changes make new, and
 * its output is byte for byte what a cold build makes. For tests of anything but encoding: a
 * test of how images are made builds a cold copy (siteFrom).
 */
export async function warmSiteFrom(base: SharedFixture, files: Record<string, string> = {}): Promise<string> {
  const [{ site: built }, dir] = await Promise.all([fixtureBuild(base), siteFrom(base, files)])
  await copyImageCache(built, sitePaths(dir).cache.images)
  return dir
}

/**
 * The image cache of the run's shared build of a fixture, for a build given `imageCacheDir`
 * explicitly: a copy of it of the caller's own, as builds prune what they did not use.
 */
export async function warmImageCache(base: SharedFixture, dest: string): Promise<string> {
  const { site: built } = await fixtureBuild(base)
  await copyImageCache(built, dest)
  return dest
}

/**
 * The run's shared build of a fixture, for a file's beforeAll: the first file of a run to ask
 * builds it, which takes longer than a test may.
 */
export async function warmFixture(base: SharedFixture): Promise<void> {
  await fixtureBuild(base)
}
