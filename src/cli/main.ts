import { Command, CommanderError } from 'commander'
import type { ReactFloorOptions, ReactFloorResult } from '../bench/react-floor.js'
import { BuildFailure } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import { formatBuildFailure } from '../errors/format.js'
import { printable } from '../errors/printable.js'
import { sourceStack } from '../errors/source-stack.js'
import { systemErrorOf } from '../errors/system-error.js'
import { boundHeapGrowth } from '../tool/heap-growth.js'
import { buildCommand } from './commands/build.js'
import { newCommand } from './commands/new.js'
import { previewCommand } from './commands/preview.js'
import { routesCommand } from './commands/routes.js'
import { printWarnings } from './commands/shared.js'
import { validateCommand } from './commands/validate.js'
import { type Io, processIo } from './io.js'
import { internalErrorText, PrintedFailure, printJsonFailure } from './json-output.js'

declare const CITYPRESS_VERSION: string | undefined

// For bin/compile.mjs, which puts the compiled schema validators beside this bundle in lib/.
export { writeSchemaValidators } from '../config/checks/schema-validators.js'
/** For `npm run bench` (bin/react-floor.cjs), which loads it from the compiled lib/; imported when called, like build. */
export async function measureReactFloor(options: ReactFloorOptions): Promise<ReactFloorResult> {
  const floor = await import('../bench/react-floor.js')
  return floor.measureReactFloor(options)
}

/** For `npm run bench` (bin/gen-site.mjs --second-language), loaded from the compiled lib/ like measureReactFloor. */
export async function writeSecondLanguage(siteRoot: string, code: string): Promise<{ files: number }> {
  const generator = await import('../bench/second-language.js')
  return generator.writeSecondLanguage(siteRoot, code)
}

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 the site has errors, 2 a bad command line or an
 * internal error. Never calls process.exit, so tests run it as a function.
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  // React's development build renders 3.5× slower.
  process.env.NODE_ENV = 'production'
  boundHeapGrowth()
  const program = new Command('citypress')
    .description('Turn a folder of YAML into a fast marketing website with city × service landing pages.')
    .version(typeof CITYPRESS_VERSION === 'string' ? CITYPRESS_VERSION : 'dev', '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Examples:
  $ citypress new my-site            make a new website project to start from
  $ citypress build                  build the site in this folder into dist/
  $ citypress validate sites/acme    check a site without building it
  $ citypress routes                 list every page, landing pages as a matrix

Run citypress <command> --help for a command's options.`,
    )
  for (const add of [buildCommand, validateCommand, routesCommand, previewCommand, newCommand]) add(program, io)
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }).showSuggestionAfterError()

  try {
    await program.parseAsync(argv, { from: 'user' })
    return 0
  } catch (error) {
    if (error instanceof PrintedFailure) return error.exitCode
    const command = argv.find((a) => !a.startsWith('-'))
    // --json promises one record per failure on stdout, whatever failed (json-output.ts).
    if (argv.includes('--json') && !(error instanceof CommanderError && error.exitCode === 0))
      return printJsonFailure(io, command ?? 'citypress', error)
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
    // What failed, in the words of the command that was run.
    const what = { validate: 'Validation', routes: 'Listing the routes', new: 'Making the project' }[command ?? ''] ?? 'Build'
    if (error instanceof BuildFailure) {
      printWarnings(io, error.warnings as readonly ConfigWarning[])
      io.err(formatBuildFailure(error.errors, io, what))
      return 1
    }
    const system = systemErrorOf(error)
    if (system) {
      io.err(formatBuildFailure([system], io, what))
      return 1
    }
    // A thrown message may quote site text: no control reaches the terminal (printable.ts).
    io.err(`${internalErrorText}:\n${printable(sourceStack(error))}\n`)
    return 2
  }
}
