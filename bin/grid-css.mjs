#!/usr/bin/env node
// Prints the width-band rules of templates/styles/grid.css (balanced grids): paste them below the
// file's first two rules after changing a band. For `cap` columns and n items: rows = ceil(n / cap),
// the longest row ceil(n / rows) items, longer rows first; every item spans 24 / longest tracks and
// the first item of each shorter row starts half a span in, so that row is centred.
const block = (prefix, cap) => {
  const out = [
    `${prefix} { grid-template-columns: repeat(24, minmax(0, 1fr)); column-gap: 0; margin-inline: calc(var(--gap) / -2); }`,
    `${prefix} > * { grid-column: auto / span var(--span); margin-inline: calc(var(--gap) / 2); }`,
  ]
  const spans = new Map()
  const starts = new Map()
  const add = (map, key, value) => map.set(key, [...(map.get(key) ?? []), value])
  for (let n = 1; n <= 12; n++) {
    const rows = Math.ceil(n / cap)
    const longest = Math.ceil(n / rows)
    const longerRows = n % rows
    add(spans, 24 / longest, `${prefix}.n-${n}`)
    if (longerRows) {
      const first = longerRows * longest + 1
      const step = longest - 1
      add(starts, 1 + 12 / longest, `${prefix}.n-${n} > :nth-child(${step > 1 ? step : ''}n+${first})`)
    }
  }
  add(spans, 24 / cap, `${prefix}.n-many`)
  for (const [span, selectors] of [...spans].sort((a, b) => a[0] - b[0])) out.push(`${selectors.join(', ')} { --span: ${span}; }`)
  for (const [start, selectors] of [...starts].sort((a, b) => a[0] - b[0]))
    out.push(`${selectors.join(', ')} { grid-column-start: ${start}; }`)
  return out
}
const media = (query, blocks) =>
  [`@media ${query} {`, ...blocks.flatMap(([prefix, cap]) => block(prefix, cap).map((line) => `  ${line}`)), '}'].join('\n')
console.log(
  [
    media('(max-width: 639.98px)', [['.bal.phone-2', 2]]),
    media('(min-width: 640px) and (max-width: 1023.98px)', [['.bal:not(.max-1)', 2]]),
    media('(min-width: 1024px) and (max-width: 1199.98px)', [
      ['.bal.max-2', 2],
      ['.bal:is(.max-3, .max-4)', 3],
    ]),
    media('(min-width: 1200px)', [
      ['.bal.max-2', 2],
      ['.bal.max-3', 3],
      ['.bal.max-4', 4],
    ]),
  ].join('\n'),
)
