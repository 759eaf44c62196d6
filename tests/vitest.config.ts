import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import LongestFirst from './helpers/longest-first.js'

/**
 * The tiers, told apart by where a file lives and how it is named (README, "Testing"):
 * unit `tests/<stage>/x.test.ts` (no site build, browser or child process), build
 * `x.build.test.ts` (builds sites, runs the CLI, a preview server or a stage's heavy work over
 * whole example sites), browser `x.browser.test.ts`
 * (drives Chromium), package `tests/package/` (npm pack and install). `npm test` runs them all;
 * `vitest run --project unit` one of them.
 */
const build = '**/*.build.test.{ts,tsx}'
const browser = '**/*.browser.test.{ts,tsx}'
const pkg = 'tests/package/**/*.test.{ts,tsx}'
/** Files that change what their process holds for later builds: the tool store, the working folder, the environment, the clock. */
const ownProcess = [
  'tests/cache/cache-damage.build.test.ts',
  'tests/cache/replay.build.test.ts',
  'tests/output/output-guard.build.test.ts',
  'tests/cli/json.build.test.ts',
  'tests/errors/one-round.build.test.ts',
  'tests/scaffold/new-site.build.test.ts',
  'tests/preview/preview-options.build.test.ts',
]

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // JSX as bin/compile.mjs compiles it for lib/: React's production runtime (jsx, jsxs). The
  // development transform calls jsxDEV, which React leaves out once NODE_ENV is production, as
  // the CLI's main() sets it before a build draws its report (src/report/).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // React as the CLI runs it (main() sets production before it builds). React picks its build when
    // its module is first loaded, and build files share their worker's modules: the JSX runtime
    // loaded under vitest's "test" is the development one, which fails inside the production
    // renderer a later file's main() loads ("dispatcher.getOwner is not a function").
    env: { NODE_ENV: 'production' },
    // Builds and browsers are real; give them room on a 2-core machine. A hook may make the run's
    // first cold builds of the example sites, which a slow or busy machine takes minutes over.
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Tests that build sites write into temporary folders of their own, so files may run in parallel.
    pool: 'forks',
    // Two files at a time even on 2 cores: much of a file's time is spent waiting for child
    // processes, Chromium and image encoding. Measured for the whole suite on 2 cores: 17.6 min with
    // two at a time, and one at a time was on course for more than 18.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A folder for this run's builds of the unmodified example sites, which test files share
    // (tests/helpers/example-build.ts), and the check that no test wrote into the repository.
    globalSetup: ['tests/helpers/example-builds-setup.ts'],
    // The slowest files first, whatever their tier, so no long file is left running alone at the end.
    sequence: { sequencer: LongestFirst },
    projects: [
      // Unit files share their worker's loaded modules (most of their time was loading them).
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: [build, browser, pkg], isolate: false } },
      // Build files share their worker's loaded modules too: the modules and what they compile once
      // (schema validators, esbuild, fonts) were a quarter of the tier's CPU. The few that change what
      // a process holds (its tool store, working folder, environment or clock) run in processes of
      // their own. Browser files gain nothing from sharing (Chromium's work dominates) and stay apart.
      { extends: true, test: { name: 'build', include: [build], exclude: [pkg, ...ownProcess], isolate: false } },
      // One Chromium for the tier, which each file connects to (tests/helpers/browser-server-setup.ts).
      {
        extends: true,
        test: { name: 'browser', include: [browser], exclude: [pkg], globalSetup: ['tests/helpers/browser-server-setup.ts'] },
      },
      { extends: true, test: { name: 'own-process', include: ownProcess } },
      { extends: true, test: { name: 'package', include: [pkg] } },
    ],
  },
})
