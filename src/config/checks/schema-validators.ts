import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Ajv, KeywordCxt, ValidateFunction } from 'ajv'
import type * as Codegen from 'ajv/dist/compile/codegen/index.js'
import type addFormatsModule from 'ajv-formats'
import { hash } from '../../cache/digest.js'
import { isInstalledPackage, packageRoot } from '../../tool/package.js'

/** Which schema a file is checked against. */
export type FileKind = 'site' | 'page' | 'service' | 'areas' | 'forms' | 'landing' | 'post' | 'markdown-page' | 'messages'

/** Whether files of a kind are Markdown with YAML front matter (their schema describes the front matter). */
export const isMarkdownKind = (kind: FileKind): boolean => kind === 'post' || kind === 'markdown-page'

/** What a string in the config points at; set by the schema keyword `citypressRef`. */
export type RefKind = 'href' | 'image' | 'icon' | 'scheduler' | 'areaList' | 'service' | 'form' | 'markdown' | 'map'

export interface RawRef {
  readonly kind: RefKind
  readonly value: string
  /** JSON Pointer into the validated data. */
  readonly pointer: string
}

const kinds: readonly FileKind[] = ['site', 'page', 'service', 'areas', 'forms', 'landing', 'post', 'markdown-page', 'messages']
const require = createRequire(import.meta.url)
let validators: Record<FileKind, ValidateFunction> | undefined

/**
 * The validator of one file kind. Compiling every schema with ajv takes about 0.3 s, most of a
 * warm build, so the compiled code (ajv's standalone output) ships in the package's lib/, built
 * with the CLI when the package is packed (bin/compile.mjs) and named by the schemas' text and
 * the ajv version; processes just load it. The schemas belong to the package, not to a site, so
 * nothing about a site can make it stale.
 */
export function validatorFor(kind: FileKind): ValidateFunction {
  validators ??= loadValidators()
  return validators[kind]
}

/**
 * Runs `validate` and returns every `citypressRef` string it passed, with its JSON Pointer.
 * The compiled code pushes to a global list because standalone code cannot close over ours.
 */
export function collectingRefs<T>(validate: () => T): { result: T; refs: RawRef[] } {
  const refs: RawRef[] = []
  const scope = globalThis as { __citypressRefs?: RawRef[] }
  scope.__citypressRefs = refs
  try {
    return { result: validate(), refs }
  } finally {
    scope.__citypressRefs = undefined
  }
}

let schemas: { texts: string[]; digest: string } | undefined

/** The schemas' texts and a digest of them and the ajv version: what validation depends on. */
function readSchemas(): { texts: string[]; digest: string } {
  if (schemas) return schemas
  const dir = path.join(packageRoot, 'schemas')
  const files = [...readdirSync(dir), ...readdirSync(path.join(dir, 'sections')).map((f) => `sections/${f}`)]
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
  const texts = files.map((f) => readFileSync(path.join(dir, f), 'utf8'))
  const ajvVersion = (require('ajv/package.json') as { version: string }).version
  return (schemas = { texts, digest: hash(`${ajvVersion}\n${texts.join('\n')}`).slice(0, 16) })
}

let documents: Map<string, Readonly<Record<string, unknown>>> | undefined

/** A schema of schemas/ as parsed JSON, by its `$id` (`site.schema.json`, `sections/faq.schema.json`). */
export function schemaDocument(id: string): Readonly<Record<string, unknown>> {
  documents ??= new Map(
    readSchemas().texts.map((text) => {
      const schema = JSON.parse(text) as Record<string, unknown>
      return [schema.$id as string, schema]
    }),
  )
  const found = documents.get(id)
  if (!found) throw new Error(`no schema ${id} in schemas/`)
  return found
}

/** Changes whenever validation could give another result: part of the read cache's key. */
export function schemaDigest(): string {
  return readSchemas().digest
}

/** Where the compiled validators of the current schemas are kept: the package's lib/. */
function compiledFile(): string {
  return path.join(packageRoot, 'lib', `validators-${readSchemas().digest}.cjs`)
}

/**
 * Compiles the validators into lib/ (bin/compile.mjs, at `prepare` and `prepack`), replacing
 * those of earlier schemas. Returns the file written.
 */
export function writeSchemaValidators(): string {
  const file = compiledFile()
  const { code } = compileValidators()
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, code)
  renameSync(temporary, file)
  for (const name of readdirSync(path.dirname(file))) {
    if (/^validators-[0-9a-f]+\.cjs$/.test(name) && name !== path.basename(file))
      rmSync(path.join(path.dirname(file), name), { force: true })
  }
  return file
}

function loadValidators(): Record<FileKind, ValidateFunction> {
  const file = compiledFile()
  if (existsSync(file)) return require(file) as Record<FileKind, ValidateFunction>
  // A checkout whose schemas were just edited: compile them where the next process finds them.
  // An installed package always has its own (and is never written to): compile in memory.
  if (!isInstalledPackage) {
    writeSchemaValidators()
    return require(file) as Record<FileKind, ValidateFunction>
  }
  return compileValidators().compiled
}

function compileValidators(): { compiled: Record<FileKind, ValidateFunction>; code: string } {
  const { texts } = readSchemas()

  // ajv itself is loaded only here, when the schemas changed: 80 ms of every start otherwise.
  // Its code generator is CommonJS without an exports map; require keeps its default exports plain.
  const { Ajv } = require('ajv') as typeof import('ajv')
  const addFormats = require('ajv-formats') as typeof addFormatsModule.default
  const { _, strConcat } = require('ajv/dist/compile/codegen') as typeof Codegen
  const N = (require('ajv/dist/compile/names') as { default: { instancePath: Codegen.Name } }).default
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: Ajv, refs: Record<string, string>) => string }).default

  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    code: { source: true },
  })
  addFormats(ajv, ['email'])
  ajv.addKeyword({
    keyword: 'citypressRef',
    schemaType: 'string',
    // Generated code rather than a `validate` callback, so the standalone module can carry it.
    code(cxt: KeywordCxt) {
      const { gen, data, schema, it } = cxt
      gen.if(_`typeof ${data} == "string" && globalThis.__citypressRefs`, () =>
        gen.code(
          _`globalThis.__citypressRefs.push({kind: ${schema as string}, value: ${data}, pointer: ${strConcat(N.instancePath, it.errorPath)}})`,
        ),
      )
    },
  })
  // What the browser editor shows for a key, in a marketer's words (editor/schema-fields.ts); no check.
  for (const keyword of ['editorLabel', 'editorHint']) ajv.addKeyword({ keyword, schemaType: 'string' })
  // A landing.yaml setting another language's translation may set for its own pages (config/languages/read-translations.ts); no check.
  ajv.addKeyword({ keyword: 'perLanguage', schemaType: 'boolean' })
  for (const text of texts) ajv.addSchema(JSON.parse(text))
  const compiled = Object.fromEntries(kinds.map((k) => [k, ajv.getSchema(`${k}.schema.json`)!])) as Record<FileKind, ValidateFunction>
  const code = standaloneCode(ajv, Object.fromEntries(kinds.map((k) => [k, `${k}.schema.json`])))
  return { compiled, code }
}
