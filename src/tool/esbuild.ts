import type { BuildOptions, BuildResult } from 'esbuild'

/**
 * esbuild, shared by the stages that bundle (assets/, render/): loaded when first needed. Its
 * service process (a Go program of about 65 MiB, kept alive between calls) is ended by a build
 * once its bundles are made, so it does not stay resident while thousands of pages render; the
 * next bundle starts it again.
 */
let loaded: Promise<typeof import('esbuild')> | undefined
/** Bundles in progress: another build in this process may be bundling while one stops esbuild. */
let running = 0

export async function bundle<T extends BuildOptions>(options: T): Promise<BuildResult<T>> {
  running++
  try {
    const { build } = await (loaded ??= import('esbuild'))
    // esbuild's own signature refuses keys it does not know; T is already BuildOptions.
    return await build(options as never)
  } finally {
    running--
  }
}

/** Ends esbuild's service process if this process started one and no bundle is in progress. */
export async function stopEsbuild(): Promise<void> {
  if (loaded && running === 0) await (await loaded).stop()
}
