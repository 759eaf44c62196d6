#!/usr/bin/env node
// The citypress command. In a checkout it recompiles src/ into lib/ first when a source changed
// (about 0.1 s), so a fresh clone or an edited checkout just works. An installed package (under
// node_modules/) came with lib/ built at `prepack` and is never written to: it may be read-only
// or belong to another user. CommonJS, to size the thread pool before anything is read
// (thread-pool.cjs); the rest is ES modules.
require('./thread-pool.cjs')
const path = require('node:path')
const { pathToFileURL } = require('node:url')

async function run() {
  const { compile, isStale, output, root } = await import('./compile.mjs')
  const isInstalled = root.split(path.sep).includes('node_modules')
  if (!isInstalled && isStale()) await compile()
  const { main } = await import(pathToFileURL(output).href)
  process.exitCode = await main(process.argv.slice(2))
}

run()
