import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // JSX as bin/compile.mjs compiles it for lib/: React's production runtime (jsx, jsxs). The
  // development transform calls jsxDEV, which React leaves out once NODE_ENV is production, as
  // the CLI's main() sets it before a build draws its report (src/report/).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // Builds and browsers are real; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Tests that build sites write into temporary folders of their own, so files may run in parallel.
    pool: 'forks',
    // A folder for this run's builds of the unmodified example sites, which test files share (tests/helpers/example-build.ts).
    globalSetup: ['tests/helpers/example-builds-setup.ts'],
  },
})
