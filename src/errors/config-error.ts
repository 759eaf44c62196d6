/**
 * The one user-facing error type. Anything thrown that is not a ConfigError or BuildFailure is a
 * bug in citypress and is printed as "Internal error" with its stack.
 */
import type { ConfigErrorCode } from './catalogue.js'

export type { ConfigErrorCode }

/** Where a problem is, as an editor shows it. */
export interface SourcePosition {
  /** Relative to the working directory, forward slashes. */
  readonly file: string
  /** 1-based. Absent when only the file is known. */
  readonly line?: number
  /** 1-based, in UTF-16 code units (what editors count). */
  readonly column?: number
  /** Width of the underline, ≥ 1. */
  readonly length?: number
  /** The whole source line without its newline, so the formatter draws a frame without I/O. */
  readonly lineText?: string
}

/**
 * Where a value is in a YAML file (or a Markdown file's front matter) by the shape of its data, not
 * by line. Recording it costs nothing, while finding its line takes the file's syntax tree, which a
 * build without problems never builds (config/read/read-cache.ts gives config/ its data without one).
 * config/read/place-problems.ts finds the line when a problem at the place is reported.
 */
export interface DataPlace {
  /** RFC 6901 JSON Pointer of the value: `/sections/2/title`. Absent when the line is known or only the file is. */
  readonly pointer?: string
  /** Underline the value's key or the value. @default 'value' */
  readonly at?: 'key' | 'value'
  /**
   * Text written inside the value (a link in a Markdown field): found from the value's 0-based
   * `line` (and its `column` there) onwards, the way the Markdown scanner found it.
   */
  readonly inValue?: { readonly line: number; readonly column: number; readonly text: string }
}

/**
 * Where a value came from: a file, its config path (`sections[2].title`), and either a position
 * (when it was free to know, e.g. a Markdown line) or a DataPlace. Plain data, like every origin.
 */
export interface Origin extends SourcePosition, DataPlace {
  readonly path: string
}

/**
 * An origin as a message names it: `file:line` when its line is known, else the file and the config
 * path. (Messages are worded before lines are found, so most name the path.)
 */
export function originName(origin: Origin): string {
  if (origin.line) return `${origin.file}:${origin.line}`
  return origin.path ? `${origin.file} at \`${origin.path}\`` : origin.file
}

/**
 * A second place a problem names (the other page at the same address, the first use of an id),
 * told under it with its own frame, as esbuild's notes and rustc's. Its DataPlace, like a
 * problem's, until config/read/place-problems.ts finds its line.
 */
export interface Note extends SourcePosition, DataPlace {
  /** What is at this place, as a sentence: "The other page at /contact comes from here." */
  readonly message: string
}

export interface ConfigErrorInit extends SourcePosition, DataPlace {
  code: ConfigErrorCode
  /** What happened and why, then what to do. No "Error:" prefix, no position. */
  message: string
  /** Config path as users write it: `sections[2].title`; '' for the whole file. */
  path?: string
  /** Extra help: a likely fix, a "did you mean". */
  hint?: string
  notes?: readonly Note[]
  cause?: unknown
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  declare readonly code: ConfigErrorCode
  declare readonly path: string
  declare readonly hint?: string
  declare readonly notes?: readonly Note[]
  declare readonly file: string
  declare readonly line?: number
  declare readonly column?: number
  declare readonly length?: number
  declare readonly lineText?: string
  declare readonly pointer?: string
  declare readonly at?: 'key' | 'value'
  declare readonly inValue?: DataPlace['inValue']

  constructor({ message, cause, path = '', ...fields }: ConfigErrorInit) {
    super(message, { cause })
    Object.assign(this, { path, ...fields })
  }

  /** Plain data for the preview overlay and for snapshots (with its DataPlace while not yet placed). */
  toJSON() {
    return problemJson(this)
  }
}

/** A problem as plain data: its DataPlace only while it has one, so placed problems print as before. */
export function problemJson(problem: ConfigErrorInit & { readonly path: string }) {
  const { code, message, path, hint, file, line, column, length, lineText, pointer, at, inValue, notes } = problem
  return {
    code,
    message,
    path,
    hint,
    file,
    line,
    column,
    length,
    lineText,
    ...(pointer === undefined ? {} : { pointer, at, inValue }),
    ...(notes?.length ? { notes } : {}),
  }
}

/**
 * A warning a BuildFailure carries: a ConfigWarning, named by its shape because config-warning.ts
 * builds on this module.
 */
export interface CarriedWarning {
  readonly code: ConfigErrorCode
  readonly message: string
  readonly file: string
  toJSON(): ReturnType<typeof problemJson>
}

/** Thrown once by build() when any stage reported problems. Carries all of them. */
export class BuildFailure extends Error {
  override readonly name = 'BuildFailure'
  /**
   * `warnings`: those found in the same round as the errors (the config's and the plan's), so a
   * failed run still tells everything it found.
   */
  constructor(
    readonly errors: readonly ConfigError[],
    readonly warnings: readonly CarriedWarning[] = [],
  ) {
    super(`Build failed with ${errors.length} error${errors.length === 1 ? '' : 's'}`)
  }
}

/** Throws a BuildFailure when a stage collected any errors. */
export function failOn(errors: readonly ConfigError[], warnings: readonly CarriedWarning[] = []): void {
  if (errors.length > 0) throw new BuildFailure(errors, warnings)
}
