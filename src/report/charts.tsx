import type { LandingGrid } from './report-data.js'

/** Score bands of the grid, lowest first: each fill keeps dark text at ≥ 4.5:1 contrast. */
export const scoreBands = [
  { below: 20, fill: '#f46d43', label: '0–19' },
  { below: 40, fill: '#fdae61', label: '20–39' },
  { below: 60, fill: '#fee08b', label: '40–59' },
  { below: 80, fill: '#a6d96a', label: '60–79' },
  { below: 101, fill: '#66bd63', label: '80–100' },
] as const

export const bandOf = (score: number): number => scoreBands.findIndex((b) => score < b.below)

/** Up to this many areas the grid names every row and column and writes each score in its cell. */
const labelledAreas = 40
const labelledServices = 12

/**
 * The landing pages as a city × service grid, one cell per page, coloured by its quality score:
 * solid when indexed, hollow when noindex. A large grid (10,000 pages) is drawn as one path per
 * band, in columns of areas side by side, so it stays a few hundred kilobytes and fits a screen.
 */
export function GridChart({ grid }: { grid: LandingGrid }) {
  const label = `Landing pages: ${grid.areas.length} areas × ${grid.services.length} services, ${grid.cells.length} pages, coloured by quality score; hollow cells are noindex.`
  const layout = gridLayout(grid)
  if (layout === 'labelled') return <LabelledGrid grid={grid} label={label} />
  const { pitch, blockWidth, blocks, rows } = layout
  const paths = scoreBands.map(() => ({ solid: [] as string[], hollow: [] as string[] }))
  for (const cell of grid.cells) {
    const x = Math.floor(cell.area / rows) * blockWidth + cell.service * pitch
    const y = (cell.area % rows) * pitch
    const band = paths[bandOf(cell.score)]!
    if (cell.indexable) band.solid.push(`M${x} ${y}h5v5h-5z`)
    else band.hollow.push(`M${x} ${y}h5v5h-5zm1 1v3h3v-3z`)
  }
  const width = blocks * blockWidth
  const height = rows * pitch
  return (
    <svg className="chart grid" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      {paths.flatMap((band, i) => [
        band.solid.length > 0 && <path key={`s${i}`} fill={scoreBands[i]!.fill} d={band.solid.join('')} />,
        band.hollow.length > 0 && <path key={`h${i}`} fill={scoreBands[i]!.fill} fillRule="evenodd" d={band.hollow.join('')} />,
      ])}
    </svg>
  )
}

/** How a grid is drawn: named rows and columns, or blocks of `rows` areas side by side. */
export function gridLayout(
  grid: LandingGrid,
): 'labelled' | { readonly pitch: number; readonly blockWidth: number; readonly blocks: number; readonly rows: number } {
  if (grid.areas.length <= labelledAreas && grid.services.length <= labelledServices) return 'labelled'
  const pitch = 6
  const blockWidth = grid.services.length * pitch + 10
  const blocks = Math.max(1, Math.min(Math.floor(1000 / blockWidth), Math.ceil(grid.areas.length / 20)))
  return { pitch, blockWidth, blocks, rows: Math.ceil(grid.areas.length / blocks) }
}

function LabelledGrid({ grid, label }: { grid: LandingGrid; label: string }) {
  const left = Math.min(200, 12 + 7 * Math.max(...grid.areas.map((a) => a.length)))
  const cellWidth = 120
  const cellHeight = 26
  const top = 30
  const width = left + grid.services.length * cellWidth
  const height = top + grid.areas.length * cellHeight
  return (
    <svg className="chart grid" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      {grid.services.map((s, i) => (
        <text key={s.slug} x={left + i * cellWidth + cellWidth / 2} y={18} textAnchor="middle">
          {clip(s.title, 16)}
        </text>
      ))}
      {grid.areas.map((area, i) => (
        <text key={area} x={left - 8} y={top + i * cellHeight + 17} textAnchor="end">
          {clip(area, 26)}
        </text>
      ))}
      {grid.cells.map((cell) => {
        const fill = scoreBands[bandOf(cell.score)]!.fill
        const x = left + cell.service * cellWidth + 2
        const y = top + cell.area * cellHeight + 2
        return (
          <g key={cell.url}>
            <title>{`${grid.areas[cell.area]} · ${grid.services[cell.service]!.title}: score ${cell.score}${cell.indexable ? '' : ', noindex'}`}</title>
            <rect
              x={x + 2}
              y={y + 2}
              width={cellWidth - 8}
              height={cellHeight - 8}
              rx={3}
              fill={cell.indexable ? fill : '#ffffff'}
              stroke={fill}
              strokeWidth={cell.indexable ? 0 : 4}
            />
            <text x={x + cellWidth / 2 - 2} y={y + 15} textAnchor="middle">
              {cell.indexable ? String(cell.score) : `${cell.score} noindex`}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

/** The grid's key: one swatch per band, then solid vs hollow. */
export function GridLegend() {
  const swatch = 18
  return (
    <svg
      className="chart legend"
      role="img"
      aria-label="Key: score bands from 0–19 to 80–100; a solid cell is indexed, a hollow one noindex."
      viewBox="0 0 640 26"
      width={640}
      height={26}
    >
      {scoreBands.map((band, i) => (
        <g key={band.label}>
          <rect x={i * 86} y={4} width={swatch} height={swatch} fill={band.fill} />
          <text x={i * 86 + swatch + 6} y={18}>
            {band.label}
          </text>
        </g>
      ))}
      <rect x={450} y={4} width={swatch} height={swatch} fill="#555555" />
      <text x={474} y={18}>
        indexed
      </text>
      <rect x={540} y={6} width={swatch - 4} height={swatch - 4} fill="#ffffff" stroke="#555555" strokeWidth={4} />
      <text x={564} y={18}>
        noindex
      </text>
    </svg>
  )
}

export interface Bar {
  readonly label: string
  readonly value: number
  /** Drawn behind the bar, lighter: what the value is compared with (a source's bytes). */
  readonly behind?: number
  /** A line across the row: a budget. */
  readonly limit?: number
  /** What is written after the bar. */
  readonly text: string
  readonly isOver?: boolean
}

/** Horizontal bars on one scale, each row labelled and followed by its value as text. */
export function BarChart({ label, bars }: { label: string; bars: readonly Bar[] }) {
  const left = 230
  const barWidth = 460
  const row = 24
  const scale = Math.max(1, ...bars.map((b) => Math.max(b.value, b.behind ?? 0, b.limit ?? 0)))
  const x = (n: number) => left + Math.round((n / scale) * barWidth)
  const width = left + barWidth + 150
  const height = bars.length * row + 4
  return (
    <svg className="chart bars" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      {bars.map((bar, i) => {
        const y = i * row + 4
        return (
          <g key={`${i}-${bar.label}`}>
            <text x={left - 8} y={y + 13} textAnchor="end">
              {clip(bar.label, 32)}
            </text>
            {bar.behind !== undefined && <rect x={left} y={y} width={x(bar.behind) - left} height={16} fill="#c9d7e8" />}
            <rect x={left} y={y} width={Math.max(1, x(bar.value) - left)} height={16} fill={bar.isOver ? '#c0392b' : '#2f6fb0'} />
            {bar.limit !== undefined && (
              <line x1={x(bar.limit)} x2={x(bar.limit)} y1={y - 3} y2={y + 19} stroke="#111111" strokeWidth={2} strokeDasharray="3 2" />
            )}
            <text x={left + barWidth + 8} y={y + 13}>
              {bar.text}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
