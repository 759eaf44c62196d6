/**
 * The closest candidate within a small edit distance, for "did you mean" hints. Distance is
 * Damerau–Levenshtein (a swapped pair counts once), case-insensitive; at most 2 edits, or a
 * third of the word for long words, so "titel" finds "title" but "foo" finds nothing.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3))
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (d <= limit && d < bestDistance) [best, bestDistance] = [candidate, d]
  }
  return best
}

function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = d
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * The icon name meant by one that is not in the set. Icon names are words joined by "-"
 * (`shield-check`, `alarm-clock-off`), and the common mistake is a word too many, too few or
 * another (`wrench-tool`, `chart`), which letter edits measure badly: by letters `chart` is
 * nearest to `car`. So: the name in kebab-case if written otherwise (`ShieldCheck`); a typo of
 * at most two letters in a word that is no icon word (`sheild-check`); else the name that shares
 * the most words (`checkmark` counts as `check`) and differs by the fewest; else a letter match of
 * short distance.
 */
export function closestIconName(word: string, names: ReadonlySet<string>): string | undefined {
  const wanted = word
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
  if (names.has(wanted)) return wanted
  const words = wanted.split('-').filter(Boolean)
  const vocabulary = iconWords(names)
  if (!words.every((w) => vocabulary.has(w))) {
    const typo = closestWithin(wanted, names, 2)
    if (typo) return typo
  }
  let best: readonly number[] | undefined
  let bestName: string | undefined
  for (const name of names) {
    const theirs = name.split('-')
    const shared = words.filter((w) => theirs.some((t) => sameWord(w, t))).length
    if (shared === 0 || words.length - shared > 1 || theirs.length - shared > 1) continue
    // Compared in order, larger first: shared words, equal words, fewer differing words, fewer edits.
    const exact = words.filter((w) => theirs.includes(w)).length
    const score = [shared, exact, -(words.length + theirs.length - 2 * shared), -editDistance(wanted, name)]
    if (!best || isBetter(score, best) || (score.every((v, i) => v === best![i]) && name < bestName!)) [best, bestName] = [score, name]
  }
  return bestName ?? closestWithin(wanted, names, wanted.length <= 4 ? 1 : 2)
}

function isBetter(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((v, j) => v !== b[j])
  return i !== -1 && a[i]! > b[i]!
}

/** `check` and `checkmark`, `user` and `users`: one word, for icon names. */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)))
}

let vocabularyOf: { names: ReadonlySet<string>; words: Set<string> } | undefined
function iconWords(names: ReadonlySet<string>): Set<string> {
  if (vocabularyOf?.names !== names) vocabularyOf = { names, words: new Set([...names].flatMap((n) => n.split('-'))) }
  return vocabularyOf.words
}

function closestWithin(word: string, candidates: Iterable<string>, limit: number): string | undefined {
  let best: string | undefined
  let bestDistance = limit + 1
  for (const candidate of candidates) {
    const d = editDistance(word, candidate)
    if (d < bestDistance) [best, bestDistance] = [candidate, d]
  }
  return best
}
