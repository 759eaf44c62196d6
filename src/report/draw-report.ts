import { renderReport } from './render-report.js'
import { type GatherReportOptions, gatherReport } from './report-data.js'

/** A finished build's report page (report-data.ts gathers, render-report.ts draws). */
export function drawReport(options: GatherReportOptions): string {
  return renderReport(gatherReport(options))
}
