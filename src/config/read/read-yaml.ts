import type { Document } from 'yaml'
import {
  BadYaml,
  fail,
  UnclosedFlow,
  UnclosedQuote,
  YamlExhausted,
  YamlTooDeep,
  YamlTooManyAliases,
  YamlUnknownAnchor,
} from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { isWide, ownCopy } from '../../tool/own-copy.js'
import { positionAt } from './locate.js'
import { type YamlSource, yamlLib } from './yaml-lib.js'

// The loader and the file type live apart (yaml-lib.ts) so locate.ts can use them without
// importing this module, which imports locate.ts.
export { type YamlSource, yamlLib } from './yaml-lib.js'

export interface ParseYamlResult {
  source: YamlSource
  errors: ConfigError[]
}

/**
 * Lists and mappings inside each other, at most. Site files need about ten; every walker over
 * the data (yaml's own composer and toJS, ajv, locate, normalize, JSON) recurses per level, so
 * a bound checked on the syntax tree, before any of them runs, keeps all of them off the end
 * of the stack.
 */
export const maxNesting = 64

/** yaml's own default: the expansion an alias bomb ("billion laughs") needs is far above it. */
export const maxAliasCount = 100

/**
 * Parses YAML keeping node ranges. Syntax errors (and duplicate keys, which YAML forbids but many
 * parsers silently accept) become ConfigErrors at the exact position `yaml` reports; so do a file
 * nested past `maxNesting` and aliases that expand past `maxAliasCount`.
 */
export function parseYaml(text: string, file: string): ParseYamlResult {
  const { LineCounter } = yamlLib()
  const lines = new LineCounter()
  const deepFlow = tooDeepFlow(text)
  // Past that bracket nothing needs parsing: the first collection too deep starts at it or before.
  const tokens = deepFlow === undefined ? syntaxTree(text, lines) : syntaxTree(text.slice(0, deepFlow + 1), new LineCounter())
  const shape = shapeOf(tokens)
  if (shape.tooDeep !== undefined || deepFlow !== undefined) {
    if (deepFlow !== undefined)
      for (let at = 0; at !== 0 || lines.lineStarts.length === 0; at = text.indexOf('\n', at) + 1) lines.addNewLine(at)
    const tooDeep = shape.tooDeep ?? deepFlow!
    const source: YamlSource = { file, text, doc: new (yamlLib().Document)(), lines, data: undefined }
    return { source, errors: [fail(YamlTooDeep, positionAt(source, tooDeep, tooDeep + 1), maxNesting)] }
  }
  const doc = composeDocument(tokens, text.length)
  const source: YamlSource = { file, text, doc, lines, data: undefined }
  // yaml reports an unclosed [ or { at whatever line follows it, as indentation trouble; the
  // mistake is the bracket, and the errors after it only follow from it.
  const unclosed = doc.errors.length > 0 ? shape.unclosed : undefined
  if (unclosed !== undefined) {
    const before = doc.errors.filter((e) => e.pos[0] < unclosed)
    const bracket = fail(UnclosedFlow, positionAt(source, unclosed, unclosed + 1), text[unclosed] === '[' ? '[' : '{')
    return { source, errors: [...before.map((e) => syntaxError(source, e)), bracket] }
  }
  const errors = doc.errors.map((e) => syntaxError(source, e))
  if (errors.length > 0) return { source, errors }
  // An alias is written with *: most files have none, and need no walk for one.
  const alias = text.includes('*') ? aliasProblem(source) : undefined
  if (alias) return { source, errors: [alias] }
  try {
    ownScalars(doc, isWide(text))
    return { source: { ...source, data: doc.toJS({ maxAliasCount }) }, errors }
  } catch (error) {
    // The one error toJS throws on a document composed without errors (the unresolved alias
    // is found above, with its position).
    if (!(error instanceof ReferenceError) || !/^Excessive alias count/.test(error.message)) throw error
    return { source, errors: [fail(YamlTooManyAliases, aliasPosition(source), maxAliasCount)] }
  }
}

/**
 * The offset of the first `[` or `{` nested past `maxNesting` flow levels, from yaml's lexer alone:
 * its parser spends about 15 µs per level of such nesting (a second and a half for 50,000 `[`, which
 * the browser editor may be sent), its lexer a sixth of that. Only a text with that many brackets
 * is lexed for it; shapeOf then places the error, on the syntax tree of the text before it.
 */
function tooDeepFlow(text: string): number | undefined {
  let brackets = 0
  for (let i = 0; i < text.length && brackets <= maxNesting; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5b || c === 0x7b) brackets++
  }
  if (brackets <= maxNesting) return undefined
  let depth = 0
  let offset = 0
  for (const token of new (yamlLib().Lexer)().lex(text)) {
    if (token === '[' || token === '{') {
      if (++depth > maxNesting) return offset
    } else if (token === ']' || token === '}') depth = Math.max(0, depth - 1)
    // The lexer's markers of a document, a scalar and a flow's end are not characters of the text.
    if (token !== '\u0002' && token !== '\u0018' && token !== '\u001f') offset += token.length
  }
  return undefined
}

/** yaml's concrete syntax tree: its lexer and parser keep their own stack, so no depth overflows them. */
function syntaxTree(text: string, lines: import('yaml').LineCounter): import('yaml').CST.Token[] {
  return [...new (yamlLib().Parser)(lines.addNewLine).parse(text)]
}

/**
 * What parseDocument does, from a syntax tree already made: the first document, and an error
 * for any that follows (a site file is one document).
 */
