import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadAndPlan } from '../../src/build/index.js'
import type { Io } from '../../src/cli/io.js'
import { BuildFailure, type ConfigError } from '../../src/errors/config-error.js'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures/sites', name)

/** A fresh temporary folder, removed with the run's (example-builds-setup.ts); tests never write into the repo. */
export async function tempDir(prefix = 'citypress-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix))
}

/**
 * Copies a fixture site into a temporary folder and overwrites (or adds) files from inline text,
 * so each error test shows the exact YAML it feeds in.
 */
export async function siteFrom(base: string, files: Record<string, string> = {}): Promise<string> {
  const dir = path.join(await tempDir(), 'site')
  // Never copy a cache a local `citypress build` of the fixture may have left behind.
  await cp(fixture(base), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), text)
  }
  return dir
}

/** An Io that keeps what the CLI prints, without colours. */
export function memoryIo(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    color: false,
    isTTY: false,
    out(text: string) {
      io.stdout += text
    },
    err(text: string) {
      io.stderr += text
    },
  }
  return io
}

/** Replaces machine-specific paths with <tmp> and <root> for stable assertions. */
export function normalize(text: string): string {
  return text.replaceAll(repoRoot.replace(/\/$/, ''), '<root>').replace(/\/(?:[\w.-]+\/)*citypress-test-\w+/g, '<tmp>')
}

/** Every file of a folder with the hash of its bytes: equal snapshots mean byte-identical folders. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return out
}

/** Every error of a site folder, placed at its line, as `citypress validate` reports them. */
export async function validationErrors(dir: string): Promise<ConfigError[]> {
  try {
    await loadAndPlan(dir)
    return []
  } catch (error) {
    if (error instanceof BuildFailure) return [...error.errors]
    throw error
  }
}
