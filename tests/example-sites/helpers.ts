import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { BuildFailure, type BuildOptions, type BuildResult, build } from '../../src/build/index.js'
import type { ConfigError } from '../../src/errors/config-error.js'

/** Writes a photo-like test image (noise, so encoders work as on a real photo) into a site. */
export async function writePhoto(site: string, file: string, size: { width: number; height: number }): Promise<void> {
  const bytes = await sharp({ create: { ...size, channels: 3, background: '#5b7fa6', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer()
  await mkdir(path.dirname(path.join(site, file)), { recursive: true })
  await writeFile(path.join(site, file), bytes)
}

/** Builds into memory (no page cache) and returns the result with a page lookup by address. */
export async function buildInMemory(site: string, options: Partial<BuildOptions> = {}) {
  const result = await build({ site, write: false, cacheDir: false, ...options })
  return { result, ...lookups(result) }
}

export function lookups(result: BuildResult) {
  const file = (outputPath: string) => {
    const found = result.files.find((f) => f.path === outputPath)
    if (!found) throw new Error(`the build wrote no ${outputPath}`)
    return typeof found.contents === 'string' ? found.contents : Buffer.from(found.contents).toString('utf8')
  }
  const page = (url: string) => {
    const route = result.routes.find((r) => r.url === url)
    if (!route) throw new Error(`no page at ${url}`)
    return file(route.outputPath)
  }
  return { file, page }
}

/** The build's errors; fails the test when the build succeeds. */
export async function buildErrors(site: string, options: Partial<BuildOptions> = {}): Promise<readonly ConfigError[]> {
  const failure = await build({ site, write: false, cacheDir: false, ...options }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected the build to fail, got ${String(failure)}`)
  return failure.errors
}

/** Every JSON-LD object of a page, parsed (a `@graph` is flattened into its nodes). */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .flatMap((data) => (Array.isArray(data['@graph']) ? (data['@graph'] as Record<string, unknown>[]) : [data]))
}

/** The value of one attribute of the first element matching a tag and a required attribute text. */
export function attribute(html: string, element: RegExp, name: string): string | undefined {
  const tag = element.exec(html)?.[0]
  return tag ? new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&') : undefined
}
