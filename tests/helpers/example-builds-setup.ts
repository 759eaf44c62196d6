import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where tests/helpers/example-build.ts keeps this run's builds of the example sites. */
    exampleBuilds: string
  }
}

/**
 * vitest's globalSetup: one tool store per test run, and one folder for the shared builds of the example sites
 * (tests/helpers/example-build.ts). It only makes the folder: a site is built the first time a
 * test file asks for it, so a run of files that never do builds nothing. The folder goes at the
 * end of the run, and a rerun in watch mode gets a new one, so no build outlives the code it was
 * made with.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // One tool store for the run (tool/package.ts toolStoreDir): no test writes into the repository's
  // node_modules, and the copies of a site that tests make share its bundles.
  const store = await mkdtemp(path.join(tmpdir(), 'citypress-store-'))
  process.env.CITYPRESS_CACHE_DIR = store
  let folder: string | undefined
  const provideFresh = async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
    folder = await mkdtemp(path.join(tmpdir(), 'citypress-examples-'))
    project.provide('exampleBuilds', folder)
  }
  await provideFresh()
  project.onTestsRerun(provideFresh)
  return async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
    await rm(store, { recursive: true, force: true })
  }
}
