import { addTo, noItems } from '../tool/group.js'
import { rememberLast } from '../tool/remember.js'
import { wordBlocks } from '../tool/word-blocks.js'
import {
  type Fingerprint,
  findNearestSiblings,
  fingerprintHashes,
  fingerprintWords,
  hashWords,
  type Shelve,
  type SiblingCandidates,
  updateNearestSiblings,
} from './landing-similarity.js'
import { markdownToText, wordsOf } from './landing-text.js'

/**
 * The quality gate against doorway pages (Google's spam policies name "doorway pages": many
 * pages that differ only in a city name). Each landing page is scored from its main content only:
 * how alike it is to its siblings, how many words are about its place, how many words in all.
 * A page that fails is still built for visitors, but gets `noindex` and stays out of the sitemap,
 * unless landing.yaml opts it in.
 */
export interface QualitySettings {
  /** @default 40 */
  readonly minLocalWords: number
  /** 0..1. @default 0.9 */
  readonly maxSimilarity: number
  /** @default 0 (no minimum) */
  readonly minWords: number
}

/** What the gate keeps of a page's main text (landing-text.ts): its length and fingerprint. */
export interface TextPrint {
  readonly words: number
  readonly fingerprint: Fingerprint
}

/**
 * What a build keeps of each landing page (src/cache/print-store.ts), keyed by a digest of what
 * the page is made from: its print and the texts the plan needs. A warm build neither composes
 * nor fingerprints a page it has this for (together 2.5 s of 10,000 pages).
 */
export interface LandingSummary {
  readonly print: TextPrint
  /** Words of the place's local paragraph. */
  readonly localWords: number
  readonly title: string
  readonly description: string
  readonly h1: string
}

export interface PrintStore {
  get(key: string): LandingSummary | undefined
  set(key: string, summary: LandingSummary): void
  /** The previous build's sibling candidates, so comparing pages starts from them. */
  readonly siblings?: SiblingCandidates
  keepSiblings(candidates: SiblingCandidates): void
  /** Puts new prints' shingles away while the plan compares pages. */
  readonly shelve?: Shelve
}

export function printText(text: string): TextPrint {
  const words = wordsOf(text)
  return { words: words.length, fingerprint: fingerprintWords(words) }
}

/**
 * Prints texts part by part (landing-text.ts's landingTextParts), reading each distinct part
 * once: thousands of landing pages repeat their service's texts and the form's labels, and most
 * of a print's cost is turning Markdown into words and hashing them. A print made here equals
 * printText of the parts joined. Kept for one plan, remembering the last `remembered` distinct
 * parts it read.
 */
export interface PartPrinter {
  /** markdownToText, once per distinct Markdown text while it is remembered. */
  readonly toText: (markdown: string) => string
  /**
   * `asOneWord`: names (the page's own town, its county) read as one fixed word wherever their
   * words stand in a row: pages that differ only in the town's name are the doorway pages the gate
   * is for, and each mention of a name would otherwise break the word runs around it.
   */
  readonly print: (parts: readonly string[], asOneWord?: readonly string[]) => TextPrint
}

/** With `shelve`, the prints' shingles are put away as they are made. */
export function partPrinter(shelve?: Shelve): PartPrinter {
  const texts = rememberLast<string>(remembered)
  const hashes = rememberLast<Uint32Array>(remembered)
  // The prints are kept together until the plan is made (and the cache has them), then let go.
  const keep = wordBlocks()
  return {
    toText: (markdown) => texts(markdown, () => markdownToText(markdown)),
    print(parts, asOneWord = []) {
      const perPart = parts.map((part) => hashes(part, () => hashWords(wordsOf(part))))
      const all = new Uint32Array(perPart.reduce((sum, h) => sum + h.length, 0))
      let at = 0
      for (const h of perPart) {
        all.set(h, at)
        at += h.length
      }
      const names = asOneWord.map((name) => hashWords(wordsOf(name))).filter((name) => name.length > 0)
      return { words: all.length, fingerprint: fingerprintHashes(names.length ? withNamesAsOneWord(all, names) : all, keep, shelve) }
    },
  }
}

/**
 * Distinct texts a printer remembers; past this many it starts afresh. The parts many pages share
 * (a service's, landing.yaml's) are back after a page or two, while those a page has to itself
 * (its town's) would otherwise all be kept to the end of the plan: 1.2 million strings and their
 * hashes, 300 MB, at 50,000 pages.
 */
const remembered = 8192

/** One hash for any name, where a name's words stand in a row in `words`: of no word a text can have. */
const nameHash = hashWords(['⟨name⟩'])[0]!

/** `words` (hashes) with each run of a name's words as the one word `nameHash`; the longest name first where two begin alike. */
function withNamesAsOneWord(words: Uint32Array, names: readonly Uint32Array[]): Uint32Array {
  const byLength = [...names].sort((a, b) => b.length - a.length)
  const out = new Uint32Array(words.length)
  let length = 0
  let i = 0
  while (i < words.length) {
    let matched = 0
    for (const name of byLength) {
      if (name[0] !== words[i]) continue
      let k = 1
      while (k < name.length && words[i + k] === name[k]) k++
      if (k === name.length) {
        matched = k
        break
      }
    }
    out[length++] = matched ? nameHash : words[i]!
    i += matched || 1
  }
  return out.subarray(0, length)
}

export interface QualityInput {
  readonly url: string
  /** The page's area, as areas.yaml names it: whose local paragraph it lacks, if it does. */
  readonly area: string
  /** The page's main text, printed. */
  readonly print: TextPrint
  /** The print's key in a PrintStore. */
  readonly key?: string
  /** Words of the place's local paragraph. */
  readonly localWords: number
  /** Sibling groups: pages sharing a key are compared (same service, same city). */
  readonly groups: readonly string[]
  /** Texts every page must have to itself. */
  readonly unique: { readonly title: string; readonly description: string; readonly h1: string }
  /** landing.yaml's explicit choice: true keeps it indexed whatever the score, false never. */
  readonly index?: boolean
}

