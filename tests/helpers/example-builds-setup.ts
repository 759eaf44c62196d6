import { execFileSync } from 'node:child_process'
import { chmodSync, lstatSync, mkdtempSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where tests/helpers/example-build.ts keeps this run's builds of the example sites. */
    exampleBuilds: string
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * vitest's globalSetup, run once per tier (vitest project), all in vitest's own process: one
 * temporary folder per test run that every other is made in, one tool store, and one folder for
 * the shared builds of the example sites (tests/helpers/example-build.ts), all shared by every
 * tier, so a site the build and the browser tier both read is built once. It only makes the
 * folder: a site is built the first time a test file asks for it, so a run of files that never do
 * builds nothing. The run's folder goes when the last tier is done, with all that the tests,
 * their child processes and Chromium left in it (a run's copies and builds of sites come to
 * gigabytes), and a rerun in watch mode gets a new examples folder, so no build outlives the
 * code it was made with. A run that is not watching then fails when the repository's files,
 * ignored ones included, are not as they were before it: no test may write into the repository.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = (state.citypressTestRun ??= start(project.vitest.config.watch))
  run.users += 1
  const provide = () => project.provide('exampleBuilds', run.examples!)
  if (!run.examples) run.examples = await mkdtemp(path.join(tmpdir(), 'citypress-examples-'))
  provide()
  project.onTestsRerun(async () => {
    // Every tier is told of a rerun: the first makes the new folder, the others take it.
    if (run.rerun !== run.examples) {
      await rm(run.examples!, { recursive: true, force: true })
      run.examples = await mkdtemp(path.join(tmpdir(), 'citypress-examples-'))
      run.rerun = run.examples
    }
    provide()
  })
  return async () => {
    run.users -= 1
    if (run.users > 0) return
    state.citypressTestRun = undefined
    restoreTmpdir(run.tmpdir)
    await rm(run.scratch, { recursive: true, force: true, maxRetries: 3 })
    if (run.before === undefined) return
    const after = repoFiles()
    const changed = [...new Set([...after.keys(), ...run.before.keys()])].filter((f) => after.get(f) !== run.before!.get(f)).sort()
    if (changed.length === 0) return
    // vitest only prints what a teardown throws: the exit code must say it too.
    process.exitCode = 1
    throw new Error(
      `Tests wrote into the repository (every test must write into a temporary folder):\n${changed.map((f) => `  ${f}`).join('\n')}`,
    )
  }
}

interface Run {
  /** The folder os.tmpdir() names for the run, in this process and every one it starts. */
  readonly scratch: string
  /** TMPDIR as it was before the run. */
  readonly tmpdir: string | undefined
  examples?: string
  rerun?: string
  users: number
  /** The repository's changed, untracked and ignored files before the run, when it is not watching. */
  readonly before?: Map<string, string>
}

/** The run's state, in vitest's process: each tier may load this module anew. */
const state = globalThis as { citypressTestRun?: Run }

function start(watching: boolean): Run {
  // Test workers are forked after the global setups, with this process's environment, and every
  // child process inherits theirs: whoever asks os.tmpdir() or mktemp gets the run's folder.
  const before = process.env.TMPDIR
  const scratch = mkdtempSync(path.join(tmpdir(), 'citypress-run-'))
  // Open to all with the sticky bit, as /tmp is: a package test runs the CLI as another user, which
  // reaches a project through this folder and makes its own folders in it.
  chmodSync(scratch, 0o1777)
  process.env.TMPDIR = scratch
  // One tool store for the run (tool/package.ts toolStoreDir): no test writes into the repository's
  // node_modules, and the copies of a site that tests make share its bundles.
  process.env.CITYPRESS_CACHE_DIR = execFileSync('mktemp', ['-d', path.join(tmpdir(), 'citypress-store-XXXXXX')], {
    encoding: 'utf8',
  }).trim()
  return { scratch, tmpdir: before, users: 0, before: watching ? undefined : repoFiles() }
}

function restoreTmpdir(before: string | undefined): void {
  if (before === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = before
}

/**
 * Each file git reports as changed, untracked or ignored (outside node_modules/, and the lib/
 * folders, create-citypress's starter/ and LICENSE that installing, compiling and `npm pack`
 * write), with its status, size and modification time: a file written again changes its time.
 */
function repoFiles(): Map<string, string> {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--ignored', '--untracked-files=all'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  const files = new Map<string, string>()
  for (const entry of out.split('\0')) {
    if (entry.length < 4) continue
    const file = entry.slice(3)
    if (/^(node_modules|lib|create-citypress\/(lib|starter|LICENSE))(\/|$)/.test(file) || file.includes('/node_modules/')) continue
    const stats = (() => {
      try {
        return lstatSync(path.join(repoRoot, file))
      } catch {
        return undefined
      }
    })()
    files.set(file, `${entry.slice(0, 2)} ${stats ? `${stats.size} ${stats.mtimeMs}` : 'gone'}`)
  }
  return files
}
