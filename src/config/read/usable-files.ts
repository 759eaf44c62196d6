import path from 'node:path'
import type { ErrorObject } from 'ajv'
import type { ConfigError } from '../../errors/config-error.js'
import { validatorFor } from '../checks/schema-validators.js'
import { type FileKind, type FoundRef, type RefKind, validateSource } from '../checks/validate.js'
import type { ReadFile } from './read-cache.js'
import type { YamlSource } from './read-yaml.js'

export interface UsableFile {
  readonly entry: { readonly source: YamlSource; readonly data: unknown }
  readonly refs: readonly FoundRef[]
  /** Problems found only once the unknown keys were set aside (config/checks/check-values.ts runs on valid data). */
  readonly errors: readonly ConfigError[]
}

/**
 * Whether a file read with errors may still take part in the cross-file checks and the plan, so
 * that a mistake in one file never hides the mistakes of others. A file of the right shape whose
 * values are wrong is used as it is; a file whose only problems are unknown keys is used without
 * them: an unknown key is ignored by everything downstream, so nothing can follow from it. Any
 * other schema error leaves the file out (its data cannot be trusted to have the shape the later
 * stages read); its names still count as known (excludedNames), so no reference to it is reported
 * as missing.
 */
export function usableFile(kind: FileKind, read: ReadFile): UsableFile | undefined {
  if (!read.entry) return undefined
  if (read.errors.length === 0) return { entry: read.entry, refs: read.refs, errors: [] }
  const { source, data } = read.entry
  // A Markdown file's body travels beside its front matter; only the front matter is validated.
  const { body, bodyLine, ...front }: Record<string, unknown> = structuredClone(data as Record<string, unknown>)
  const check = validatorFor(kind)
  // Its shape is right and only values are wrong (a phone number, a token in a text: checkValues):
  // nothing downstream reads a shape it does not have, so the other checks see the file.
  if (check(front)) return { entry: read.entry, refs: read.refs, errors: [] }
  // Unknown keys are set aside; a text with a token misspelt ("{servce}") is kept as written, as a
  // token nobody fills. Neither changes the shape later stages read; any other schema error does.
  const errors = check.errors ?? []
  if (!errors.every((e) => e.keyword === 'additionalProperties' || isTokenText(e))) return undefined
  const unknown = errors.filter((e) => e.keyword === 'additionalProperties')
  if (unknown.length === 0) return { entry: read.entry, refs: read.refs, errors: [] }
  for (const e of unknown) {
    const holder = valueAt(front, e.instancePath)
    if (holder && typeof holder === 'object') delete (holder as Record<string, unknown>)[String(e.params.additionalProperty)]
  }
  if (!check(front)) {
    // Only misspelt tokens are left, reported with the file already.
    if (!(check.errors ?? []).every(isTokenText)) return undefined
    return {
      entry: { source, data: body === undefined ? front : Object.assign({}, front, { body, bodyLine }) },
      refs: read.refs,
      errors: [],
    }
  }
  const checked = validateSource(source, kind, front)
  return {
    entry: { source, data: body === undefined ? front : Object.assign({}, front, { body, bodyLine }) },
    refs: checked.refs,
    errors: checked.errors,
  }
}

/** A landing text's pattern, which allows only the known `{tokens}` among its braces. */
function isTokenText(error: ErrorObject): boolean {
  return error.keyword === 'pattern' && String(error.params.pattern).startsWith('^(?:[^{}]|')
}

/** A file left out of the later checks. */
export interface ExcludedFile {
  readonly kind: FileKind
  readonly file: string
}

/** What the files left out would define, so references to them are not reported as missing. */
export interface ExcludedNames {
  /** The slugs of service files left out (a slug is the file's name). */
  readonly services: readonly string[]
  /** Kinds of reference whose names come from a file left out (forms.yaml, areas.yaml, site.yaml). */
  readonly unverifiable: ReadonlySet<RefKind>
  /** areas.yaml was left out: area names cannot be resolved without it. */
  readonly areas: boolean
  /** messages.yaml was left out: which of citypress's words the site gives is not known. */
  readonly messages: boolean
}

const definedIn: Partial<Record<FileKind, RefKind>> = { forms: 'form', areas: 'areaList', site: 'scheduler' }

export function excludedNames(files: readonly ExcludedFile[]): ExcludedNames {
  return {
    services: files.filter((f) => f.kind === 'service').map((f) => path.basename(f.file).replace(/\.ya?ml$/, '')),
    unverifiable: new Set(files.flatMap((f) => definedIn[f.kind] ?? [])),
    areas: files.some((f) => f.kind === 'areas'),
    messages: files.some((f) => f.kind === 'messages'),
  }
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data
  for (const part of pointer.split('/').slice(1)) {
    if (!value || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return value
}
