import { CommanderError } from 'commander'
import { BuildFailure, type ConfigError } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import { jsonLine } from '../errors/printable.js'
import { sourceStack } from '../errors/source-stack.js'
import { systemErrorOf } from '../errors/system-error.js'
import type { Io } from './io.js'

/** The first line of a bug report, on stderr or in a JSON record. */
export const internalErrorText = 'Internal error (a bug in citypress, not in your site; please report it with this text)'

/**
 * `--json` output: one JSON object per line (NDJSON) for every error or warning, then one summary
 * object, all on stdout, so a CI annotation step or an editor reads problems without parsing the
 * code frames. Positions are 1-based, as editors count. Every failure gets a record: the site's
 * errors, a machine fault (`disk-full`…), a bad command line (`usage`) and a bug of ours
 * (`internal-error`, with its stack). Text is kept exactly; control characters are written as
 * `\u` escapes, so none reaches a terminal raw (printable.ts).
 */
export interface JsonProblem {
  readonly type: 'error' | 'warning'
  readonly code: string
  readonly message: string
  /** Relative to the working directory, forward slashes. Absent for `usage` and `internal-error`. */
  readonly file?: string
  readonly line?: number
  readonly column?: number
  /** Config path as written in YAML, e.g. `pages[2].hero.image`; '' for a whole file. */
  readonly path?: string
  readonly hint?: string
  /** Other places the problem names (the other page at the same address), each with its own position. */
  readonly notes?: readonly JsonNote[]
  /** `internal-error` only: where in citypress it happened. */
  readonly stack?: string
}

export interface JsonNote {
  readonly message: string
  readonly file: string
  readonly line?: number
  readonly column?: number
}

export interface JsonSummary {
  readonly type: 'summary'
  readonly command: string
  readonly ok: boolean
  readonly errors: number
  readonly warnings: number
  readonly [fact: string]: unknown
}

/** Thrown after a failure was printed as JSON: main() exits with its code and prints nothing more. */
export class PrintedFailure extends Error {
  override readonly name = 'PrintedFailure'
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message)
  }
}

export function problemLine(problem: ConfigError | ConfigWarning, type: JsonProblem['type']): string {
  const { code, message, file, line, column, path, hint } = problem
  const notes = problem.notes?.map((note) => ({ message: note.message, file: note.file, line: note.line, column: note.column }))
  const entry: JsonProblem = { type, code, message, file, line, column, path, hint, ...(notes?.length ? { notes } : {}) }
  return jsonLine(entry)
}

export function printJsonProblems(io: Io, problems: readonly (ConfigError | ConfigWarning)[], type: JsonProblem['type']): void {
  for (const problem of problems) io.out(problemLine(problem, type))
}

/**
 * Runs a command's work; when it fails, prints the failure as JSON lines instead of the code
 * frames or the stack, and throws PrintedFailure.
 */
export async function runWithJsonFailures<T>(io: Io, command: JsonSummary['command'], work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw new PrintedFailure(error instanceof Error ? error.message : String(error), printJsonFailure(io, command, error))
  }
}

/**
 * Any failure as JSON lines, then a failed summary; returns the exit code: 1 for the site's
 * errors and machine faults, 2 for a bad command line or a bug of ours.
 */
export function printJsonFailure(io: Io, command: JsonSummary['command'], error: unknown): 1 | 2 {
  const system = error instanceof BuildFailure ? undefined : systemErrorOf(error)
  const problems = error instanceof BuildFailure ? error.errors : system ? [system] : undefined
  if (problems) {
    // Warnings found in the same round as the errors (a heading skip beside a broken link) are told too.
    const warnings = error instanceof BuildFailure ? (error.warnings as readonly ConfigWarning[]) : []
    printJsonProblems(io, problems, 'error')
    printJsonProblems(io, warnings, 'warning')
    io.out(summaryLine({ type: 'summary', command, ok: false, errors: problems.length, warnings: warnings.length }))
    return 1
  }
  const usage = error instanceof CommanderError
  const entry: JsonProblem = usage
    ? { type: 'error', code: 'usage', message: error.message.replace(/^error: /, '') }
    : {
        type: 'error',
        code: 'internal-error',
        message: `${internalErrorText}: ${error instanceof Error ? error.message : String(error)}`,
        stack: sourceStack(error),
      }
  io.out(jsonLine(entry))
  io.out(summaryLine({ type: 'summary', command, ok: false, errors: 1, warnings: 0 }))
  return 2
}

export function summaryLine(summary: JsonSummary): string {
  return jsonLine(summary)
}
