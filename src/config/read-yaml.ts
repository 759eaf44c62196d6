import { BadYaml, fail, UnclosedFlow, UnclosedQuote } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { positionAt } from './locate.js'
import { yamlLib, type YamlSource } from './yaml-lib.js'

// The loader and the file type live apart (yaml-lib.ts) so locate.ts can use them without
// importing this module, which imports locate.ts.
export { yamlLib, type YamlSource } from './yaml-lib.js'

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
  // yaml reports an unclosed [ or { at whatever line follows it, as indentation trouble; the
  // mistake is the bracket, and the errors after it only follow from it.
  const unclosed = doc.errors.length > 0 ? unclosedFlow(text) : undefined
  if (unclosed !== undefined) {
    const before = doc.errors.filter((e) => e.pos[0] < unclosed)
    const bracket = fail(UnclosedFlow, positionAt(source, unclosed, unclosed + 1), text[unclosed] === '[' ? '[' : '{')
    return { source, errors: [...before.map((e) => syntaxError(source, e)), bracket] }
  }
  const errors = doc.errors.map((e) => syntaxError(source, e))
  if (errors.length > 0) return { source, errors }
  return { source: { ...source, data: doc.toJS({ maxAliasCount: 1000 }) }, errors }
}

/** One of yaml's errors as ours, placed where the mistake is. */
function syntaxError(source: YamlSource, e: { pos: [number, number]; message: string; code: string }): ConfigError {
  const { text } = source
  const [start = 0, end = start + 1] = e.pos
  // yaml reports an unclosed quote where the file ends; the mistake is where the quote opens.
  const quote = /^Missing closing (["'])quote/.exec(e.message)?.[1]
  const opening = quote ? openingQuote(text, start, quote) : -1
  if (quote && opening >= 0) {
    const lineEnd = text.indexOf('\n', opening)
    return fail(UnclosedQuote, positionAt(source, opening, lineEnd === -1 ? text.length : lineEnd), quote)
  }
  return fail(BadYaml, positionAt(source, start, end), firstSentence(e.message), e.code)
}

/** The offset of the first flow collection (`[` or `{`) that is never closed, from yaml's syntax tree. */
function unclosedFlow(text: string): number | undefined {
  type Token = { type?: string; start?: { offset: number }; end?: { type: string }[]; items?: { key?: Token; value?: Token }[]; value?: Token }
  const found: number[] = []
  const walk = (token: Token | undefined): void => {
    if (!token || typeof token !== 'object') return
    if (token.type === 'flow-collection' && token.start && !token.end?.some((e) => e.type === 'flow-seq-end' || e.type === 'flow-map-end')) found.push(token.start.offset)
    for (const item of token.items ?? []) {
      walk(item.key)
      walk(item.value)
    }
    walk(token.value)
  }
  for (const token of new (yamlLib().Parser)().parse(text)) walk(token as Token)
  return found.length > 0 ? Math.min(...found) : undefined
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
