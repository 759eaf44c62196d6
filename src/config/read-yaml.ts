import { createRequire } from 'node:module'
import type { Document, LineCounter } from 'yaml'
import { ConfigError } from '../errors/config-error.js'
import { positionAt } from './locate.js'

const require = createRequire(import.meta.url)
let yaml: typeof import('yaml') | undefined

/**
 * The yaml package, loaded on first use: a build whose files all come from the read cache
 * (read-cache.ts) never parses YAML, and loading it is 40 ms of every start.
 */
export function yamlLib(): typeof import('yaml') {
  return (yaml ??= require('yaml') as typeof import('yaml'))
}

/** One parsed YAML file, kept with everything needed to point back into it. */
export interface YamlSource {
  /** Display path: relative to the working directory, forward slashes. */
  readonly file: string
  readonly text: string
  readonly doc: Document
  readonly lines: LineCounter
  /** Plain JS value of the document (`undefined` for an empty file). */
  readonly data: unknown
}

export interface ParseYamlResult {
  source: YamlSource
  errors: ConfigError[]
}

/**
 * Parses YAML keeping node ranges. Syntax errors (and duplicate keys, which YAML forbids but many
 * parsers silently accept) become ConfigErrors at the exact position `yaml` reports.
 */
export function parseYaml(text: string, file: string): ParseYamlResult {
  const { LineCounter, parseDocument } = yamlLib()
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  const source: YamlSource = { file, text, doc, lines, data: undefined }
  const errors = doc.errors.map((e) => {
    let [start = 0, end = start + 1] = e.pos
    let message = firstSentence(e.message)
    let hint = hintFor(e.code)
    // yaml reports an unclosed quote where the file ends; the mistake is where the quote opens.
    const quote = /^Missing closing (["'])quote/.exec(e.message)?.[1]
    const opening = quote ? openingQuote(text, start, quote) : -1
    if (opening >= 0) {
      ;[start, end] = [opening, text.indexOf('\n', opening) === -1 ? text.length : text.indexOf('\n', opening)]
      message = `This quoted value has no closing ${quote}.`
      hint = `End the value with ${quote}, or remove the opening ${quote} if the value needs no quotes.`
    }
    return new ConfigError({
      code: 'yaml-syntax',
      message: `${message} This file is not valid YAML, so nothing in it could be read.`,
      hint,
      ...positionAt(source, start, end),
    })
  })
  if (errors.length > 0) return { source, errors }
  return { source: { ...source, data: doc.toJS({ maxAliasCount: 1000 }) }, errors }
}

/** The quote that starts a value (after `key:`, `- `, `[`, `{` or `,`) last before `before`. */
function openingQuote(text: string, before: number, quote: string): number {
  for (let i = text.lastIndexOf(quote, before - 1); i >= 0; i = text.lastIndexOf(quote, i - 1)) {
    const lead = text.slice(text.lastIndexOf('\n', i - 1) + 1, i).trimEnd()
    if (lead === '' || /[:\-[{,]$/.test(lead)) return i
  }
  return -1
}

/** yaml's messages end with a code excerpt of their own; ours draws one, so keep the sentence. */
function firstSentence(message: string): string {
  const line = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim()
  return /[.!?]$/.test(line) ? line : `${line}.`
}

function hintFor(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'Each key may appear once in a mapping; delete or rename one of them.'
    case 'TAB_AS_INDENT':
      return 'YAML indentation must use spaces, not tabs.'
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'Check the indentation of this line against the lines above it.'
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'A value that contains ": " must be quoted, e.g. title: "Repairs: done right".'
    default:
      return 'Quote values that contain special characters (: # { } [ ] , & * ! | > \' " % @ `).'
  }
}
