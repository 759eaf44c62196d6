/**
 * The class of a grid with `columns` asked for and `count` items: never more columns than items,
 * so three cards in a four-column grid fill three columns instead of leaving the fourth empty
 * (issue 14: grids lay out any count from 1 to 8 without empty columns).
 */
export function gridColumnsClass(columns: number | undefined, count: number): string {
  if (!columns || count === 0) return ''
  return ` cols-${Math.min(columns, count)}`
}

/**
 * The class that tells the stylesheet how many figures a stats band has (`count-1` … `count-8`;
 * more share the rules of 8). Rows are balanced by count, so four figures are 2 × 2 or 4 × 1,
 * never 3 + 1 with two empty cells beside it.
 */
export function statsCountClass(count: number): string {
  return ` count-${Math.min(Math.max(count, 1), 8)}`
}
