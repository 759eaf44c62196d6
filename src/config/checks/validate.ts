import type { ErrorObject } from 'ajv'
import {
  BadName,
  fail,
  InvalidValue,
  KeysInPairs,
  limitRule,
  MissingKey,
  MissingOneOf,
  NotAllowedValue,
  patternRules,
  patternRuleUnknown,
  UnknownKey,
  WrongType,
} from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { closestMatch } from '../../errors/did-you-mean.js'
import { displayPath, escapePointer, locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import { checkValues } from './check-values.js'
import { collectingRefs, type FileKind, type RefKind, validatorFor } from './schema-validators.js'

export type { FileKind, RefKind } from './schema-validators.js'

/** A reference found while validating, checked once every file is loaded (cross-check.ts). */
export interface FoundRef {
  readonly kind: RefKind
  readonly value: string
  readonly source: YamlSource
  /** JSON Pointer into the source's data. */
  readonly pointer: string
}

export interface ValidateResult {
  errors: ConfigError[]
  refs: FoundRef[]
}

/**
 * Checks one file's authored shape. Returns every problem; never throws for user mistakes.
 * References marked `citypressRef` in the schemas are collected in the same pass, so
 * cross-checks need no second walk of the data.
 */
export function validateSource(source: YamlSource, kind: FileKind, data: unknown = source.data): ValidateResult {
  const check = validatorFor(kind)
  const { result: ok, refs } = collectingRefs(() => check(data))
  const found = dedupeRefs(refs).map((r) => ({ ...r, source }))
  if (ok) return { errors: checkValues(source, kind, data), refs: found }
  return { errors: toConfigErrors(check.errors ?? [], source), refs: found }
}

function dedupeRefs<T extends { pointer: string }>(refs: T[]): T[] {
  return [...new Map(refs.map((r) => [r.pointer, r])).values()]
}

function toConfigErrors(raw: ErrorObject[], source: YamlSource): ConfigError[] {
  // Branches of if/then and anyOf repeat what their sub-errors say; collapse "needs href or
  // scheduler" style alternatives into one message.
  const anyOfPaths = new Set(raw.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath))
  const errors: ConfigError[] = []
  for (const e of raw) {
    if (e.keyword === 'if') continue
    if (e.keyword === 'required' && anyOfPaths.has(e.instancePath) && e.schemaPath.includes('/anyOf/')) continue
    if (e.keyword === 'anyOf') {
      const options = raw
        .filter((r) => r.keyword === 'required' && r.instancePath === e.instancePath && r.schemaPath.startsWith(e.schemaPath))
        .map((r) => `"${r.params.missingProperty}"`)
      if (options.length > 0) {
        errors.push(
          fail(
            MissingOneOf,
            { path: displayPath(e.instancePath), ...locate(source, e.instancePath, 'key') },
            describe(e.instancePath),
            options,
          ),
        )
        continue
      }
    }
    const error = toConfigError(e, source)
    if (error) errors.push(error)
  }
  // "Unknown key bodyy (did you mean body?)" already explains "Missing key body": report it once.
  const explained = new Set(
    errors
      .filter((e) => e.code === 'unknown-key' && e.hint?.startsWith('Did you mean'))
      .map((e) => `${e.path.replace(/\.?[^.[\]]+$/, '')}|${e.hint!.slice(14, -2)}`),
  )
  const kept = errors.filter((e) => !(e.code === 'missing-key' && explained.has(`${e.path}|${/"([^"]+)"/.exec(e.message)?.[1]}`)))
  const unique = new Map(kept.map((e) => [`${e.line}:${e.column}:${e.message}`, e]))
  return [...unique.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
}

function toConfigError(e: ErrorObject, source: YamlSource): ConfigError | undefined {
  const where = describe(e.instancePath)
  const path = displayPath(e.instancePath)
  const description = (e.parentSchema as { description?: string } | undefined)?.description
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty)
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {})
      const guess = closestMatch(key, allowed)
      return fail(
        UnknownKey,
        {
          path: displayPath(`${e.instancePath}/${escapePointer(key)}`),
          ...locate(source, `${e.instancePath}/${escapePointer(key)}`, 'key'),
        },
        key,
        where,
        guess,
        allowed,
      )
    }
    case 'required':
      return fail(
        MissingKey,
        { path, ...locate(source, e.instancePath, 'key') },
        String(e.params.missingProperty),
        where,
        propertyHint(e.parentSchema, String(e.params.missingProperty)),
      )
    case 'type':
      return fail(
        WrongType,
        { path, ...locate(source, e.instancePath) },
        capitalize(where),
        article(String(e.params.type)),
        kindOf(e.data),
        description,
      )
    case 'enum':
    case 'const': {
      const allowed: unknown[] = e.keyword === 'enum' ? e.params.allowedValues : [e.params.allowedValue]
      const guess = typeof e.data === 'string' ? closestMatch(e.data, allowed.map(String)) : undefined
      return fail(
        NotAllowedValue,
        { path, ...locate(source, e.instancePath) },
        capitalize(where),
        JSON.stringify(e.data),
        guess,
        allowed.map((v) => JSON.stringify(v)),
      )
    }
    case 'dependencies': {
      // Keys that only make sense together (a place's lat and lng): reported at the one given.
      const given = String(e.params.property)
      const at = `${e.instancePath}/${escapePointer(given)}`
      return fail(
        KeysInPairs,
        { path: displayPath(at), ...locate(source, at, 'key') },
        capitalize(where),
        given,
        String(e.params.missingProperty),
      )
    }
    case 'pattern':
      if (e.propertyName !== undefined) return undefined // a key's name: told by its propertyNames error below
      // In words, never the regular expression (the catalogue's patternRules).
      return fail(
        InvalidValue,
        { path, ...locate(source, e.instancePath) },
        capitalize(where),
        patternRules[String(e.params.pattern)] ?? patternRuleUnknown,
        description ?? exampleHint(e.parentSchema),
      )
    case 'propertyNames':
      return fail(
        BadName,
        {
          path: displayPath(`${e.instancePath}/${escapePointer(String(e.params.propertyName))}`),
          ...locate(source, `${e.instancePath}/${escapePointer(String(e.params.propertyName))}`, 'key'),
        },
        String(e.params.propertyName),
        where,
        nameRule(e.parentSchema),
      )
    default:
      return fail(
        InvalidValue,
        { path, ...locate(source, e.instancePath) },
        capitalize(where),
        limitRule(e.keyword, Number(e.params.limit), e.data) ??
          (e.message ?? 'is not valid').replace('must match pattern', 'must match the pattern'),
        description ?? exampleHint(e.parentSchema),
      )
  }
}

