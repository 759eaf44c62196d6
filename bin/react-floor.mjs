#!/usr/bin/env node
// The React floor of `npm run bench` (src/bench/react-floor.ts), in a process of its own:
//
//   node bin/react-floor.mjs <site> --out <dir>
//
// Prints one JSON line: { pages, seconds, cpu, rssMiB } of the rendering and writing alone.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { compile, isStale, output } from './compile.mjs'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } })
if (positionals.length !== 1 || !values.out) {
  console.error('usage: node bin/react-floor.mjs <site> --out <dir>')
  process.exit(2)
}
if (isStale()) await compile()
const { measureReactFloor } = await import(pathToFileURL(output).href)
console.log(JSON.stringify(await measureReactFloor({ site: path.resolve(positionals[0]), outDir: path.resolve(values.out) })))
