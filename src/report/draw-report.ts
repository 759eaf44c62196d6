import { gatherReport, type GatherReportOptions } from './report-data.js'
import { renderReport } from './render-report.js'

/** A finished build's report page (report-data.ts gathers, render-report.ts draws). */
export function drawReport(options: GatherReportOptions): string {
  return renderReport(gatherReport(options))
}
