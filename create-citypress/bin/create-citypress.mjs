#!/usr/bin/env node
// `npm create citypress@latest my-site` runs this. lib/ and starter/ are made at pack time.
import { createMain } from '../lib/create.mjs'

process.exitCode = await createMain(process.argv.slice(2))