function composeDocument(tokens: import('yaml').CST.Token[], length: number): Document.Parsed {
  const { Composer, YAMLParseError } = yamlLib()
  let doc: Document.Parsed | undefined
  // yaml's own check of unique keys compares each key with every key before it in its map: a
  // second on areas.yaml's places at 12,500 towns. Checked once over the document instead.
  for (const next of new Composer({ prettyErrors: false, uniqueKeys: false }).compose(tokens, true, length)) {
    if (!doc) {
      doc = next
      doc.errors.push(...duplicateKeys(doc))
      doc.errors.sort((a, b) => a.pos[0] - b.pos[0])
      continue
    }
    doc.errors.push(
      new YAMLParseError(
        [next.range[0], next.range[1]],
        'MULTIPLE_DOCS',
        'Source contains multiple documents; please use YAML.parseAllDocuments()',
      ),
    )
    break
  }
  return doc!
}

/**
 * Each key that a map already has, as yaml reports it when it checks (DUPLICATE_KEY at the later
 * key): two scalar keys are the same when their values are (`a: 1` and `"a": 2`; not `1:` and
 * `"1":`). One pass, one set per map; the walk keeps its own stack, as the nesting bound allows.
 */
function duplicateKeys(doc: Document.Parsed): import('yaml').YAMLParseError[] {
  const { isMap, isPair, isScalar, isSeq, YAMLParseError } = yamlLib()
  const found: import('yaml').YAMLParseError[] = []
  const stack: unknown[] = [doc.contents]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isMap(node)) {
      const seen = new Set<unknown>()
      for (const pair of node.items) {
        const key = pair.key
        if (isScalar(key) && !Number.isNaN(key.value)) {
          if (seen.has(key.value)) {
            const at = key.range?.[0] ?? 0
            found.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'))
          } else seen.add(key.value)
        }
        stack.push(key, pair.value)
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push(item)
    else if (isPair(node)) stack.push(node.key, node.value)
  }
  return found
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
  // yaml catches a stack overflow in its composer as this; the nesting bound makes it rare.
  if (e.code === 'RESOURCE_EXHAUSTION') return fail(YamlExhausted, positionAt(source, start, end))
  return fail(BadYaml, positionAt(source, start, end), firstSentence(e.message), e.code)
}

type Token = {
  type?: string
  offset?: number
  start?: { offset: number }
  end?: { type: string }[]
  items?: { key?: Token; value?: Token }[]
  value?: Token
}

/**
 * From yaml's syntax tree, without recursion (100,000 nested [ are a few hundred kilobytes of
 * text): the offset of the first collection nested past `maxNesting`, and of the first flow
 * collection (`[` or `{`) that is never closed.
 */
function shapeOf(tokens: readonly unknown[]): { tooDeep?: number; unclosed?: number } {
  let tooDeep: number | undefined
  let unclosed: number | undefined
  const stack: [Token | undefined, number][] = tokens.map((token) => [token as Token, 0])
  while (stack.length > 0) {
    const [token, outer] = stack.pop()!
    if (!token || typeof token !== 'object') continue
    const isCollection = token.type === 'flow-collection' || token.type === 'block-map' || token.type === 'block-seq'
    const depth = outer + (isCollection ? 1 : 0)
    if (isCollection && depth > maxNesting) {
      tooDeep = Math.min(tooDeep ?? Infinity, token.offset ?? 0)
      continue
    }
    if (
      token.type === 'flow-collection' &&
      token.start &&
      !token.end?.some((e) => e.type === 'flow-seq-end' || e.type === 'flow-map-end')
    ) {
      unclosed = Math.min(unclosed ?? Infinity, token.start.offset)
    }
    for (const item of token.items ?? []) stack.push([item.key, depth], [item.value, depth])
    stack.push([token.value, depth])
  }
  return { tooDeep, unclosed }
}

/** An alias with no anchor before it, which toJS would throw on, at its position. */
function aliasProblem(source: YamlSource): ConfigError | undefined {
  const { isAlias, visit } = yamlLib()
  const anchors = new Set<string>()
  let problem: ConfigError | undefined
  // visit walks by recursion too; the nesting is bounded above.
  visit(source.doc, {
    Node(_key, node) {
      if (isAlias(node) && !anchors.has(node.source)) {
        problem = fail(YamlUnknownAnchor, positionAt(source, node.range?.[0] ?? 0, node.range?.[1] ?? 1), node.source)
        return visit.BREAK
      }
      if ('anchor' in node && typeof node.anchor === 'string') anchors.add(node.anchor)
      return undefined
    },
  })
  return problem
}

/** Where the file's first alias is: the expansion it starts is what went past the limit. */
function aliasPosition(source: YamlSource) {
  const { visit } = yamlLib()
  let range: [number, number] = [0, 1]
  visit(source.doc, {
    Alias(_key, node) {
      range = [node.range?.[0] ?? 0, node.range?.[1] ?? 1]
      return visit.BREAK
    },
  })
  return positionAt(source, ...range)
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
  const line = message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim()
  return /[.!?]$/.test(line) ? line : `${line}.`
}

/**
 * Every string scalar of `doc` copied out of the file's text (ownCopy) before toJS makes the data
 * of them: the config keeps them for the whole build, and as views into the text they kept all of
 * it (areas.yaml of 12,500 places: 20 MB). From a `wide` text the short ones are copied too, keys
 * among them: V8 keeps one property name per content, and a two-byte one made first would be the
 * one every later copy of a place's name resolves to. An anchored scalar is one node for every
 * alias of it.
 */
function ownScalars(doc: Document, wide: boolean): void {
  yamlLib().visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string') node.value = ownCopy(node.value, wide)
    },
  })
}
