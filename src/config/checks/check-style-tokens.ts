import { colorsNamed } from 'culori'
import type { ColorToken, ContrastPair } from '../theme/theme-model.js'

/**
 * Reads a stylesheet of templates/styles (citypress's own, or a site's override) for the two ways
 * a rule can escape the contrast check: a colour written as a literal instead of a theme token,
 * and a (foreground, background) pair of tokens that templates/styles/contrast-pairs.json does not
 * list. The background of a rule that sets none is its context's: the `contexts` fragment of its
 * selector that ends rightmost (the nearest ancestor), else `background`.
 */

export interface StyleProblem {
  readonly kind: 'literal' | 'pair'
  /** 1-based, in the stylesheet. */
  readonly line: number
  readonly column: number
  /** Of the declaration's value, for a pair. */
  readonly length?: number
  /** The literal as written, or `text on background`. */
  readonly text: string
  readonly pair?: { readonly text: ColorToken; readonly background: ColorToken }
}

export interface StyleTable {
  readonly pairs: readonly ContrastPair[]
  readonly decorative: readonly ColorToken[]
  /** Selector fragment → the background token it paints behind its descendants. */
  readonly contexts: Readonly<Record<string, ColorToken>>
}

const colourProperty = /color|background|border|outline|shadow|fill|stroke|caret|column-rule|text-decoration/
const named = new Set(Object.keys(colorsNamed).filter((n) => n !== 'transparent'))
const literalPattern = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi

/** Every colour literal and unlisted token pair of one stylesheet's text. */
export function checkStyleTokens(css: string, table: StyleTable): StyleProblem[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
  const at = lineColumn(source)
  const problems: StyleProblem[] = []
  const listed = new Set(table.pairs.map((p) => `${p.text}|${p.background}`))
  for (const rule of source.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const selector = rule[1]!.trim()
    const bodyStart = rule.index + rule[1]!.length + 1
    const declarations = [...rule[2]!.matchAll(/([\w-]+)\s*:\s*([^;]*)/g)].map((d) => ({
      property: d[1]!.toLowerCase(),
      value: d[2]!,
      index: bodyStart + d.index + d[0].indexOf(d[2]!),
    }))
    const foreground: { token: ColorToken; index: number; length: number }[] = []
    const backgrounds: ColorToken[] = []
    for (const { property, value, index } of declarations) {
      if (property.startsWith('--') || !colourProperty.test(property)) continue
      for (const literal of value.matchAll(literalPattern))
        problems.push({ kind: 'literal', ...at(index + literal.index), text: literal[0] })
      for (const word of value.matchAll(/(?<![\w-])[a-z]+(?![\w-])/gi)) {
        if (named.has(word[0].toLowerCase())) problems.push({ kind: 'literal', ...at(index + word.index), text: word[0] })
      }
      const tokens = dominantTokens(value)
      if (property === 'background' || property === 'background-color') backgrounds.push(...tokens)
      else if (property !== 'box-shadow' && property !== 'text-decoration-color') {
        foreground.push(
          ...tokens.filter((t) => !table.decorative.includes(t)).map((t) => ({ token: t, index, length: value.trimEnd().length })),
        )
      }
    }
    if (foreground.length === 0) continue
    const contexts = backgrounds.length > 0 ? [backgrounds] : selector.split(',').map((s) => [contextOf(s, table.contexts)])
    const reported = new Set<string>()
    for (const { token: text, index, length } of foreground) {
      for (const background of new Set(contexts.flat())) {
        const key = `${text}|${background}`
        if (text === background || listed.has(key) || reported.has(key)) continue
        reported.add(key)
        problems.push({ kind: 'pair', ...at(index), length, text: `${text} on ${background}`, pair: { text, background } })
      }
    }
  }
  return problems
}

const token = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as ColorToken

/**
 * The tokens a value paints with: each `var(--color-x)`, except inside a `color-mix()` where only
 * the part of at least half counts (a 35 % tint of the accent over light text reads as the text).
 */
function dominantTokens(value: string): ColorToken[] {
  const mixed = value.replace(
    /color-mix\(in [\w-]+,\s*([^,()]+(?:\([^()]*\))?[^,()]*),\s*([^()]+(?:\([^()]*\))?[^()]*)\)/g,
    (_, a: string, b: string) => {
      const weight = Number(/(\d+(?:\.\d+)?)%/.exec(a)?.[1] ?? /(\d+(?:\.\d+)?)%/.exec(b)?.[1] ?? 50)
      const aWeight = /%/.test(a) ? weight : 100 - weight
      return aWeight >= 50 ? a : b
    },
  )
  return [...mixed.matchAll(/var\(--color-([a-z-]+)/g)].map((m) => token(m[1]!))
}

function contextOf(selector: string, contexts: Readonly<Record<string, ColorToken>>): ColorToken {
  // The fragment that ends rightmost is the nearest ancestor; of two ending together, the longer is more precise.
  let best = { end: -1, length: 0, token: 'background' as ColorToken }
  for (const [fragment, background] of Object.entries(contexts)) {
    const at = selector.lastIndexOf(fragment)
    const end = at < 0 ? -1 : at + fragment.length
    if (end > best.end || (end === best.end && end >= 0 && fragment.length > best.length))
      best = { end, length: fragment.length, token: background }
  }
  return best.token
}

function lineColumn(text: string): (index: number) => { line: number; column: number } {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1)
  return (index) => {
    const line = starts.findLastIndex((s) => s <= index)
    return { line: line + 1, column: index - starts[line]! + 1 }
  }
}
