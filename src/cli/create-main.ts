import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command, CommanderError } from 'commander'
import { printable } from '../errors/printable.js'
import { defineNewCommand } from './commands/new.js'
import { type Io, processIo } from './io.js'

declare const CITYPRESS_VERSION: string | undefined

/**
 * create-citypress (`npm create citypress@latest my-site`): `citypress new` without installing
 * citypress first. Bundled by bin/compile.mjs into create-citypress/lib/, beside the copy of
 * sites/starter it carries in create-citypress/starter/. Returns the exit code like main().
 */
export async function createMain(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const version = typeof CITYPRESS_VERSION === 'string' ? CITYPRESS_VERSION : '0.0.0'
  const starter = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'starter')
  const program = new Command('create-citypress')
    .version(version, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
  defineNewCommand(program, io, { setup: async () => ({ starter, version }), invocation: 'npm create citypress@latest' })
  try {
    await program.parseAsync(argv, { from: 'user' })
    return 0
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
    io.err(`Internal error (this is a bug in create-citypress, please report it):\n${printable(String((error as Error).stack ?? error))}\n`)
    return 2
  }
}