/** What a key's name must look like, from its propertyNames pattern: "lower-case letters, …". */
function nameRule(parentSchema: unknown): string | undefined {
  const pattern = (parentSchema as { propertyNames?: { pattern?: string } } | undefined)?.propertyNames?.pattern
  return pattern === undefined ? undefined : patternRules[pattern]
}

/** "the top level", `sections[0].title` → "`sections[0].title`". */
function describe(pointer: string): string {
  return pointer === '' ? 'the top level' : `\`${displayPath(pointer)}\``
}

function propertyHint(parentSchema: unknown, key: string): string | undefined {
  const property = (parentSchema as { properties?: Record<string, { description?: string }> })?.properties?.[key]
  return property?.description ? `"${key}": ${property.description}` : undefined
}

function exampleHint(schema: unknown): string | undefined {
  const examples = (schema as { examples?: unknown[] })?.examples
  return examples?.length ? `For example: ${examples.map((x) => JSON.stringify(x)).join(', ')}.` : undefined
}

function kindOf(value: unknown): string {
  if (value === null) return 'empty (null)'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  return `${article(typeof value)} (${JSON.stringify(value)})`
}

function article(type: string): string {
  const name = type.replace('object', 'mapping').replace('array', 'list').replace('integer', 'whole number').replace(',', ' or ')
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}
