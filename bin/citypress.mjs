#!/usr/bin/env node
// The citypress command. Recompiles src/ into lib/ first when a source changed (about 0.1 s),
// so a fresh clone or an edited checkout just works.
import { pathToFileURL } from 'node:url'
import { compile, isStale, output } from './compile.mjs'

process.setSourceMapsEnabled(true)
if (isStale()) await compile()
const { main } = await import(pathToFileURL(output).href)
process.exitCode = await main(process.argv.slice(2))