export interface PageQuality {
  readonly url: string
  readonly area: string
  /** 0..100, higher is better; orders the report. */
  readonly score: number
  readonly words: number
  readonly localWords: number
  /** Share of word 5-grams in common with the most similar sibling, 0..1. */
  readonly similarity: number
  readonly nearest?: string
  /** Why the page fails the gate; empty when it passes. */
  readonly reasons: readonly string[]
  readonly indexable: boolean
  /** Indexed although it fails, because landing.yaml says so. */
  readonly optedIn: boolean
}

/** Scores pages against their siblings; with a store, starting from the previous build's comparison. */
export function scoreLandingPages(inputs: Iterable<QualityInput>, settings: QualitySettings, store?: PrintStore): PageQuality[] {
  const pages = [...inputs].map((input) => ({ ...input, words: input.print.words }))
  const prints = pages.map((p) => p.print.fingerprint)
  const groups = pages.map((p) => p.groups)
  const keys = pages.map((p) => p.key)
  let nearest: ReturnType<typeof findNearestSiblings>
  if (store && keys.every((k) => k !== undefined)) {
    const updated = updateNearestSiblings(prints, groups, keys, settings.maxSimilarity, store.siblings)
    store.keepSiblings(updated.candidates)
    nearest = updated.nearest
  } else nearest = findNearestSiblings(prints, groups, settings.maxSimilarity)
  const duplicates = findDuplicateTexts(pages)
  return pages.map((page, i) => {
    const sibling = nearest[i]!
    const similarity = sibling.index < 0 ? 0 : sibling.similarity
    const reasons: string[] = []
    if (page.localWords < settings.minLocalWords) {
      reasons.push(
        page.localWords === 0
          ? 'no local paragraph (areas.yaml places)'
          : `local paragraph has ${page.localWords} words, fewer than ${settings.minLocalWords}`,
      )
    }
    if (similarity > settings.maxSimilarity) {
      reasons.push(`main text ${percent(similarity)} identical to ${pages[sibling.index]!.url} (limit ${percent(settings.maxSimilarity)})`)
    }
    if (page.words < settings.minWords) reasons.push(`${page.words} words of main text, fewer than ${settings.minWords}`)
    reasons.push(...(duplicates.get(i) ?? []))
    const passes = reasons.length === 0
    return {
      url: page.url,
      area: page.area,
      score: scoreOf({ similarity, localWords: page.localWords, words: page.words, minLocalWords: settings.minLocalWords }),
      words: page.words,
      localWords: page.localWords,
      similarity,
      nearest: sibling.index < 0 ? undefined : pages[sibling.index]!.url,
      // Most pages pass: they share one empty list (the plan keeps every page's while pages render).
      reasons: passes ? noItems : reasons,
      indexable: page.index ?? passes,
      optedIn: page.index === true && !passes,
    }
  })
}

/** The `count` weakest pages: failing ones first, then by score, then by address. */
export function weakestPages(pages: readonly PageQuality[], count: number): PageQuality[] {
  return [...pages]
    .sort((a, b) => Number(b.reasons.length > 0) - Number(a.reasons.length > 0) || a.score - b.score || a.url.localeCompare(b.url))
    .slice(0, count)
}

/**
 * Half uniqueness (full marks at ≤ 50 % alike), three tenths local words (full marks at twice the
 * minimum), two tenths length (full marks at 600 words). Only the thresholds decide the gate;
 * the score ranks pages for the report.
 */
function scoreOf(p: { similarity: number; localWords: number; words: number; minLocalWords: number }): number {
  const unique = Math.min(1, (1 - p.similarity) / 0.5)
  const local = Math.min(1, p.localWords / Math.max(1, p.minLocalWords * 2))
  const length = Math.min(1, p.words / 600)
  return Math.round(100 * (0.5 * unique + 0.3 * local + 0.2 * length))
}

/** Titles, descriptions and headlines shared by two landing pages (each must be unique). */
function findDuplicateTexts(pages: readonly QualityInput[]): Map<number, string[]> {
  const reasons = new Map<number, string[]>()
  for (const field of ['title', 'description', 'h1'] as const) {
    const first = new Map<string, number>()
    pages.forEach((page, i) => {
      const value = page.unique[field]
      const other = first.get(value)
      if (other === undefined) first.set(value, i)
      else addTo(reasons, i, `same ${field} as ${pages[other]!.url}`)
    })
  }
  return reasons
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}

/**
 * The local paragraphs a site still needs: each area whose pages are noindex for a missing or
 * short paragraph, with how many pages writing it would let in (most first, then by name).
 */
export function paragraphsToWrite(pages: readonly PageQuality[], minLocalWords: number): ParagraphToWrite[] {
  const held = new Map<string, { pages: number; words: number }>()
  for (const p of pages) {
    if (p.indexable || p.localWords >= minLocalWords) continue
    const area = held.get(p.area) ?? { pages: 0, words: p.localWords }
    held.set(p.area, { pages: area.pages + 1, words: Math.max(area.words, p.localWords) })
  }
  return [...held]
    .map(([area, { pages, words }]) => ({ area, pages, words }))
    .sort((a, b) => b.pages - a.pages || a.area.localeCompare(b.area))
}

/** An area whose local paragraph keeps its pages out of search: how many, and how long the paragraph is now. */
export interface ParagraphToWrite {
  readonly area: string
  readonly pages: number
  /** Words its local paragraph has (0: none written). */
  readonly words: number
}
