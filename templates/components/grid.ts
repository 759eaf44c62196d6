/**
 * The class of a grid with `columns` asked for and `count` items: never more columns than items,
 * so three cards in a four-column grid fill three columns instead of leaving the fourth empty
 *.
 */
export function gridColumnsClass(columns: number | undefined, count: number): string {
  if (!columns || count === 0) return ''
  return ` cols-${Math.min(columns, count)}`
}

/**
 * The class that tells the stylesheet how many figures a stats band has (`count-1` … `count-8`).
 * Rows are balanced by count, so four figures are 2 × 2 or 4 × 1, never 3 + 1 with two empty
 * cells beside it; up to six share one row on wide screens. More than eight are a balanced grid
 * of at most four columns.
 */
export function statsCountClass(count: number): string {
  return count > 8 ? balancedGridClass({ count, max: 4, phoneColumns: 2 }) : ` count-${Math.max(count, 1)}`
}

export interface BalancedGridOptions {
  /** How many items the list has. */
  readonly count: number
  /** The most columns at the widest band, 1 to 4 (templates/styles/grid.css). */
  readonly max: number
  /** Two columns below 640 px instead of one, for small items (compact features, badges). @default 1 */
  readonly phoneColumns?: 1 | 2
}

/**
 * The classes of a balanced grid (templates/styles/grid.css): at every width its rows differ in
 * length by at most one, so 5 items are 3 + 2 and 4 are 2 + 2, never 4 + 1 or 3 + 1.
 * More than 12 items are laid out in full rows of the band's columns.
 */
export function balancedGridClass({ count, max, phoneColumns = 1 }: BalancedGridOptions): string {
  const columns = Math.min(Math.max(Math.round(max), 1), 4)
  return ` bal n-${count >= 1 && count <= 12 ? count : 'many'} max-${columns}${phoneColumns === 2 ? ' phone-2' : ''}`
}
