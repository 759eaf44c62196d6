#!/usr/bin/env node
// `npm run readme:figures`: measures what installing citypress brings into a new project (the
// package tests' install, tests/package/pack.test.ts) and writes the figures into README.md's
// install-figures span. The test itself only compares them, failing when they are more than 10% off.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const work = mkdtempSync(path.join(tmpdir(), 'citypress-figures-'))
const figuresFile = path.join(work, 'figures.txt')
try {
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'tests/vitest.config.ts',
      '--project',
      'package',
      'tests/package/pack.test.ts',
      '-t',
      'measures what an install brings',
    ],
    { stdio: 'inherit', cwd: root, env: { ...process.env, CITYPRESS_INSTALL_FIGURES: figuresFile } },
  )
  let figures
  try {
    figures = readFileSync(figuresFile, 'utf8')
  } catch {
    /* the test failed before measuring */
  }
  if (!figures) {
    console.error('readme-figures: the package test measured nothing; see its output above.')
    process.exit(run.status || 1)
  }
  const readmeFile = path.join(root, 'README.md')
  const readme = readFileSync(readmeFile, 'utf8')
  const span = /(<!-- install-figures: tests\/package\/pack\.test\.ts -->)([\s\S]*?)(<!-- \/install-figures -->)/
  if (!span.test(readme)) {
    console.error('readme-figures: README.md has no install-figures span.')
    process.exit(1)
  }
  writeFileSync(
    readmeFile,
    readme.replace(span, (_all, open, _was, close) => `${open}${figures}${close}`),
  )
  console.log(`readme-figures: README.md says "${figures}".`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
