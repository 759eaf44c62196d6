#!/usr/bin/env node
// The React floor of `npm run bench` (src/bench/react-floor.ts), in a process of its own, set up
// as the citypress command's (thread-pool.cjs):
//
//   node bin/react-floor.cjs <site> --out <dir>
//
// Prints one JSON line: { pages, seconds, cpu, rssMiB } of the rendering and writing alone.
require('./thread-pool.cjs')
const path = require('node:path')
const { pathToFileURL } = require('node:url')
const { parseArgs } = require('node:util')

async function run() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } })
  if (positionals.length !== 1 || !values.out) {
    console.error('usage: node bin/react-floor.cjs <site> --out <dir>')
    process.exit(2)
  }
  const { compile, isStale, output } = await import('./compile.mjs')
  if (isStale()) await compile()
  const { measureReactFloor } = await import(pathToFileURL(output).href)
  console.log(JSON.stringify(await measureReactFloor({ site: path.resolve(positionals[0]), outDir: path.resolve(values.out) })))
}

run()
