/**
 * Whether a translation is one only in name: the default language's text pasted into another
 * language's file, or text written in the default language there. Search engines would see the
 * same words at two addresses, or English at a Spanish one: such pages are kept out of search.
 */

/**
 * The most frequent words of the languages citypress has words for, that the other one does not
 * use: a text where they are many is in that language.
 */
const stopWords: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(
    'the and of to is are for with that this your our you we it on be have from by at will can not or an as all was which their they more when if into about has each every any its there than'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las del y en que por para con una su sus es son se lo al como más pero sin sobre este esta nuestro nuestra usted cada también muy hasta desde'.split(
      ' ',
    ),
  ),
}

/** Below this many words a text says too little to judge. */
const minimumWords = 20
/** Share of 3-word runs the translation has in common with the text it translates. */
const maxSameRuns = 0.5
/** Share of the default language's common words above which a text is in that language. */
const maxForeignStopWords = 0.15

/**
 * Why `translated` is not a translation of `original` into `language` (the default language being
 * `defaultLanguage`): `copied` when most of it is the same words in the same order, `default-language`
 * when its words are mostly the default language's common ones; undefined when it reads as a translation.
 */
export function untranslatedReason(
  original: readonly string[],
  translated: readonly string[],
  language: string,
  defaultLanguage: string,
): 'copied' | 'default-language' | undefined {
  const words = wordsOf(translated)
  if (words.length < minimumWords) return undefined
  const runs = runsOf(words)
  const originalRuns = runsOf(wordsOf(original))
  let same = 0
  for (const run of runs) if (originalRuns.has(run)) same++
  if (runs.size > 0 && same / runs.size > maxSameRuns) return 'copied'
  const theirs = stopWords[primary(defaultLanguage)]
  const ours = stopWords[primary(language)]
  if (!theirs || !ours || theirs === ours) return undefined
  const share = (list: ReadonlySet<string>) => words.filter((w) => list.has(w)).length / words.length
  const foreign = share(theirs)
  return foreign > maxForeignStopWords && foreign > share(ours) ? 'default-language' : undefined
}

function wordsOf(texts: readonly string[]): string[] {
  return texts.flatMap((text) => text.toLocaleLowerCase().match(/\p{L}+/gu) ?? [])
}

function runsOf(words: readonly string[]): Set<string> {
  const runs = new Set<string>()
  for (let i = 0; i + 2 < words.length; i++) runs.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return runs
}

function primary(code: string): string {
  return code.split('-')[0]!.toLowerCase()
}
