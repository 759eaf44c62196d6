import type { ContrastRow } from '../config/checks/check-contrast.js'

/** The contrast check's table for `build --verbose`: every pair of theme colours, its ratio and the minimum. */
export function formatContrastTable(rows: readonly ContrastRow[]): string {
  const lines = rows.map((r) => {
    const pair = `${r.text} on ${r.background}`.padEnd(34)
    const colors = `${r.textColor} on ${r.backgroundColor}`.padEnd(20)
    return `  ${r.passes ? 'ok  ' : 'FAIL'} ${pair} ${colors} ${r.ratio.toFixed(2).padStart(5)}:1 ≥ ${r.required}:1  ${r.use}`
  })
  return `  contrast (WCAG 2.2 AA):\n${lines.join('\n')}\n`
}
