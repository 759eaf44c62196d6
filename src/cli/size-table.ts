import { formatBytes, type PageKindSize } from '../check/budgets.js'

/**
 * The build's size table: one line per page kind with the largest page's HTML and what every
 * page of the kind loads, raw and (in brackets) gzip-compressed as it travels. Images are the
 * widest AVIF of each image shown: an upper bound of what a phone downloads.
 */
export function formatSizeTable(sizes: readonly PageKindSize[]): string {
  if (sizes.length === 0) return ''
  const pair = (s: { bytes: number; gzip: number }) => (s.bytes === 0 ? '–' : `${formatBytes(s.bytes)} (${formatBytes(s.gzip)})`)
  const rows = [
    ['page kind', 'pages', 'HTML (gzip)', 'CSS (gzip)', 'JS (gzip)', 'images'],
    ...sizes.map((s) => [s.kind, String(s.pages), pair(s.html), pair(s.css), pair(s.js), s.images ? formatBytes(s.images) : '–']),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (row: string[]) =>
    `    ${row
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()}`
  return `  sizes (largest page of each kind):\n${rows.map(line).join('\n')}\n`
}
