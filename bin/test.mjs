#!/usr/bin/env node
// `npm test`: makes sure a Chromium for the browser tests and a Java for the HTML checker exist, type-checks, then runs the whole vitest suite.
// Browser tests never download a browser of their own: they use Debian's chromium (installed here
// with apt-get when running as root), or, on a machine that may download browsers, playwright's.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)

function findChromium() {
  return candidates.find((p) => existsSync(p))
}

let chromium = findChromium()
if (!chromium && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log("citypress tests: installing Debian's chromium for the browser tests (apt-get)…")
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  chromium = findChromium()
}
if (!chromium) {
  console.log("citypress tests: no system Chromium; installing playwright's own (needs a network that allows it)…")
  const install = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', cwd: root })
  if (install.status === 0) {
    const { chromium: pw } = await import('playwright')
    chromium = pw.executablePath()
  }
}
if (!chromium || !existsSync(chromium)) {
  console.error(
    'citypress tests: no Chromium could be found or installed, so the browser tests cannot run.\n' +
      'Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.',
  )
  process.exit(1)
}

// The Nu Html Checker (the example sites' audit) runs on Java: Debian's headless runtime, as for
// Chromium. vnu-jar's own install script would download one, which a closed network refuses.
// (Without performance data, as nu-checker.mjs runs it: the JVM would leave /tmp/hsperfdata_<user>.)
const hasJava = () => spawnSync('java', ['-XX:-UsePerfData', '-version'], { stdio: 'ignore' }).status === 0
if (!hasJava() && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log("citypress tests: installing Debian's Java runtime for the HTML checker (apt-get)…")
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'default-jre-headless'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}
if (!hasJava()) {
  console.error(
    'citypress tests: no Java runtime, so the HTML checker cannot run.\n' +
      'Install one (Debian: apt-get install default-jre-headless), then run npm test again.',
  )
  process.exit(1)
}

// The whole suite starts with Biome (layout, import order, lint; `npm run format` fixes what it can)
// and runs the type check (about 25 s on 2 cores) beside the tests: vitest strips types without
// checking them, so a type error in src/, templates/ or tests/ would otherwise pass. The suite
// leaves a core idle for part of its run (its tests wait on Chromium and child processes), which
// the type check fills instead of holding up the first test. Runs of chosen test files skip both.
let typecheck = Promise.resolve(0)
if (process.argv.length === 2) {
  console.log('citypress tests: format and lint (biome check)…')
  const lint = spawnSync('npx', ['biome', 'check', '.'], { stdio: 'inherit', cwd: root })
  if (lint.status !== 0) process.exit(lint.status ?? 1)
  console.log('citypress tests: type check (tsc --noEmit), beside the tests…')
  const tsc = spawn('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: 'inherit', cwd: root })
  typecheck = new Promise((resolve) => tsc.on('close', (code) => resolve(code ?? 1)))
}

const args = ['vitest', 'run', '--config', 'tests/vitest.config.ts', ...process.argv.slice(2)]
const vitest = spawn('npx', args, { stdio: 'inherit', cwd: root, env: { ...process.env, CHROMIUM_PATH: chromium } })
const tests = await new Promise((resolve) => vitest.on('close', (code) => resolve(code ?? 1)))
const types = await typecheck
if (types !== 0) console.error('citypress tests: the type check failed (its errors are above).')
process.exit(tests !== 0 ? tests : types)
