import { chromium } from 'playwright'
import type { TestProject } from 'vitest/node'
import { chromiumLaunchOptions } from './chromium-options.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tier's one Chromium listens (tests/helpers/browser.ts launchChromium connects to it). */
    chromiumEndpoint: string
  }
}

/**
 * vitest's globalSetup of the browser tier: one Chromium for the whole tier, which each test file
 * connects to instead of starting its own (a start and a fresh profile cost about 3.6 CPU-seconds on
 * 2 cores, some 25 times a run). Each file still gets browser contexts of its own, which share
 * nothing, and closing its connection closes them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumLaunchOptions)
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
