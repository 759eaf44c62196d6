import { BuildFailure, type ConfigError } from '../errors/config-error.js'
import type { ConfigWarning } from '../errors/config-warning.js'
import type { Io } from './io.js'

/**
 * `--json` output: one JSON object per line (NDJSON) for every error or warning, then one summary
 * object, all on stdout, so a CI annotation step or an editor reads problems without parsing the
 * code frames. Positions are 1-based, as editors count.
 */
export interface JsonProblem {
  readonly type: 'error' | 'warning'
  readonly code: string
  readonly message: string
  /** Relative to the working directory, forward slashes. */
  readonly file: string
  readonly line?: number
  readonly column?: number
  /** Config path as written in YAML, e.g. `pages[2].hero.image`; '' for a whole file. */
  readonly path?: string
  readonly hint?: string
}

export interface JsonSummary {
  readonly type: 'summary'
  readonly command: 'build' | 'validate'
  readonly ok: boolean
  readonly errors: number
  readonly warnings: number
  readonly [fact: string]: unknown
}

/** Thrown after a failure was printed as JSON: main() exits with 1 and prints nothing more. */
export class ReportedFailure extends Error {
  override readonly name = 'ReportedFailure'
}

export function problemLine(problem: ConfigError | ConfigWarning, type: JsonProblem['type']): string {
  const { code, message, file, line, column, path, hint } = problem
  const entry: JsonProblem = { type, code, message, file, line, column, path, hint }
  return `${JSON.stringify(entry)}\n`
}

export function printJsonProblems(io: Io, problems: readonly (ConfigError | ConfigWarning)[], type: JsonProblem['type']): void {
  for (const problem of problems) io.out(problemLine(problem, type))
}

/**
 * Runs a command's work; when it fails with the site's errors, prints them and a failed summary
 * as JSON lines instead of the code frames, and throws ReportedFailure.
 */
export async function reportingJson<T>(io: Io, command: JsonSummary['command'], work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error
    printJsonProblems(io, error.errors, 'error')
    io.out(summaryLine({ type: 'summary', command, ok: false, errors: error.errors.length, warnings: 0 }))
    throw new ReportedFailure(error.message)
  }
}

export function summaryLine(summary: JsonSummary): string {
  return `${JSON.stringify(summary)}\n`
}
