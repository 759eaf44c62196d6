import { diffLines } from 'diff'

/**
 * The lines of a file on disk against another text of it, by a diff of their lines (jsdiff): what
 * changed on disk since the editor loaded it, and where a line of the text a save would write is
 * in the file as it is.
 */

/** The lines of `disk` that differ from `base`, as "line 12: `title: Roof Care`", at most `limit`. */
export function diskChanges(base: string, disk: string, limit = 3): string[] {
  const added: { line: string; at: number }[] = []
  let removed: { at: number; count: number } | undefined
  let at = 1
  for (const part of diffLines(base, disk)) {
    const count = part.count ?? 0
    if (part.removed) {
      removed = { at: removed?.at ?? at, count: (removed?.count ?? 0) + count }
      continue
    }
    if (part.added)
      added.push(
        ...part.value
          .split('\n')
          .slice(0, count)
          .map((line, i) => ({ line, at: at + i })),
      )
    at += count
  }
  if (added.length === 0) return removed ? [`line ${removed.at}: ${removed.count} line(s) removed`] : []
  const shown = added.slice(0, limit).map(({ line, at }) => `line ${at}: \`${line.trim().slice(0, 80)}\``)
  return added.length > limit ? [...shown, `and ${added.length - limit} more line(s)`] : shown
}

/**
 * Where each line (1-based) of `proposed`, the text a save would write, is in `disk`, the file as
 * it is, by one diff of their lines: the same line where both hold it, and where the save writes
 * as many lines over as many (a value edited where it stands). A line the save adds (`added`) is
 * on no line of the disk: it is placed at the line it would follow (the key or item it joins).
 */
export function linesOnDisk(disk: string, proposed: string): (line: number) => { readonly line: number; readonly added: boolean } {
  const parts = diffLines(disk, proposed)
  return (line) => {
    let [atDisk, atProposed] = [1, 1]
    /** The disk's lines the part before this one removed: an added part replaces them, line for line. */
    let removed = { at: 1, count: 0 }
    for (const part of parts) {
      const count = part.count ?? 0
      if (part.removed) {
        removed = { at: atDisk, count }
        atDisk += count
        continue
      }
      if (line < atProposed + count) {
        const offset = line - atProposed
        if (!part.added) return { line: atDisk + offset, added: false }
        return offset < removed.count ? { line: removed.at + offset, added: false } : { line: Math.max(1, atDisk - 1), added: true }
      }
      if (!part.added) atDisk += count
      atProposed += count
      removed = { at: atDisk, count: 0 }
    }
    return { line: Math.max(1, atDisk - 1), added: true }
  }
}
