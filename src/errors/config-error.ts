/**
 * The one user-facing error type. Anything thrown that is not a ConfigError or BuildFailure is a
 * bug in citypress and is printed as "Internal error" with its stack.
 */

/** Stable identifiers. Never rename one: users search for them and tests assert on them. */
export type ConfigErrorCode =
  | 'yaml-syntax'
  | 'unknown-key'
  | 'missing-key'
  | 'wrong-type'
  | 'bad-value'
  | 'file-not-found'
  | 'missing-reference'
  | 'duplicate-route'
  | 'bad-slug'
  | 'markdown-front-matter'
  | 'bad-image'
  | 'render-failed'
  | 'template-error'
  | 'broken-link'
  | 'form-mismatch'
  | 'budget-exceeded'
  | 'site-not-found'
  | 'host-unsupported'
  | 'published-unreadable'
  | 'bad-autocomplete'
  | 'bad-pattern'
  | 'bad-date'
  | 'duplicate-id'
  | 'bad-phone'
  | 'conflicting-hours'
  | 'unknown-place'
  | 'duplicate-place'
  | 'chip-without-page'
  | 'heading-skip'
  | 'missing-h1'
  | 'missing-alt'
  | 'unknown-embed'
  | 'low-contrast'
  | 'unknown-font'
  | 'outside-site'
  | 'unknown-file'
  | 'bad-record'
  | 'unsafe-svg'
  // Machine faults (system-error.ts): the user's to fix, never a bug.
  | 'disk-full'
  | 'read-only'
  | 'no-permission'
  | 'too-many-open-files'
  | 'name-too-long'
  | 'out-of-memory'

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

/** Where a value came from: a position plus its config path (`sections[2].title`). */
export interface Origin extends SourcePosition {
  readonly path: string
}

/**
 * An origin whose line, column and text are asked of `position` only when first read (by an
 * error message): finding them may need a file's syntax tree (config/locate.ts), which a build
 * without errors never needs. A spread (`{ ...origin }`) reads them, so stages re-path an origin
 * with withPath rather than spreading it.
 */
export function lazyOrigin(file: string, path: string, position: () => SourcePosition): Origin {
  let found: SourcePosition | undefined
  const at = () => (found ??= position())
  return {
    file,
    path,
    get line() {
      return at().line
    },
    get column() {
      return at().column
    },
    get length() {
      return at().length
    },
    get lineText() {
      return at().lineText
    },
  }
}

/** The same place under another config path, still lazy. */
export function withPath(origin: Origin, path: string): Origin {
  return lazyOrigin(origin.file, path, () => origin)
}

export interface ConfigErrorInit extends SourcePosition {
  code: ConfigErrorCode
  /** What happened and why, then what to do. No "Error:" prefix, no position. */
  message: string
  /** Config path as users write it: `sections[2].title`; '' for the whole file. */
  path?: string
  /** Extra help: a likely fix, a "did you mean". */
  hint?: string
  cause?: unknown
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  declare readonly code: ConfigErrorCode
  declare readonly path: string
  declare readonly hint?: string
  declare readonly file: string
  declare readonly line?: number
  declare readonly column?: number
  declare readonly length?: number
  declare readonly lineText?: string

  constructor({ message, cause, path = '', ...fields }: ConfigErrorInit) {
    super(message, { cause })
    Object.assign(this, { path, ...fields })
  }

  /** Plain data for the preview overlay and for snapshots. */
  toJSON() {
    const { code, message, path, hint, file, line, column, length, lineText } = this
    return { code, message, path, hint, file, line, column, length, lineText }
  }
}

/** Thrown once by build() when any stage reported problems. Carries all of them. */
export class BuildFailure extends Error {
  override readonly name = 'BuildFailure'
  constructor(readonly errors: readonly ConfigError[]) {
    super(`Build failed with ${errors.length} error${errors.length === 1 ? '' : 's'}`)
  }
}

/** Throws a BuildFailure when a stage collected any errors. */
export function failOn(errors: readonly ConfigError[]): void {
  if (errors.length > 0) throw new BuildFailure(errors)
}
